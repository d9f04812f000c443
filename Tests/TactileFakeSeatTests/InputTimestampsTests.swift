import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// `zwp_input_timestamps_manager_v1` over the wire: a subscribed device gets the nanosecond time of each
/// of its timed events just before the event, until the subscription is destroyed.
@Suite struct InputTimestampsTests {
  /// A compositor on a manual clock at 1,000.25 ms, one client with a mapped 100×80 window at 0,0 and
  /// its seat's touch, pointer and keyboard, each subscribed to nanosecond times; the keyboard focus
  /// on the window and the pointer inside it.
  private func rig() throws -> (FakeCompositor, WireClient, subscriptions: [OpaquePointer]) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1000)
    let compositor = try FakeCompositor(configuration: configuration)
    compositor.advanceClock(nanoseconds: 250_000)
    let client = try WireClient(compositor)
    client.makeWindow().map(width: 100, height: 80)
    let seat = client.bindSeat()
    let manager = client.bind(
      "zwp_input_timestamps_manager_v1", tactile_iface_zwp_input_timestamps_manager_v1(), version: 1)
    let devices = [client.listenToTouch(seat), client.listenToPointer(seat), client.listenToKeyboard(seat)]
    let subscriptions = [
      zwp_input_timestamps_manager_v1_get_touch_timestamps(manager, devices[0]),
      zwp_input_timestamps_manager_v1_get_pointer_timestamps(manager, devices[1]),
      zwp_input_timestamps_manager_v1_get_keyboard_timestamps(manager, devices[2]),
    ].map { client.own($0) }
    for subscription in subscriptions {
      zwp_input_timestamps_v1_add_listener(subscription, &Self.listener, client.userData)
    }
    client.roundtrip()
    try compositor.keyboardEnter(surface: compositor.windows[0].id)
    try compositor.pointerMotion(to: .output(x: 5, y: 5))
    compositor.pointerFrame()
    client.roundtrip()
    client.events = []
    return (compositor, client, subscriptions)
  }

  nonisolated(unsafe) static var listener = zwp_input_timestamps_v1_listener(
    timestamp: { data, _, secondsHigh, secondsLow, nanoseconds in
      let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
      WireClient.from(data).events.append("timestamp \(seconds * 1_000_000_000 + UInt64(nanoseconds))")
    })

  @Test func eachTimedTouchPointerAndKeyEventIsPrecededByItsNanosecondTime() throws {
    let (compositor, client, _) = try rig()
    let down = try compositor.touchDown(id: 1, at: .output(x: 20, y: 30))
    compositor.touchFrame()
    compositor.advanceClock(nanoseconds: 1_500_000)
    try compositor.touchMotion(id: 1, to: .output(x: 21, y: 30))
    compositor.touchFrame()
    let up = try compositor.touchUp(id: 1)
    compositor.touchFrame()
    try compositor.pointerMotion(to: .output(x: 6, y: 5))
    let press = try compositor.pointerButton(0x110, pressed: true)
    try compositor.pointerAxis(vertical: true, value: 10)
    try compositor.pointerAxisStop(vertical: true)
    compositor.pointerFrame()
    let key = try compositor.key(30, pressed: true)
    client.roundtrip()
    #expect(
      client.events == [
        "timestamp 1000250000", "touch.down \(down) 1 20.0,30.0", "touch.frame",
        "timestamp 1001750000", "touch.motion 1 21.0,30.0", "touch.frame",
        "timestamp 1001750000", "touch.up \(up) 1", "touch.frame",
        "timestamp 1001750000", "pointer.motion 6.0,5.0",
        "timestamp 1001750000", "pointer.button \(press) 272 1",
        "timestamp 1001750000", "pointer.axis 0 10.0",
        "timestamp 1001750000", "pointer.axis_stop 0", "pointer.frame",
        "timestamp 1001750000", "keyboard.key \(key) 30 1",
      ])
  }

  @Test func destroyingTheTimestampsObjectStopsItsEvents() throws {
    let (compositor, client, subscriptions) = try rig()
    client.destroy(subscriptions[0], with: zwp_input_timestamps_v1_destroy)
    client.roundtrip()
    let down = try compositor.touchDown(id: 1, at: .output(x: 20, y: 30))
    compositor.touchFrame()
    let key = try compositor.key(30, pressed: true)
    client.roundtrip()
    #expect(
      client.events == [
        "touch.down \(down) 1 20.0,30.0", "touch.frame", "timestamp 1000250000", "keyboard.key \(key) 30 1",
      ])
  }

  @Test func theGlobalIsWithheldWhenTheConfigurationSaysSo() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.offersInputTimestamps = false
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    #expect(client.globals["zwp_input_timestamps_manager_v1"] == nil)
    #expect(try WireClient(FakeCompositor()).globals["zwp_input_timestamps_manager_v1"]?.version == 1)
  }
}
