import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Bookkeeping that stays linear in what one client makes, so that it cannot stall the others.
@Suite struct ScaleTests {
  /// Seconds on CLOCK_MONOTONIC.
  func seconds() -> Double { Double(monotonicNanoseconds()) / 1e9 }

  /// How long the compositor takes to forget a client with `count` mapped windows.
  func hangUp(windows count: Int) throws -> Double {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    for _ in 0..<count { client.makeWindow().map(width: 4, height: 4) }
    #expect(compositor.windows.count == count)
    client.disconnect()
    let start = seconds()
    compositor.pump()
    let elapsed = seconds() - start
    #expect(compositor.windows.isEmpty)
    return elapsed
  }

  @Test func aClientWithThousandsOfWindowsHangsUpInLinearTime() throws {
    let small = try hangUp(windows: 250)
    let large = try hangUp(windows: 2_000)
    // Eight times the windows: linear work takes about eight times as long, quadratic 64 times.
    #expect(large < max(small, 0.01) * 24, "250 windows: \(small) s, 2,000: \(large) s")
  }

  @Test func aSourceOfferingTooManyMimeTypesIsAnErrorToItsClientOnly() throws {
    let compositor = try FakeCompositor()
    let owner = try WireClient(compositor)
    let manager = owner.bind("wl_data_device_manager", tactile_iface_wl_data_device_manager(), version: 3)
    let source = owner.own(wl_data_device_manager_create_data_source(manager))
    let start = seconds()
    for batch in 0..<80 where owner.protocolError == nil {
      for index in 0..<500 { wl_data_source_offer(source, "application/x-type-\(batch)-\(index)") }
      owner.roundtrip()
    }
    #expect(seconds() - start < 20)
    #expect(owner.protocolError?.code == 3)
    let other = try WireClient(compositor)
    other.makeWindow().map()
    #expect(compositor.windows.count == 1)
  }
}
