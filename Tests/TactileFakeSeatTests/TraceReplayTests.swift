import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import TactileTrace
import Testing

/// Replaying a trace into a plain libwayland client: what arrives on the wire is what was recorded.
@Suite struct TraceReplayTests {
  /// A compositor on a manual clock and a raw client with a mapped window, a seat of version 8 with
  /// touch, pointer (with touchpad gestures) and keyboard, and a text input enabled before any focus.
  static func setUp() throws -> (FakeCompositor, WireClient, window: Int) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 5_000)
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    client.makeWindow().map(width: 100, height: 80)
    let seat = client.bindSeat()
    _ = client.listenToTouch(seat)
    let pointer = client.listenToPointer(seat)
    _ = client.listenToKeyboard(seat)
    client.listenToGestures(of: pointer)
    client.listenToTablets(of: seat)
    let manager = client.bind(
      "zwp_text_input_manager_v3", tactile_iface_zwp_text_input_manager_v3(), version: 1)
    let input = client.own(zwp_text_input_manager_v3_get_text_input(manager, seat))
    zwp_text_input_v3_add_listener(input, &WireClient.textInputListener, client.userData)
    zwp_text_input_v3_enable(input)
    zwp_text_input_v3_commit(input)
    client.roundtrip()
    client.events = []
    return (compositor, client, compositor.windows[0].id)
  }

  /// The event log without serials (the replaying compositor issues its own).
  static func withoutSerials(_ events: [String]) -> [String] {
    let serialed: Set<Substring> = [
      "touch.down", "touch.up", "pointer.enter", "pointer.leave", "pointer.button", "keyboard.enter",
      "keyboard.leave", "keyboard.key", "swipe.begin", "swipe.end", "pinch.begin", "pinch.end", "hold.begin",
      "hold.end",
    ]
    return events.map { line in
      var words = line.split(separator: " ", omittingEmptySubsequences: false)
      if let first = words.first, serialed.contains(first), words.count > 1 { words.remove(at: 1) }
      // A tablet event's serials and time are the replaying compositor's: only its name is compared.
      if let first = words.first, ["pen.proximity_in", "pen.down", "pen.button", "pen.frame"].contains(first)
      {
        words = [first]
      }
      return words.joined(separator: " ")
    }
  }

  @Test func everyRecordedEventReachesARawClientInOrderWithTheRecordedPauses() throws {
    let (compositor, client, window) = try Self.setUp()
    let trace = InputTraceTests.everyKind
    let start = compositor.now
    try compositor.replay(trace, onSurface: window)
    client.roundtrip()
    #expect(compositor.now - start == trace.entries.last!.time - trace.entries.first!.time)
    #expect(
      Self.withoutSerials(client.events) == [
        "touch.down 3 10.0,20.0", "touch.shape 3 4.0x2.0", "touch.orientation 3 30.0", "touch.frame",
        "touch.motion 3 12.5,22.0", "touch.frame", "touch.up 3", "touch.frame", "touch.down 4 1.0,1.0",
        "touch.cancel",
        "pointer.enter 5.0,6.0", "pointer.frame", "pointer.motion 7.0,8.0", "pointer.frame",
        "pointer.button 272 1", "pointer.frame", "pointer.button 272 0", "pointer.frame",
        "pointer.axis_source 0", "pointer.axis_value120 0 120", "pointer.axis 0 15.0", "pointer.frame",
        "pointer.axis_stop 0", "pointer.frame",
        "pinch.begin 2", "pinch.update 1.5 10.0", "pinch.end 0", "swipe.begin 3", "swipe.update 4.0,-2.0",
        "swipe.end 1", "hold.begin 4", "hold.end 0",
        "keyboard.enter []", "keyboard.modifiers 0 0 0 0", "text.enter", "keyboard.key 30 1",
        "keyboard.key 30 0", "keyboard.modifiers 1 0 0 0", "keyboard.repeat_info 30 500",
        "text.preedit hé 0 0", "text.done 1", "text.delete 1 0", "text.commit héllo \"x\"", "text.done 1",
        "keyboard.leave", "text.leave", "pointer.leave", "pen.proximity_in", "pen.motion 0.0,0.0",
        "pen.motion 1.5,2.0", "pen.down", "pen.pressure 70000", "pen.distance 0", "pen.tilt 30.0,-10.0",
        "pen.rotation 45.0", "pen.button", "pen.frame", "pen.up", "pen.proximity_out",
      ])
    #expect(compositor.finish().isClean)
  }

  @Test func aLongIdleStretchIsShortenedToTheLongestPause() throws {
    let (compositor, _, window) = try Self.setUp()
    let start = compositor.now
    try compositor.replay(
      InputTrace(entries: [.init(time: 10, event: .touchFrame), .init(time: 60_010, event: .touchFrame)]),
      onSurface: window)
    #expect(Int(compositor.now - start) == FakeCompositor.maximumReplayPauseMilliseconds)
  }

  @Test func aTraceSurfaceTheClientDoesNotHaveIsAClearError() throws {
    let (compositor, _, window) = try Self.setUp()
    #expect(throws: FakeSeatError.noSurfaceForTraceSurface(1)) {
      try compositor.replay(
        InputTrace(entries: [.init(time: 1, event: .touchDown(surface: 1, id: 0, x: 1, y: 1))]),
        onSurface: window)
    }
    #expect(throws: FakeSeatError.traceEventWithoutFocus("pointer-motion")) {
      try compositor.replay(
        InputTrace(entries: [.init(time: 1, event: .pointerMotion(x: 1, y: 1))]), onSurface: window)
    }
  }
}
