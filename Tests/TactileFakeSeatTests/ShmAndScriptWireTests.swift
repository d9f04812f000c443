import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import TactileRaster
import Testing

@Suite struct ShmTests {
  /// A window mapped with one buffer made by `fill` from a fresh pool.
  func commitBuffer(
    _ window: WireWindow, format: wl_shm_format, poolSize: Int32, grownTo: Int32? = nil, offset: Int32 = 0
  ) {
    let fd = tactileTestMemfd(size: Int(grownTo ?? poolSize))
    let memory = mmap(nil, Int(grownTo ?? poolSize), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)!
    let words = memory.bindMemory(to: UInt32.self, capacity: Int(grownTo ?? poolSize) / 4)
    for index in 0..<Int(grownTo ?? poolSize) / 4 { words[index] = 0x0012_3456 }
    munmap(memory, Int(grownTo ?? poolSize))
    let pool = window.client.own(wl_shm_create_pool(window.shm, fd, poolSize))
    if let grownTo { wl_shm_pool_resize(pool, grownTo) }
    let buffer = window.client.own(wl_shm_pool_create_buffer(pool, offset, 8, 8, 32, format.rawValue))
    xdg_surface_ack_configure(window.xdgSurface, window.configureSerials.last!)
    wl_surface_attach(window.surface, buffer, 0, 0)
    wl_surface_commit(window.surface)
    window.client.roundtrip()
    close(fd)
  }

  @Test func xrgbBuffersAreOpaqueOnScreen() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    commitBuffer(client.makeWindow(), format: WL_SHM_FORMAT_XRGB8888, poolSize: 256)
    #expect(compositor.screenshot()[3, 3] == PremultipliedColor(argb: 0xFF12_3456))
  }

  @Test func aBufferInTheGrownPartOfAPoolIsUsable() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    commitBuffer(
      client.makeWindow(), format: WL_SHM_FORMAT_XRGB8888, poolSize: 64, grownTo: 1024, offset: 512)
    #expect(client.protocolError == nil)
    #expect(compositor.screenshot()[7, 7] == PremultipliedColor(argb: 0xFF12_3456))
  }
}

@Suite struct ScriptWireTests {
  @Test func aScriptedPinchMovesTwoFingersApartInFramedStepsAndLiftsThemWithoutAFrame() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 0)
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    client.makeWindow().map(width: 400, height: 300)
    _ = client.listenToTouch(client.bindSeat())
    client.roundtrip()
    client.events = []
    let runner = ScriptRunner(compositor: compositor)
    runner.steps = 2
    try runner.run(Script(parsing: "pinch 200 150 40 120 100ms"))
    client.roundtrip()
    let lines = client.events.map {
      $0.split(separator: " ").filter { !$0.allSatisfy(\.isNumber) }.joined(separator: " ")
    }
    #expect(
      lines == [
        "touch.down 180.0,150.0", "touch.down 220.0,150.0", "touch.frame", "touch.motion 160.0,150.0",
        "touch.motion 240.0,150.0", "touch.frame", "touch.motion 140.0,150.0", "touch.motion 260.0,150.0",
        "touch.frame", "touch.up", "touch.up",
      ])
    #expect(compositor.now == 100)
  }

  @Test func explicitPointerEnterModifiersAndLeavesReachTheClient() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    let seat = client.bindSeat()
    _ = client.listenToPointer(seat)
    _ = client.listenToKeyboard(seat)
    client.roundtrip()
    client.events = []
    let id = compositor.windows[0].id
    let enter = try compositor.pointerEnter(surface: id, x: 3, y: 4)
    let keyboardEnter = try compositor.keyboardEnter(surface: id)
    try compositor.modifiers(depressed: 4, latched: 0, locked: 2, group: 0)
    wl_surface_attach(window.surface, nil, 0, 0)  // unmapping takes both focuses away
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(
      client.events.prefix(4) == [
        "pointer.enter \(enter) 3.0,4.0", "keyboard.enter \(keyboardEnter) []", "keyboard.modifiers 0 0 0 0",
        "keyboard.modifiers 4 0 2 0",
      ])
    #expect(
      client.events.dropFirst(4).map { $0.split(separator: " ")[0] } == ["pointer.leave", "keyboard.leave"])
  }
}
