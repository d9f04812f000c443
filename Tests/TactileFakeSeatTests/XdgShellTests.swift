import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileRaster
import Testing

@Suite struct XdgShellTests {
  @Test func globalsAreAdvertisedWithHonestVersions() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let versions = client.globals.mapValues(\.version)
    #expect(versions["wl_compositor"] == 5)
    #expect(versions["wl_subcompositor"] == 1)
    #expect(versions["wl_shm"] == 1)
    #expect(versions["wl_output"] == 4)
    #expect(versions["wl_seat"] == 8)
    // 4, not 5: weston-presentation-shm binds what is offered and aborts on version 5's wm_capabilities
    // (FakeSeatProtocols.md, "The shell version").
    #expect(versions["xdg_wm_base"] == 4)
    #expect(versions["wp_viewporter"] == 1)
    #expect(versions["wp_fractional_scale_manager_v1"] == 1)
    #expect(versions["wl_data_device_manager"] == 3)
    #expect(versions["zxdg_decoration_manager_v1"] == 1)
    #expect(versions["zwp_text_input_manager_v3"] == 1)
    #expect(versions["zwp_pointer_gestures_v1"] == 3)
    #expect(versions["wp_presentation"] == 1)
    #expect(versions["zwp_input_timestamps_manager_v1"] == 1)
    #expect(versions["zxdg_output_manager_v1"] == 3)
    #expect(versions["xdg_activation_v1"] == 1)
    #expect(versions["zwp_relative_pointer_manager_v1"] == 1)
    #expect(versions["zwp_pointer_constraints_v1"] == 1)
    #expect(versions["zwp_idle_inhibit_manager_v1"] == 1)
    #expect(versions["zwp_keyboard_shortcuts_inhibit_manager_v1"] == 1)
    #expect(versions["zwp_text_input_manager_v1"] == 1)
  }

  @Test func aToplevelMapsAfterAckAndItsPixelsAreInTheScreenshot() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    #expect(window.configureSerials.count == 1)
    #expect(compositor.windows.isEmpty)
    window.map(width: 100, height: 80, argb: 0xFF20_4080)
    let info = try #require(compositor.windows.first)
    #expect(info.title == "wire window")
    #expect((info.x, info.y, info.width, info.height) == (0, 0, 100, 80))
    let screen = compositor.screenshot()
    #expect(screen[10, 10] == PremultipliedColor(argb: 0xFF20_4080))
    #expect(screen[99, 79] == PremultipliedColor(argb: 0xFF20_4080))
    #expect(screen[100, 80] == PremultipliedColor(argb: 0xFF00_0000))
    #expect(try compositor.contents(ofSurface: info.id)?.width == 100)
    #expect(compositor.finish().isClean)
  }

  @Test func attachingBeforeTheFirstAckIsAProtocolError() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    wl_surface_attach(window.surface, window.makeBuffer(width: 4, height: 4, argb: 0xFFFF_FFFF), 0, 0)
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(client.protocolError?.interface == "xdg_surface")
    #expect(client.protocolError?.code == XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue)
    let failure = try #require(compositor.finish().failures.first)
    #expect(failure.interface == "xdg_surface")
    #expect(failure.message.contains("before acking"))
  }

  @Test func ackingAnUnknownSerialIsAProtocolError() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    xdg_surface_ack_configure(window.xdgSurface, window.configureSerials[0] + 1000)
    client.roundtrip()
    #expect(client.protocolError?.code == XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue)
    #expect(
      compositor.requestLog.map(\.kind).contains(
        .ackConfigure(serial: window.configureSerials[0] + 1000, known: false)))
    #expect(compositor.failures.count == 1)
  }

  @Test func eachClientErrorIsReportedAsItHappens() throws {
    let compositor = try FakeCompositor()
    var reported: [Failure] = []
    compositor.onFailure = { reported.append($0) }
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    xdg_surface_ack_configure(window.xdgSurface, window.configureSerials[0] + 1000)
    client.roundtrip()
    #expect(reported.map(\.code) == [XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue])
    #expect(reported == compositor.finish().failures)
  }

  @Test func aBufferReachingOutsideItsPoolIsAProtocolErrorAndTheCompositorSurvives() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let fd = tactileTestMemfd(size: 64)
    let pool = client.own(wl_shm_create_pool(window.shm, fd, 64))
    client.own(wl_shm_pool_create_buffer(pool, 0, 16, 16, 64, WL_SHM_FORMAT_ARGB8888.rawValue))
    client.roundtrip()
    #expect(client.protocolError?.interface == "wl_shm_pool")
    #expect(compositor.failures.first?.interface == "wl_shm_pool")
    let other = try WireClient(compositor)
    other.makeWindow().map()
    #expect(compositor.windows.count == 1)
  }

  @Test func pingIsAnsweredWithPong() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    _ = client.makeWindow()
    let serial = compositor.ping()
    client.roundtrip()
    #expect(compositor.requestLog.map(\.kind).contains(.pong(serial: serial)))
    #expect(compositor.unansweredPingCount == 0)
  }

  @Test func theRequestLogRecordsAckDamageFrameAndCommitInOrder() throws {
    let compositor = try FakeCompositor(
      configuration: {
        var configuration = FakeCompositor.Configuration()
        configuration.clock = .manual(start: 500)
        return configuration
      }())
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    compositor.clearRequestLog()
    client.own(wl_surface_frame(window.surface))
    window.map(width: 10, height: 10)
    let kinds = compositor.requestLog.map(\.kind)
    #expect(
      kinds == [
        .frame, .ackConfigure(serial: window.configureSerials[0], known: true),
        .attach(buffer: true, x: 0, y: 0),
        .damage(x: 0, y: 0, width: 10, height: 10, inBufferCoordinates: true), .commit,
      ])
    #expect(compositor.requestLog.allSatisfy { $0.time == 500 })
  }
}

/// A memfd of `size` bytes for shm tests.
func tactileTestMemfd(size: Int) -> Int32 {
  let fd = tactileMemfd()
  _ = ftruncateFD(fd, size)
  return fd
}

@Suite struct WindowManagementTests {
  @Test func theFirstConfigureLetsTheClientChooseAndIsActivated() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    _ = client.makeWindow()
    #expect(client.events == ["toplevel.configure 0x0 [4]"])
  }

  @Test func aTestCanResizeMoveAndCloseAWindow() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map(width: 100, height: 80)
    let id = compositor.windows[0].id
    let serial = try compositor.configureWindow(id, width: 300, height: 200)
    try compositor.closeWindow(id)
    client.roundtrip()
    #expect(window.configureSerials.last == serial)
    #expect(client.events.suffix(2) == ["toplevel.configure 300x200 [4]", "toplevel.close"])
    try compositor.moveWindow(id, x: 40, y: 30)
    #expect((compositor.windows[0].x, compositor.windows[0].y) == (40, 30))
    #expect(try compositor.pointerMotion(to: .output(x: 45, y: 35)) != nil)
    #expect(throws: FakeSeatError.unknownSurface(id: 99)) { try compositor.closeWindow(99) }
  }

  @Test func maximizingAnswersWithTheOutputSizeAndTheMaximizedState() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    xdg_toplevel_set_maximized(window.toplevel)
    client.roundtrip()
    #expect(client.events.last == "toplevel.configure 800x600 [4, 1]")
  }
}
