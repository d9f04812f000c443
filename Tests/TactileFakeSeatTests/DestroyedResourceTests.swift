import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileRaster
import Testing

/// "Destroy X, then use what referred to X", over the wire: the compositor never touches a freed
/// resource (these run under AddressSanitizer in `Tests/Stress/run asan`).
@Suite struct DestroyedResourceTests {
  /// A window, a subsurface of it (synchronized), and the client's compositor global.
  func windowWithSubsurface(_ client: WireClient) -> (WireWindow, child: OpaquePointer, sub: OpaquePointer) {
    let window = client.makeWindow()
    let subcompositor = client.bind("wl_subcompositor", tactile_iface_wl_subcompositor(), version: 1)
    let compositorGlobal = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let child = client.own(wl_compositor_create_surface(compositorGlobal))
    let sub = client.own(wl_subcompositor_get_subsurface(subcompositor, child, window.surface))
    return (window, child, sub)
  }

  @Test func aBufferDestroyedBetweenAttachAndCommitIsCommittedAsNoBuffer() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    let buffer = window.makeBuffer(width: 10, height: 10, argb: 0xFFFF_0000)
    wl_surface_attach(window.surface, buffer, 0, 0)
    client.destroy(buffer) { wl_buffer_destroy($0) }
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(client.protocolError == nil)
    #expect(compositor.windows.isEmpty)
    #expect(compositor.heldBufferCount == 0)
  }

  @Test func aSynchronizedSubsurfacesCachedBufferDestroyedBeforeTheParentCommitsIsNoBuffer() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let (window, child, _) = windowWithSubsurface(client)
    let buffer = window.makeBuffer(width: 5, height: 5, argb: 0xFF00_FF00)
    wl_surface_attach(child, buffer, 0, 0)
    wl_surface_commit(child)  // cached until the parent commits
    client.roundtrip()
    client.destroy(buffer) { wl_buffer_destroy($0) }
    client.roundtrip()
    window.map(width: 100, height: 80, argb: 0xFF00_00FF)
    #expect(client.protocolError == nil)
    #expect(compositor.screenshot()[2, 2] == PremultipliedColor(argb: 0xFF00_00FF))
  }

  @Test func aBufferHeldInManualReleaseModeAndThenDestroyedIsNeverReleased() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.bufferReleases = .manual
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let buffer = window.map()
    client.destroy(buffer) { wl_buffer_destroy($0) }
    client.roundtrip()
    compositor.releaseBuffers()
    client.roundtrip()
    #expect(compositor.heldBufferCount == 0)
    #expect(client.protocolError == nil)
  }

  @Test func aParentDestroyedUnderItsSubsurfaceLeavesTheChildUnplaced() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let (window, child, sub) = windowWithSubsurface(client)
    window.map()
    wl_subsurface_set_desync(sub)
    wl_surface_attach(child, window.makeBuffer(width: 5, height: 5, argb: 0xFF00_FF00), 0, 0)
    wl_surface_commit(child)
    client.roundtrip()
    client.destroy(window.toplevel) { xdg_toplevel_destroy($0) }
    client.destroy(window.xdgSurface) { xdg_surface_destroy($0) }
    client.destroy(window.surface) { wl_surface_destroy($0) }
    client.roundtrip()
    wl_surface_commit(child)
    client.roundtrip()
    _ = compositor.screenshot()
    #expect(compositor.surfaceInfos.map(\.x) == [nil])
  }

  @Test func aTouchedSurfaceDestroyedWhileTheFingerIsDownEndsTheTouchWithoutTouchingIt() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    _ = client.listenToTouch(client.bindSeat())
    _ = client.listenToKeyboard(client.bindSeat())
    client.roundtrip()
    try compositor.touchDown(id: 1, at: .output(x: 10, y: 10))
    try compositor.keyboardEnter(surface: compositor.windows[0].id)
    client.destroy(window.toplevel) { xdg_toplevel_destroy($0) }
    client.destroy(window.xdgSurface) { xdg_surface_destroy($0) }
    client.destroy(window.surface) { wl_surface_destroy($0) }
    client.roundtrip()
    #expect(throws: FakeSeatError.touchPointNotDown(id: 1)) {
      try compositor.touchMotion(id: 1, to: .output(x: 20, y: 20))
    }
    try compositor.touchUp(id: 1)
    try compositor.type("a")
    compositor.textInputCommit("b")
    client.roundtrip()
    #expect(client.protocolError == nil)
  }

  @Test func aSeatRemovedWhileABindIsOnTheWireStillServesTheBind() throws {
    let compositor = try FakeCompositor()
    try compositor.addSeat(named: "tablet")
    let client = try WireClient(compositor)
    let name = try #require(client.globals.filter { $0.key == "wl_seat" }.map(\.value.name).max())
    try compositor.removeSeat(named: "tablet")
    // The client has not read global_remove yet: its bind names the withdrawn global.
    let seat = client.own(OpaquePointer(wl_registry_bind(client.registry, name, tactile_iface_wl_seat(), 8)))
    _ = client.own(wl_seat_get_pointer(seat))
    client.roundtrip()
    #expect(client.protocolError == nil)
  }

  @Test func aPopupWhoseParentIsDestroyedIsNeitherPlacedNorDrawn() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    let wmBase = client.bind("xdg_wm_base", tactile_iface_xdg_wm_base(), version: 5)
    let compositorGlobal = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let positioner = client.own(xdg_wm_base_create_positioner(wmBase))
    xdg_positioner_set_size(positioner, 30, 20)
    xdg_positioner_set_anchor_rect(positioner, 0, 0, 10, 10)
    let surface = client.own(wl_compositor_create_surface(compositorGlobal))
    let xdgSurface = client.own(xdg_wm_base_get_xdg_surface(wmBase, surface))
    let popup = client.own(xdg_surface_get_popup(xdgSurface, window.xdgSurface, positioner))
    client.destroy(positioner) { xdg_positioner_destroy($0) }
    client.destroy(window.toplevel) { xdg_toplevel_destroy($0) }
    client.destroy(window.xdgSurface) { xdg_surface_destroy($0) }
    wl_surface_commit(surface)
    client.roundtrip()
    compositor.dismissPopups()
    _ = compositor.screenshot()
    client.destroy(popup) { xdg_popup_destroy($0) }
    client.roundtrip()
    #expect(compositor.windows.isEmpty)
  }

  @Test func aSelectionSourceDestroyedAfterItsOfferWasMadeClosesTheReceiversPipe() throws {
    let compositor = try FakeCompositor()
    let owner = try WireClient(compositor)
    let window = owner.makeWindow()
    window.map()
    let seat = owner.bindSeat()
    _ = owner.listenToKeyboard(seat)
    let manager = owner.bind("wl_data_device_manager", tactile_iface_wl_data_device_manager(), version: 3)
    // The probe's device listener owns the offer the compositor sends back (no proxy leaks).
    let probe = SelectionProbe(owner, seat: seat)
    let source = owner.own(wl_data_device_manager_create_data_source(manager))
    wl_data_source_offer(source, "text/plain")
    owner.roundtrip()
    let serial = try compositor.keyboardEnter(surface: compositor.windows[0].id)
    wl_data_device_set_selection(probe.device, source, serial)
    owner.roundtrip()
    let transfer = try compositor.readSelection(mimeType: "text/plain")
    owner.destroy(source) { wl_data_source_destroy($0) }
    owner.roundtrip()
    #expect(compositor.selectionMimeTypes() == nil)
    #expect(throws: FakeSeatError.noSelection(mimeType: "text/plain")) {
      try compositor.readSelection(mimeType: "text/plain")
    }
    _ = transfer
    #expect(owner.protocolError == nil)
  }

  /// Destroys a window's toplevel, xdg_surface and surface, in that order, and waits for the compositor.
  func destroyWindow(_ client: WireClient, _ window: WireWindow) {
    client.destroy(window.toplevel) { xdg_toplevel_destroy($0) }
    client.destroy(window.xdgSurface) { xdg_surface_destroy($0) }
    client.destroy(window.surface) { wl_surface_destroy($0) }
    client.roundtrip()
  }

  @Test func aSurfaceDestroyedUnderAnActiveLockWithACursorHintEndsTheLockWithoutTouchingIt() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let pointer = client.listenToPointer(client.bindSeat())
    let window = client.makeWindow()
    window.map()
    try compositor.moveWindow(compositor.windows[0].id, x: 0, y: 0)
    let constraints = client.bind(
      "zwp_pointer_constraints_v1", tactile_iface_zwp_pointer_constraints_v1(), version: 1)
    let lock = client.own(
      zwp_pointer_constraints_v1_lock_pointer(
        constraints, window.surface, pointer, nil, ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT.rawValue))
    zwp_locked_pointer_v1_add_listener(lock, &WireClient.lockedPointerListener, client.userData)
    zwp_locked_pointer_v1_set_cursor_position_hint(lock, wl_fixed_from_int(5), wl_fixed_from_int(5))
    wl_surface_commit(window.surface)
    client.roundtrip()
    try compositor.pointerMotion(to: .output(x: 10, y: 10))
    client.roundtrip()
    #expect(compositor.activePointerConstraints.map(\.kind) == ["lock"])
    destroyWindow(client, window)
    // Another window where the pointer is, so that the motions have a surface to land on.
    client.makeWindow().map()
    try compositor.moveWindow(compositor.windows[0].id, x: 0, y: 0)
    try compositor.pointerMotion(byX: 4, y: 4)
    try compositor.pointerMotion(to: .output(x: 20, y: 20))
    client.roundtrip()
    #expect(compositor.activePointerConstraints.isEmpty)
    client.destroy(lock) { zwp_locked_pointer_v1_destroy($0) }
    client.roundtrip()
    #expect(client.protocolError == nil)
  }

  @Test func aSurfaceDestroyedUnderItsInhibitorsWithTheKeyboardFocusLeavesNoInhibitionBehind() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let seat = client.bindSeat()
    _ = client.listenToKeyboard(seat)
    let window = client.makeWindow()
    window.map()
    let idle = client.bind(
      "zwp_idle_inhibit_manager_v1", tactile_iface_zwp_idle_inhibit_manager_v1(), version: 1)
    let shortcuts = client.bind(
      "zwp_keyboard_shortcuts_inhibit_manager_v1", tactile_iface_zwp_keyboard_shortcuts_inhibit_manager_v1(),
      version: 1)
    let idleInhibitor = client.own(zwp_idle_inhibit_manager_v1_create_inhibitor(idle, window.surface))
    let shortcutsInhibitor = client.own(
      zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(shortcuts, window.surface, seat))
    client.roundtrip()
    try compositor.keyboardEnter(surface: compositor.windows[0].id)
    client.roundtrip()
    #expect(compositor.isIdleInhibited)
    destroyWindow(client, window)
    #expect(!compositor.isIdleInhibited)
    #expect(compositor.shortcutsInhibitedSurfaces.isEmpty)
    compositor.keyboardLeave()
    let other = client.makeWindow()
    other.map()
    try compositor.keyboardEnter(surface: compositor.windows[0].id)
    client.destroy(shortcutsInhibitor) { zwp_keyboard_shortcuts_inhibitor_v1_destroy($0) }
    client.destroy(idleInhibitor) { zwp_idle_inhibitor_v1_destroy($0) }
    client.roundtrip()
    #expect(client.protocolError == nil)
  }

  @Test func aSurfaceDestroyedWithCommittedFeedbackWaitingForTheTickDiscardsIt() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1000)
    configuration.presentation = .refresh(millihertz: 50_000)
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    _ = client.bind("wl_output", tactile_iface_wl_output(), version: 4)
    let presentation = client.bind("wp_presentation", tactile_iface_wp_presentation(), version: 1)
    let window = client.makeWindow()
    window.map()
    compositor.advanceClock(milliseconds: 5)  // between ticks
    client.events = []
    let feedback = wp_presentation_feedback(presentation, window.surface)
    wp_presentation_feedback_add_listener(feedback, &WireClient.feedbackListener, client.userData)
    wl_surface_attach(window.surface, window.makeBuffer(width: 100, height: 80, argb: 0xFF00_FF00), 0, 0)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.pendingPresentationFeedbackCount == 1)
    destroyWindow(client, window)
    compositor.advanceClock(milliseconds: 40)
    client.roundtrip()
    #expect(client.events == ["feedback.discarded"])
    #expect(compositor.pendingPresentationFeedbackCount == 0)
    #expect(client.protocolError == nil)
  }
}
