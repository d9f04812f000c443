import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Recording a session's input at the seat as script lines, and replaying them, with raw clients on the
/// real wire.
@Suite struct SessionRecordingTests {
  /// `TraceReplayTests`' compositor on a manual clock and raw client, with the window moved to 30,40
  /// of the output. The client must be kept: it disconnects when it goes away.
  static func setUp() throws -> (FakeCompositor, WireClient, window: Int) {
    let (compositor, client, window) = try TraceReplayTests.setUp()
    try compositor.moveWindow(window, x: 30, y: 40)
    client.roundtrip()
    client.events = []
    return (compositor, client, window)
  }

  /// Starts recording into an array that the returned closure reads.
  static func record(_ compositor: FakeCompositor) -> () -> [String] {
    final class Lines { var lines: [String] = [] }
    let lines = Lines()
    compositor.startRecordingSession { lines.lines.append($0) }
    return { lines.lines }
  }

  @Test func everyInjectionIsWrittenAsTheScriptLineThatSendsItAgainInOutputCoordinates() throws {
    let (compositor, client, window) = try Self.setUp()
    defer { withExtendedLifetime(client) {} }
    let lines = Self.record(compositor)
    try compositor.touchDown(id: 3, at: .surface(id: window, x: 10, y: 20.5))
    try compositor.touchShape(id: 3, major: 4, minor: 2)
    try compositor.touchOrientation(id: 3, degrees: 30)
    compositor.touchFrame()
    compositor.advanceClock(milliseconds: 120)
    try compositor.touchMotion(id: 3, to: .output(x: 60, y: 70))
    try compositor.touchUp(id: 3)
    compositor.touchCancel()
    try compositor.pointerMotion(to: .surface(id: window, x: 5, y: 6))
    try compositor.pointerMotion(byX: 2, y: -1)
    try compositor.pointerButton(0x111, pressed: true)
    try compositor.pointerButton(0x113, pressed: false)
    try compositor.pointerAxis(vertical: true, value: 15, value120: 120, source: 0)
    try compositor.pointerAxis(vertical: false, value: 2.25, source: 1)
    try compositor.pointerAxisStop(vertical: false)
    compositor.pointerFrame()
    compositor.advanceClock(milliseconds: 5)
    try compositor.key(30, pressed: true)
    try compositor.key(30, pressed: false)
    try compositor.gestureBegin(.pinch, fingers: 2)
    compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 10)
    compositor.gestureEnd(.pinch, cancelled: true)
    try compositor.addSeat(named: "second", capabilities: [.touch, .keyboard])
    try compositor.useSeat(named: "second")
    compositor.setCapabilities([])
    try compositor.useSeat(named: "seat0")
    try compositor.removeSeat(named: "second")
    try compositor.keyboardEnter(surface: window)
    #expect(
      lines() == [
        "touch down 3 40 60.5", "touch shape 3 4 2", "touch orientation 3 30", "touch frame", "wait 120ms",
        "touch move 3 60 70", "touch up 3", "touch cancel", "pointer motion 35 46", "pointer relative 2 -1",
        "pointer button right down", "pointer button 275 up",
        "pointer axis vertical 15 value120 120 source wheel", "pointer axis horizontal 2.25 source finger",
        "pointer axis-stop horizontal", "pointer frame", "wait 5ms", "key code 30 down", "key code 30 up",
        "gesture pinch begin 2", "gesture pinch update 1.5 10", "gesture pinch end cancel",
        "seat add second keyboard,touch", "seat use second", "capabilities none", "seat use seat0",
        "seat remove second", "focus",
      ])
    for line in lines() { _ = try Script(parsing: line) }
  }

  @Test func aScriptsCompositeLinesAreWrittenAsThePrimitivesTheySent() throws {
    let (compositor, client, _) = try Self.setUp()
    defer { withExtendedLifetime(client) {} }
    let lines = Self.record(compositor)
    let runner = ScriptRunner(compositor: compositor)
    runner.steps = 2
    try runner.run(Script(parsing: "drag 40 50 80 50 100ms\nclick 50 60 right\ntype A"))
    #expect(
      lines() == [
        "touch down 0 40 50", "touch frame", "wait 50ms", "touch move 0 60 50", "touch frame", "wait 50ms",
        "touch move 0 80 50", "touch frame", "touch up 0", "pointer motion 50 60", "pointer frame",
        "pointer button right down", "pointer frame", "pointer button right up", "pointer frame",
        "key code 42 down", "key code 30 down", "key code 30 up", "key code 42 up",
      ])
  }

  @Test func replayingARecordingSendsTheClientTheSameEventsInTheSameRhythm() throws {
    let script = try Script(
      parsing: """
        tap 50 60
        wait 30ms
        drag 40 50 90 100 90ms
        click 60 70
        scroll 0 2
        scroll finger 1.5 0
        scroll stop
        gesture swipe 3 10 -4
        key ctrl+a
        type Hi
        move relative 3 4
        """)
    let (compositor, client, _) = try Self.setUp()
    let lines = Self.record(compositor)
    let start = compositor.now
    try ScriptRunner(compositor: compositor).run(script)
    client.roundtrip()
    let elapsed = compositor.now - start
    let recorded = lines()
    let original = TraceReplayTests.withoutSerials(client.events)

    let (replaying, replayed, _) = try Self.setUp()
    let again = Self.record(replaying)
    let replayStart = replaying.now
    try ScriptRunner(compositor: replaying).run(Script(parsing: recorded.joined(separator: "\n")))
    replayed.roundtrip()
    #expect(TraceReplayTests.withoutSerials(replayed.events) == original)
    #expect(replaying.now - replayStart == elapsed)
    #expect(again() == recorded, "a replay records the same lines")
    #expect(original.count > 60)
  }

  @Test func inputNoLineCanExpressIsNotedOnceForEachKind() throws {
    let (compositor, client, window) = try Self.setUp()
    defer { withExtendedLifetime(client) {} }
    let lines = Self.record(compositor)
    _ = compositor.textInputCommit("one")
    _ = compositor.textInputCommit("two")
    try compositor.modifiers(depressed: 1, latched: 0, locked: 0, group: 0)
    compositor.pointerLeave()
    try compositor.pointerAxis(vertical: true, value: 1, source: 9)
    try compositor.startDrag(at: .surface(id: window, x: 1, y: 1), mimeTypes: ["image/png"], data: [1])
    try compositor.cancelDrag()
    try compositor.startDrag(
      at: .output(x: 40, y: 50), mimeTypes: ["text/plain;charset=utf-8", "text/plain"],
      data: Array("hi".utf8),
      actions: 3)
    #expect(
      lines() == [
        "# not recorded: on-screen keyboard text", "# not recorded: explicit modifier masks",
        "# not recorded: a pointer leave",
        "# not recorded: an axis event of an unknown source",
        "# not recorded: a compositor drag of data other than text",
        "dnd cancel", "dnd text 40 50 hi",
      ])
  }

  @Test func theCompositorsOwnAnswerToAClientIsNotRecorded() throws {
    let scene = try DragAndDropTests.Scene()
    let lines = Self.record(scene.compositor)
    try scene.compositor.pointerMotion(to: .output(x: 50, y: 40))
    let press = try scene.compositor.pointerButton(0x110, pressed: true)
    scene.source.roundtrip()
    let source = scene.sourceProbe.startDrag(
      types: ["text/plain"], origin: scene.sourceWindow.surface, serial: press)
    scene.source.roundtrip()
    try scene.compositor.pointerMotion(to: .output(x: 60, y: 40))
    scene.source.destroy(source) { wl_data_source_destroy($0) }
    scene.roundtrip()
    #expect(scene.compositor.drag == nil, "the destroyed source ended the drag")
    #expect(scene.source.events.last == "pointer.frame", "the pointer was given back to the window")
    #expect(
      lines().filter { !$0.hasPrefix("wait") }
        == ["pointer motion 50 40", "pointer button left down", "pointer motion 60 40"],
      "neither the frame after start_drag nor the pointer given back is input")
  }

  @Test func aStoppedRecordingWritesNothingMore() throws {
    let (compositor, client, _) = try Self.setUp()
    defer { withExtendedLifetime(client) {} }
    let lines = Self.record(compositor)
    try compositor.pointerMotion(to: .output(x: 50, y: 50))
    compositor.stopRecordingSession()
    try compositor.pointerMotion(to: .output(x: 60, y: 50))
    #expect(lines() == ["pointer motion 50 50"])
  }

  @Test func theNewPrimitiveLinesRejectWhatTheyCannotSend() {
    for (line, message) in [
      ("pointer button thumb down", "button 'thumb' is not left, right, middle or an evdev code"),
      ("pointer button left sideways", "expected down or up, not 'sideways'"),
      ("pointer axis diagonal 1", "expected vertical or horizontal, not 'diagonal'"),
      (
        "pointer axis vertical 1 source knob",
        "axis source 'knob' is not wheel, finger, continuous or wheel-tilt"
      ),
      ("pointer hover", "pointer takes motion, relative, button, axis, axis-stop or frame, not 'hover'"),
      ("key code 70000 down", "a key code '70000' is not an integer in 0...65535"),
    ] {
      #expect(throws: ScriptError(line: 1, message: message), "\(line)") { try Script(parsing: line) }
    }
  }
}
