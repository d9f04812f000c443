import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileRaster
import Testing

/// The globals beyond the core, each over the real wire with a minimal client.
@Suite struct ExtensionGlobalTests {
  @Test func theOutputAnnouncesItsModeAndAScaleChange() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let output = client.bind("wl_output", tactile_iface_wl_output(), version: 4)
    wl_output_add_listener(output, &WireClient.outputListener, client.userData)
    client.roundtrip()
    compositor.setOutputScale(2)
    client.roundtrip()
    #expect(
      client.events == [
        "output.mode 800x600", "output.scale 1", "output.name FAKE-1", "output.done", "output.mode 800x600",
        "output.scale 2", "output.name FAKE-1", "output.done",
      ])
  }

  @Test func fractionalScaleIsSentAtCreationAndOnChange() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    client.events = []
    let manager = client.bind(
      "wp_fractional_scale_manager_v1", tactile_iface_wp_fractional_scale_manager_v1(), version: 1)
    let scale = client.own(wp_fractional_scale_manager_v1_get_fractional_scale(manager, window.surface))
    wp_fractional_scale_v1_add_listener(scale, &WireClient.fractionalScaleListener, client.userData)
    client.roundtrip()
    compositor.setFractionalScale(180)
    client.roundtrip()
    #expect(client.events == ["fractional.preferred_scale 120", "fractional.preferred_scale 180"])
  }

  @Test func aViewportDestinationSetsTheSurfaceSize() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let viewporter = client.bind("wp_viewporter", tactile_iface_wp_viewporter(), version: 1)
    let viewport = client.own(wp_viewporter_get_viewport(viewporter, window.surface))
    wp_viewport_set_destination(viewport, 50, 40)
    window.map(width: 100, height: 80, argb: 0xFFFF_0000)
    #expect((compositor.windows[0].width, compositor.windows[0].height) == (50, 40))
    let screen = compositor.screenshot()
    #expect(screen[49, 39] == PremultipliedColor(argb: 0xFFFF_0000))
    #expect(screen[50, 40] == PremultipliedColor(argb: 0xFF00_0000))
  }

  /// The events a fresh window gets after asking for server-side decorations on `compositor`.
  private func decorationEvents(_ compositor: FakeCompositor) throws -> (events: [String], configures: Int) {
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    client.events = []
    let manager = client.bind(
      "zxdg_decoration_manager_v1", tactile_iface_zxdg_decoration_manager_v1(), version: 1)
    let decoration = client.own(zxdg_decoration_manager_v1_get_toplevel_decoration(manager, window.toplevel))
    zxdg_toplevel_decoration_v1_add_listener(decoration, &WireClient.decorationListener, client.userData)
    zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
    client.roundtrip()
    return (client.events, window.configureSerials.count)
  }

  @Test func decorationsAreServerSideByDefaultEachAnswerFollowedByAConfigure() throws {
    let (events, configures) = try decorationEvents(try FakeCompositor())
    #expect(events == ["decoration.configure 2", "decoration.configure 2", "toplevel.configure 0x0 [4]"])
    #expect(configures == 2)
  }

  @Test func aCompositorConfiguredForClientSideDecorationsRefusesServerSide() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.decorationMode = .clientSide
    let (events, _) = try decorationEvents(try FakeCompositor(configuration: configuration))
    #expect(events == ["decoration.configure 1", "decoration.configure 1", "toplevel.configure 0x0 [4]"])
  }

  @Test func unsupportedDecorationsOfferNoDecorationManager() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.decorationMode = .unsupported
    let client = try WireClient(try FakeCompositor(configuration: configuration))
    #expect(client.globals["zxdg_decoration_manager_v1"] == nil)
    #expect(client.globals["xdg_wm_base"] != nil)
  }

  @Test func aCompositorConfiguredWithoutPrimarySelectionOffersNoManager() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.offersPrimarySelection = false
    let client = try WireClient(try FakeCompositor(configuration: configuration))
    #expect(client.globals["zwp_primary_selection_device_manager_v1"] == nil)
    #expect(client.globals["wl_data_device_manager"] != nil)
    #expect(try WireClient(try FakeCompositor()).globals["zwp_primary_selection_device_manager_v1"] != nil)
  }

  @Test func textInputGetsOnScreenKeyboardPreeditAndCommitWithTheCommitCount() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map()
    let seat = client.bindSeat()
    let manager = client.bind(
      "zwp_text_input_manager_v3", tactile_iface_zwp_text_input_manager_v3(), version: 1)
    let input = client.own(zwp_text_input_manager_v3_get_text_input(manager, seat))
    zwp_text_input_v3_add_listener(input, &WireClient.textInputListener, client.userData)
    client.roundtrip()
    try compositor.keyboardEnter(surface: compositor.windows[0].id)
    client.roundtrip()
    zwp_text_input_v3_enable(input)
    zwp_text_input_v3_commit(input)
    client.roundtrip()
    client.events = []
    #expect(compositor.textInputPreedit("hel") == 1)
    #expect(compositor.textInputCommit("hello") == 1)
    compositor.keyboardLeave()
    client.roundtrip()
    #expect(
      client.events == [
        "text.preedit hel 3 3", "text.done 1", "text.commit hello", "text.done 1", "text.leave",
      ])
  }

  @Test func pointerGesturesReachTheFocusedClient() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map()
    let seat = client.bindSeat()
    let pointer = client.listenToPointer(seat)
    client.listenToGestures(of: pointer)
    client.roundtrip()
    try compositor.pointerMotion(to: .output(x: 5, y: 5))
    client.roundtrip()
    client.events = []
    let swipe = try compositor.gestureBegin(.swipe, fingers: 3)
    compositor.gestureSwipeUpdate(dx: 4, dy: -2)
    let swipeEnd = compositor.gestureEnd(.swipe)
    let pinch = try compositor.gestureBegin(.pinch, fingers: 2)
    compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 10)
    let pinchEnd = compositor.gestureEnd(.pinch, cancelled: true)
    let hold = try compositor.gestureBegin(.hold, fingers: 4)
    let holdEnd = compositor.gestureEnd(.hold)
    client.roundtrip()
    #expect(
      client.events == [
        "swipe.begin \(swipe) 3", "swipe.update 4.0,-2.0", "swipe.end \(swipeEnd) 0",
        "pinch.begin \(pinch) 2",
        "pinch.update 1.5 10.0", "pinch.end \(pinchEnd) 1", "hold.begin \(hold) 4", "hold.end \(holdEnd) 0",
      ])
  }

  @Test func aSubsurfaceIsCompositedAboveItsParentAtItsPosition() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let subcompositor = client.bind("wl_subcompositor", tactile_iface_wl_subcompositor(), version: 1)
    let compositorGlobal = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let child = client.own(wl_compositor_create_surface(compositorGlobal))
    let subsurface = client.own(wl_subcompositor_get_subsurface(subcompositor, child, window.surface))
    wl_subsurface_set_position(subsurface, 10, 20)
    wl_surface_attach(child, window.makeBuffer(width: 5, height: 5, argb: 0xFF00_FF00), 0, 0)
    wl_surface_commit(child)  // synchronized: cached until the parent commits
    client.roundtrip()
    #expect(compositor.screenshot()[12, 22] == PremultipliedColor(argb: 0xFF00_0000))
    window.map(width: 100, height: 80, argb: 0xFF00_00FF)
    let screen = compositor.screenshot()
    #expect(screen[12, 22] == PremultipliedColor(argb: 0xFF00_FF00))
    #expect(screen[9, 22] == PremultipliedColor(argb: 0xFF00_00FF))
    #expect(compositor.surfaceInfos.map(\.role) == ["toplevel", "subsurface"])
  }

  @Test func aPopupIsPlacedByItsPositionerAndDismissed() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map(width: 100, height: 80)
    client.events = []
    let wmBase = client.bind("xdg_wm_base", tactile_iface_xdg_wm_base(), version: 5)
    let compositorGlobal = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let positioner = client.own(xdg_wm_base_create_positioner(wmBase))
    xdg_positioner_set_size(positioner, 30, 20)
    xdg_positioner_set_anchor_rect(positioner, 10, 10, 20, 20)
    xdg_positioner_set_anchor(positioner, XDG_POSITIONER_ANCHOR_BOTTOM_RIGHT.rawValue)
    xdg_positioner_set_gravity(positioner, XDG_POSITIONER_GRAVITY_BOTTOM_RIGHT.rawValue)
    let surface = client.own(wl_compositor_create_surface(compositorGlobal))
    let xdgSurface = client.own(xdg_wm_base_get_xdg_surface(wmBase, surface))
    let popup = client.own(xdg_surface_get_popup(xdgSurface, window.xdgSurface, positioner))
    xdg_popup_add_listener(popup, &WireClient.popupListener, client.userData)
    wl_surface_commit(surface)
    client.roundtrip()
    #expect(client.events == ["popup.configure 30,30 30x20"])
    compositor.dismissPopups()
    client.roundtrip()
    #expect(client.events.last == "popup.done")
  }
}
