import CWaylandProtocols
import Testing

@testable import TactileWayland

/// Writing to a compositor that reads slowly: the socket fills, `wl_display_flush` fails with `EAGAIN`,
/// and the loop must wait for `POLLOUT` instead of failing or spinning.
@MainActor @Suite struct FlushTests {
  @Test func requestsThatFillTheSocketAreSentOnceTheCompositorReads() throws {
    let server = RegistryTests()
    server.server.advertise(RegistryTests.wmBase(), version: 1)
    let display = try server.connect()

    // Queue pongs (12 bytes each) in chunks below libwayland 1.21's 4 KiB buffer and flush after each,
    // without letting the server read, until the kernel's socket buffer is full.
    var sent = 0
    var blocked = false
    while !blocked {
      for _ in 0..<300 { xdg_wm_base_pong(display.wmBase, 1) }
      sent += 300
      blocked = try display.connection.flush() == .wouldBlock
    }
    #expect(sent > 1000)
    #expect(server.server.pongs == 0)

    // A roundtrip through the loop must get everything, the sync last, to the compositor.
    try WaylandDisplay.roundtrip(display.connection, display.loop)
    #expect(server.server.pongs == sent)
  }
}
