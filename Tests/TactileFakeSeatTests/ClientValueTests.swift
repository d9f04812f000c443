import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileRaster
import Testing

/// Geometry from a client at the ends of the 32-bit range: the compositor saturates or rejects it and
/// keeps serving everyone; it never traps.
@Suite struct ClientValueTests {
  @Test func aWindowGeometryAtInt32MinThenATapServesTheClient() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    xdg_surface_set_window_geometry(window.xdgSurface, .min, .min, 10, 10)
    window.map()
    #expect(compositor.windows.first?.x == .max)
    #expect(throws: FakeSeatError.noSurface(x: 5, y: 5)) {
      try compositor.touchDown(id: 0, at: .output(x: 5, y: 5))
    }
    _ = compositor.screenshot()
    #expect(client.protocolError == nil)
  }

  @Test func surfaceOffsetsNearInt32MaxCommittedTwiceAreKept() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    for _ in 0..<2 {
      wl_surface_offset(window.surface, .max, .max)
      wl_surface_commit(window.surface)
    }
    client.roundtrip()
    #expect(client.protocolError == nil)
    #expect(compositor.windows.count == 1)
  }

  @Test func attachOffsetsNearInt32MaxOnAVersion4SurfaceCommittedTwiceAreKept() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let global = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 4)
    let surface = client.own(wl_compositor_create_surface(global))
    let window = client.makeWindow()  // its buffer listener needs it alive while releases arrive
    let buffer = window.makeBuffer(width: 4, height: 4, argb: 0xFFFF_FFFF)
    for _ in 0..<2 {
      wl_surface_attach(surface, buffer, .max, .max)
      wl_surface_commit(surface)
    }
    client.roundtrip()
    #expect(client.protocolError == nil)
    _ = window
  }

  @Test func nestedSubsurfacesAtInt32MaxAreOffTheOutput() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let subcompositor = client.bind("wl_subcompositor", tactile_iface_wl_subcompositor(), version: 1)
    let global = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    var parent = window.surface
    for _ in 0..<3 {
      let child = client.own(wl_compositor_create_surface(global))
      let sub = client.own(wl_subcompositor_get_subsurface(subcompositor, child, parent))
      wl_subsurface_set_position(sub, .max, .max)
      wl_surface_attach(child, window.makeBuffer(width: 4, height: 4, argb: 0xFF00_FF00), 0, 0)
      wl_surface_commit(child)
      parent = child
    }
    window.map()
    #expect(compositor.surfaceInfos.dropFirst().allSatisfy { $0.x == .max && $0.y == .max })
    #expect(compositor.screenshot()[0, 0] == PremultipliedColor(argb: 0xFF20_4080))
    try compositor.pointerMotion(to: .output(x: 1, y: 1))
    #expect(client.protocolError == nil)
  }

  @Test func aPositionerOffsetAndAnchorAtInt32MaxPlaceThePopupAtTheEdgeOfTheRange() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    client.events = []
    let wmBase = client.bind("xdg_wm_base", tactile_iface_xdg_wm_base(), version: 5)
    let global = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let positioner = client.own(xdg_wm_base_create_positioner(wmBase))
    xdg_positioner_set_size(positioner, .max, .max)
    xdg_positioner_set_anchor_rect(positioner, .max, .max, .max, .max)
    xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT.rawValue)
    xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
    xdg_positioner_set_offset(positioner, .max, .max)
    let surface = client.own(wl_compositor_create_surface(global))
    let xdgSurface = client.own(xdg_wm_base_get_xdg_surface(wmBase, surface))
    let popup = client.own(xdg_surface_get_popup(xdgSurface, window.xdgSurface, positioner))
    xdg_popup_add_listener(popup, &WireClient.popupListener, client.userData)
    wl_surface_commit(surface)
    client.roundtrip()
    #expect(client.events.first?.hasPrefix("popup.configure") == true)
    _ = compositor.screenshot()
    #expect(client.protocolError == nil)
  }

  @Test func aScreenshotOfASubsurfaceLeftOfTheOutputShowsOnlyTheVisiblePart() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let subcompositor = client.bind("wl_subcompositor", tactile_iface_wl_subcompositor(), version: 1)
    let global = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let child = client.own(wl_compositor_create_surface(global))
    let sub = client.own(wl_subcompositor_get_subsurface(subcompositor, child, window.surface))
    wl_subsurface_set_position(sub, -500, -500)
    wl_surface_attach(child, window.makeBuffer(width: 100, height: 100, argb: 0xFF00_FF00), 0, 0)
    wl_surface_commit(child)
    window.map(width: 100, height: 80, argb: 0xFF00_00FF)
    #expect(compositor.screenshot()[5, 5] == PremultipliedColor(argb: 0xFF00_00FF))
  }

  @Test func aWindowGeometryBeyondItsBufferMovesTheBufferOffTheOutput() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    xdg_surface_set_window_geometry(window.xdgSurface, 150, 150, 300, 300)
    window.map(width: 100, height: 80)
    #expect(compositor.screenshot()[5, 5] == PremultipliedColor(argb: 0xFF00_0000))
  }

  @Test func aScriptScrollOfTenBillionNotchesIsAnErrorNamingTheLine() throws {
    #expect(
      throws: ScriptError(line: 2, message: "vertical '1e10' is out of range (at most 1000000 either way)")
    ) {
      try Script(parsing: "wait 1ms\nscroll 0 1e10")
    }
  }

  @Test func aScrollCommandBeyondTheWheelRangeIsSentSaturated() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map()
    _ = client.listenToPointer(client.bindSeat())
    client.roundtrip()
    let runner = ScriptRunner(compositor: compositor)
    try runner.execute(.move(x: 5, y: 5))
    try runner.execute(.scroll(horizontal: 0, vertical: 1e10))
    client.roundtrip()
    #expect(client.protocolError == nil)
  }

  @Test func aKeyChordWithAnEmptyNameIsAnError() throws {
    for line in ["key +", "key ctrl+", "key +a"] {
      #expect(throws: ScriptError.self) { try Script(parsing: line) }
    }
  }

  @Test func aKeyCodeWithNoXkbCodeChangesNoModifiers() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map()
    try compositor.key(.max, pressed: true)
    try compositor.key(.max, pressed: false)
    client.roundtrip()
    #expect(client.protocolError == nil)
  }
}

/// What one client can make the compositor hold.
@Suite struct ClientMemoryTests {
  @Test func aCommitPastTheClientsImageLimitIsAnErrorToThatClientOnly() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.maximumClientImageBytes = 100 * 100 * 4
    let compositor = try FakeCompositor(configuration: configuration)
    let greedy = try WireClient(compositor)
    let window = greedy.makeWindow()
    window.map(width: 100, height: 100)
    #expect(greedy.protocolError == nil)
    // Replacing its own image stays within the limit.
    wl_surface_attach(window.surface, window.makeBuffer(width: 100, height: 100, argb: 0xFFFF_FFFF), 0, 0)
    wl_surface_commit(window.surface)
    greedy.roundtrip()
    #expect(greedy.protocolError == nil)
    let second = greedy.makeWindow()
    second.map(width: 10, height: 10)
    #expect(greedy.protocolError?.code == 3)  // wl_display.error implementation
    #expect(compositor.failures.contains { $0.message.contains("over the limit") })
    let other = try WireClient(compositor)
    other.makeWindow().map(width: 100, height: 100)
    #expect(other.protocolError == nil)
    #expect(compositor.windows.count == 1)
  }
}
