import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Relative pointer motion and pointer locks and confinements over the wire.
@Suite struct PointerConstraintTests {
  /// A client with a pointer, its relative pointer and a mapped 100×80 window at 0,0, and a second
  /// client's window (with a pointer too) at 300,0.
  private func rig() throws -> (
    compositor: FakeCompositor, client: WireClient, window: WireWindow, pointer: OpaquePointer,
    constraints: OpaquePointer, id: Int, other: WireClient
  ) {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let seat = client.bindSeat()
    let pointer = client.listenToPointer(seat)
    let manager = client.bind(
      "zwp_relative_pointer_manager_v1", tactile_iface_zwp_relative_pointer_manager_v1(), version: 1)
    let relative = client.own(zwp_relative_pointer_manager_v1_get_relative_pointer(manager, pointer))
    zwp_relative_pointer_v1_add_listener(relative, &WireClient.relativePointerListener, client.userData)
    let window = client.makeWindow()
    window.map()
    let id = compositor.windows.last!.id
    try compositor.moveWindow(id, x: 0, y: 0)
    let other = try WireClient(compositor)
    _ = other.listenToPointer(other.bindSeat())
    other.makeWindow().map()
    try compositor.moveWindow(compositor.windows.last!.id, x: 300, y: 0)
    let constraints = client.bind(
      "zwp_pointer_constraints_v1", tactile_iface_zwp_pointer_constraints_v1(), version: 1)
    client.events = []
    return (compositor, client, window, pointer, constraints, id, other)
  }

  private func run(_ compositor: FakeCompositor, _ client: WireClient, _ lines: String) throws {
    try ScriptRunner(compositor: compositor).run(Script(parsing: lines))
    client.roundtrip()
  }

  @Test func aRelativeMotionSendsTheDeltaAndMovesThePointer() throws {
    let rig = try rig()
    try run(rig.compositor, rig.client, "move 10 10")
    rig.client.events = []
    try run(rig.compositor, rig.client, "move relative 5 -3")
    #expect(
      rig.client.events == [
        "relative.motion 5.0,-3.0 raw 5.0,-3.0", "pointer.motion 15.0,7.0", "pointer.frame",
      ])
  }

  @Test func aOneShotLockHoldsThePointerUntilItLeavesAndNeverComesBack() throws {
    let rig = try rig()
    let lock = rig.client.own(
      zwp_pointer_constraints_v1_lock_pointer(
        rig.constraints, rig.window.surface, rig.pointer, nil,
        ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT.rawValue))
    zwp_locked_pointer_v1_add_listener(lock, &WireClient.lockedPointerListener, rig.client.userData)
    rig.client.roundtrip()
    try run(rig.compositor, rig.client, "move 10 10")
    #expect(rig.client.events.contains("pointer.locked"))
    #expect(rig.compositor.activePointerConstraints.map(\.kind) == ["lock"])
    rig.client.events = []
    try run(rig.compositor, rig.client, "move relative 20 20\nmove 50 50")
    #expect(
      rig.client.events.filter { !$0.hasPrefix("pointer.frame") } == [
        "relative.motion 20.0,20.0 raw 20.0,20.0"
      ])
    try run(rig.compositor, rig.client, "move 310 10")
    #expect(rig.client.events.contains("pointer.unlocked"))
    rig.client.events = []
    try run(rig.compositor, rig.client, "move 10 10")
    #expect(!rig.client.events.contains("pointer.locked"), "one-shot: spent")
    #expect(rig.client.events.contains { $0.hasPrefix("pointer.enter") && $0.hasSuffix(" 10.0,10.0") })
  }

  @Test func aPersistentLockComesBackWithThePointer() throws {
    let rig = try rig()
    let lock = rig.client.own(
      zwp_pointer_constraints_v1_lock_pointer(
        rig.constraints, rig.window.surface, rig.pointer, nil,
        ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT.rawValue))
    zwp_locked_pointer_v1_add_listener(lock, &WireClient.lockedPointerListener, rig.client.userData)
    rig.client.roundtrip()
    try run(rig.compositor, rig.client, "move 10 10\nmove 310 10\nmove 10 10")
    #expect(
      rig.client.events.filter { $0.hasPrefix("pointer.locked") || $0.hasPrefix("pointer.unlocked") } == [
        "pointer.locked", "pointer.unlocked", "pointer.locked",
      ])
  }

  @Test func aConfinementHoldsMotionInsideItsRegion() throws {
    let rig = try rig()
    let compositorGlobal = rig.client.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let region = wl_compositor_create_region(compositorGlobal)!
    wl_region_add(region, 10, 10, 40, 30)
    let confine = rig.client.own(
      zwp_pointer_constraints_v1_confine_pointer(
        rig.constraints, rig.window.surface, rig.pointer, region,
        ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT.rawValue))
    wl_region_destroy(region)
    zwp_confined_pointer_v1_add_listener(confine, &WireClient.confinedPointerListener, rig.client.userData)
    rig.client.roundtrip()
    try run(rig.compositor, rig.client, "move 5 5")
    #expect(!rig.client.events.contains("pointer.confined"), "outside the region: not yet")
    try run(rig.compositor, rig.client, "move 20 20")
    #expect(rig.client.events.contains("pointer.confined"))
    rig.client.events = []
    try run(rig.compositor, rig.client, "move 90 20\nmove relative 0 -50")
    #expect(rig.client.events.contains("pointer.motion 49.99609375,20.0"))
    #expect(rig.client.events.contains("pointer.motion 49.99609375,10.0"))
    #expect(rig.compositor.activePointerConstraints.map(\.kind) == ["confine"])
  }

  @Test func aSecondConstraintOnTheSameSurfaceAndSeatIsAProtocolError() throws {
    let rig = try rig()
    let lifetime = ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_ONESHOT.rawValue
    rig.client.own(
      zwp_pointer_constraints_v1_lock_pointer(rig.constraints, rig.window.surface, rig.pointer, nil, lifetime)
    )
    rig.client.own(
      zwp_pointer_constraints_v1_confine_pointer(
        rig.constraints, rig.window.surface, rig.pointer, nil, lifetime))
    rig.client.roundtrip()
    #expect(rig.client.protocolError?.interface == "zwp_pointer_constraints_v1")
    #expect(rig.client.protocolError?.code == ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED.rawValue)
  }
}
