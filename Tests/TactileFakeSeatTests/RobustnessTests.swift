import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import TactileRaster
import Testing

/// Misbehaving clients and multi-client routing: the compositor reports, never crashes.
@Suite struct RobustnessTests {
  @Test func aPoolShrunkUnderACommittedBufferIsAnErrorNotACrash() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    xdg_surface_ack_configure(window.xdgSurface, window.configureSerials[0])
    let size = 64 * 64 * 4
    let fd = tactileTestMemfd(size: size)
    let pool = client.own(wl_shm_create_pool(window.shm, fd, Int32(size)))
    let buffer = client.own(wl_shm_pool_create_buffer(pool, 0, 64, 64, 256, WL_SHM_FORMAT_ARGB8888.rawValue))
    client.roundtrip()
    _ = ftruncateFD(fd, 0)  // the client shrinks the file behind the compositor's mapping
    wl_surface_attach(window.surface, buffer, 0, 0)
    wl_surface_commit(window.surface)
    client.roundtrip()
    close(fd)
    #expect(client.protocolError != nil)
    #expect(compositor.failures.contains { $0.message.contains("SHM") })
    let other = try WireClient(compositor)
    other.makeWindow().map()
    #expect(compositor.windows.count == 1)
  }

  @Test func eachClientGetsTheTouchesOnItsOwnWindow() throws {
    let compositor = try FakeCompositor()
    let left = try WireClient(compositor)
    let right = try WireClient(compositor)
    left.makeWindow().map(width: 100, height: 100)
    right.makeWindow().map(width: 100, height: 100)
    try compositor.moveWindow(compositor.windows[1].id, x: 200, y: 0)
    for client in [left, right] { _ = client.listenToTouch(client.bindSeat()) }
    for client in [left, right] { client.roundtrip() }
    left.events = []
    right.events = []
    let first = try compositor.touchDown(id: 1, at: .output(x: 50, y: 50))
    let second = try compositor.touchDown(id: 2, at: .output(x: 250, y: 60))
    compositor.touchFrame()
    for client in [left, right] { client.roundtrip() }
    #expect(left.events == ["touch.down \(first) 1 50.0,50.0", "touch.frame"])
    #expect(right.events == ["touch.down \(second) 2 50.0,60.0", "touch.frame"])
  }

  @Test func pickingRespectsTheInputRegion() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let compositorGlobal = client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let region = client.own(wl_compositor_create_region(compositorGlobal))
    wl_region_add(region, 0, 0, 100, 100)
    wl_region_subtract(region, 0, 0, 20, 20)
    wl_surface_set_input_region(window.surface, region)
    window.map(width: 100, height: 100)
    #expect(throws: FakeSeatError.noSurface(x: 10, y: 10)) {
      try compositor.pointerMotion(to: .output(x: 10, y: 10))
    }
    #expect(try compositor.pointerMotion(to: .output(x: 30, y: 10)) != nil)
  }

  @Test func theRequestLogKeepsItsLimit() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.requestLogLimit = 8
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    for _ in 0..<20 { wl_surface_commit(window.surface) }
    client.roundtrip()
    #expect(compositor.requestLog.count <= 8)
    #expect(compositor.requestLog.last?.kind == .commit)
    #expect(compositor.totalCommits == 22)
  }
}
