import CWaylandServerProtocols
import Testing

@testable import TactileWayland

/// The registry over a real wire, against a bare server whose globals the test controls.
@MainActor @Suite struct RegistryTests {
  let server = GlobalsServer()

  init() {
    server.advertise(tactile_iface_wl_compositor(), version: 5)
    server.advertise(tactile_iface_wl_shm(), version: 1)
  }

  func connect() throws(WaylandError) -> WaylandDisplay {
    let connection = try WaylandConnection(fileDescriptor: server.connectClient())
    let loop = try EventLoop(connection: connection)
    loop.watch(fileDescriptor: server.eventLoopFileDescriptor) { [server] in server.pump() }
    return try WaylandDisplay(connection: connection, loop: loop)
  }

  /// `xdg_wm_base`'s interface, for files that cannot import the server headers next to the client ones.
  static func wmBase() -> UnsafePointer<wl_interface> { tactile_iface_xdg_wm_base() }

  func roundtrip(_ display: WaylandDisplay) throws {
    server.pump()
    try WaylandDisplay.roundtrip(display.connection, display.loop)
  }

  @Test func eachGlobalIsBoundAtTheLowerOfAdvertisedAndImplementedVersions() throws {
    server.advertise(tactile_iface_xdg_wm_base(), version: 2)
    server.advertise(tactile_iface_wl_output(), version: 4)
    _ = try connect()
    #expect(server.binds.sorted() == ["wl_compositor 5", "wl_output 4", "wl_shm 1", "xdg_wm_base 2"])
  }

  @Test func outputsThatAppearAndDisappearAtRunTimeAreTracked() throws {
    server.advertise(tactile_iface_xdg_wm_base(), version: 5)
    let first = server.advertise(tactile_iface_wl_output(), version: 3)
    let display = try connect()
    #expect(display.outputs.count == 1)
    #expect(display.outputs.values.first?.scale == 2)

    server.advertise(tactile_iface_wl_output(), version: 3)
    try roundtrip(display)
    #expect(display.outputs.count == 2)
    // The new output's scale answers the bind, which was sent after the first roundtrip's sync.
    try roundtrip(display)
    #expect(display.outputs.values.allSatisfy { $0.scale == 2 })

    server.withdraw(first)
    try roundtrip(display)
    #expect(display.outputs.count == 1)
  }

  @Test func aMissingRequiredGlobalIsATypedErrorNamingIt() {
    #expect(throws: WaylandError.missingGlobal(name: "xdg_wm_base")) { try connect() }
  }

  @Test func aRequiredGlobalBelowItsMinimumVersionIsATypedError() {
    let old = GlobalsServer()
    old.advertise(tactile_iface_wl_compositor(), version: 3)
    old.advertise(tactile_iface_wl_shm(), version: 1)
    old.advertise(tactile_iface_xdg_wm_base(), version: 1)
    #expect(throws: WaylandError.unsupportedVersion(name: "wl_compositor", required: 4, available: 3)) {
      let connection = try WaylandConnection(fileDescriptor: old.connectClient())
      let loop = try EventLoop(connection: connection)
      loop.watch(fileDescriptor: old.eventLoopFileDescriptor) { old.pump() }
      _ = try WaylandDisplay(connection: connection, loop: loop)
    }
  }
}
