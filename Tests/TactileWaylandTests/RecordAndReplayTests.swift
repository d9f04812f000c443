import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import TactileTrace
import Testing

/// `TACTILE_RECORD` in a Tactile app, and the fake compositor's replay of what it wrote.
@MainActor @Suite struct RecordAndReplayTests {
  static let strokes = """
    drag 60 100 400 100 200ms
    touch down 1 100 200
    touch down 2 300 200
    touch frame
    touch move 1 120 300
    touch move 2 320 300
    touch frame
    touch move 1 100 400
    touch move 2 300 400
    touch frame
    touch up 1
    touch up 2
    touch frame
    """

  /// Waits until the last state line `program` printed is `line`.
  static func waitForState(_ line: String, of program: String, in session: FakeSeatSession) throws {
    try session.compositor.pump(until: "\(program)'s state '\(line)'") {
      session.log(of: program).hasSuffix(line + "\n")
    }
  }

  @Test func aRecordedSessionReplaysToTheSameStateAndPixels() throws {
    let painter = FingerPaintExampleTests.executable("FingerPaint").path
    let recording = try FakeSeatSession()
    let tracePath = recording.directory + "/trace.jsonl"
    try recording.launch([painter], environment: ["TACTILE_RECORD": tracePath])
    let recorded = try recording.waitForWindow()
    #expect(recorded.x == 0 && recorded.y == 0, "the script's output coordinates are surface coordinates")
    try recording.run(Self.strokes)
    try Self.waitForState("strokes 3 colours 2", of: "FingerPaint", in: recording)
    // The last frame is drawn once both fingers' ends show (red left, green right).
    try recording.compositor.pump(until: "the recorded strokes drawn") {
      let image = try recording.compositor.contents(ofSurface: recorded.id)
      return image?[100, 398] == FingerPaintExampleTests.red
        && image?[300, 398] == FingerPaintExampleTests.green
    }
    let original = try #require(try recording.compositor.contents(ofSurface: recorded.id))

    let trace = try InputTrace(parsing: TextFile.read(atPath: tracePath))
    let downs = trace.entries.compactMap { entry in
      if case .touchDown(let surface, let id, let x, let y) = entry.event { return (surface, id, x, y) }
      return nil
    }
    #expect(downs.count == 3)
    #expect(downs.first.map { $0 == (0, 0, 60, 100) } == true)

    let replaying = try FakeSeatSession()
    try replaying.launch([painter])
    let window = try replaying.waitForWindow()
    try replaying.compositor.replay(trace, onSurface: window.id)
    try Self.waitForState("strokes 3 colours 2", of: "FingerPaint", in: replaying)
    try replaying.compositor.pump(until: "the replayed strokes drawn") {
      try replaying.compositor.contents(ofSurface: window.id)?.pixels == original.pixels
    }
  }

  @Test func aRecordedPenStrokeAndEraserReplayToTheSameStateAndPixels() throws {
    let painter = FingerPaintExampleTests.executable("FingerPaint").path
    let recording = try FakeSeatSession()
    let tracePath = recording.directory + "/trace.jsonl"
    try recording.launch([painter], environment: ["TACTILE_RECORD": tracePath])
    let recorded = try recording.waitForWindow()
    try recording.run("pen stroke 60 100 400 300 200ms\npen eraser stroke 200 60 250 300 200ms")
    try Self.waitForState("strokes 2 colours 1", of: "FingerPaint", in: recording)
    try recording.run("wait drawn")
    let original = try #require(try recording.compositor.contents(ofSurface: recorded.id))

    let trace = try InputTrace(parsing: TextFile.read(atPath: tracePath))
    let pressures = trace.entries.compactMap { entry in
      if case .tabletTool(0x140, .pressure(let value)) = entry.event { return value }
      return nil
    }
    #expect(pressures.first == 16384 && pressures.last == 49152)

    let replaying = try FakeSeatSession()
    try replaying.launch([painter])
    let window = try replaying.waitForWindow()
    try replaying.compositor.replay(trace, onSurface: window.id)
    try Self.waitForState("strokes 2 colours 1", of: "FingerPaint", in: replaying)
    try replaying.compositor.pump(until: "the replayed pen strokes drawn") {
      try replaying.compositor.contents(ofSurface: window.id)?.pixels == original.pixels
    }
  }

  @Test func aSessionOfTouchPointerKeysTextInputAndScrollingReplaysToTheSameStateAndPixels() throws {
    let app = FingerPaintExampleTests.executable("TextAndControls").path
    let recording = try FakeSeatSession()
    let tracePath = recording.directory + "/controls.jsonl"
    try recording.launch([app], environment: ["TACTILE_RECORD": tracePath])
    let window = try recording.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    // A tap focuses the field; hardware keys type into it.
    try recording.run("focus\ntap \(x + 100) \(y + 36)\ntype hello")
    try Self.waitForState(
      "text=hello switch=off slider=0.00 top-row=0", of: "TextAndControls", in: recording)
    // The on-screen keyboard commits once the field has enabled its text input.
    try recording.compositor.pump(until: "an enabled text input") {
      recording.compositor.textInputCommit(" world") > 0
    }
    // Clicks on Select All and Copy, then on the switch.
    try recording.run("click \(x + 372) \(y + 36)\nclick \(x + 474) \(y + 36)\nclick \(x + 40) \(y + 91)")
    try Self.waitForState(
      "text=hello world switch=on slider=0.00 top-row=0", of: "TextAndControls", in: recording)
    // Copy put the text on the system clipboard, which the compositor reads from the app.
    try recording.compositor.pump(until: "the app's selection") {
      recording.compositor.selectionMimeTypes() != nil
    }
    let copied = try recording.compositor.readSelection()
    try recording.compositor.pump(until: "the copied text") { copied.isComplete }
    #expect(copied.text == "hello world")
    try recording.run("move \(x + 300) \(y + 300)\nscroll 0 5")
    try recording.compositor.pump(until: "the rows scrolled") {
      !recording.log(of: "TextAndControls").hasSuffix("top-row=0\n")
    }
    let final = try #require(
      recording.log(of: "TextAndControls").split(separator: "\n").last.map(String.init))

    let trace = try InputTrace(parsing: TextFile.read(atPath: tracePath))
    let kinds = Set(trace.entries.map(\.event.typeName))
    for kind in ["touch-down", "pointer-button", "pointer-axis-value120", "key", "modifiers", "text-commit"] {
      #expect(kinds.contains(kind), "the trace records \(kind)")
    }

    let replaying = try FakeSeatSession()
    try replaying.launch([app])
    let replayed = try replaying.waitForWindow()
    try replaying.compositor.replay(trace, onSurface: replayed.id)
    try Self.waitForState(final, of: "TextAndControls", in: replaying)
    // Both apps settle on the same last frame (the recording one may still be drawing it: it is served
    // here too).
    try replaying.compositor.pump(until: "the replayed session's last frame") {
      recording.compositor.pump()
      let recorded = try recording.compositor.contents(ofSurface: window.id)
      return try replaying.compositor.contents(ofSurface: replayed.id)?.pixels == recorded?.pixels
    }
  }

  /// PhotoSorter's drag inside its window: photo 1 held in the tray (real time), photo 3 added by a
  /// second finger's tap, both dropped on the album. The app hears every touch of an in-app drag, so its
  /// trace replays the whole drag: the long press, the added item and the drop.
  @Test func aRecordedDragWithAnItemAddedInFlightReplaysToTheSameDrop() throws {
    let sorter = FingerPaintExampleTests.executable("PhotoSorter").path
    let dropped = "tray=2,4,5,6 album=1,3"
    let recording = try FakeSeatSession()
    let tracePath = recording.directory + "/trace.jsonl"
    try recording.launch([sorter], environment: ["TACTILE_RECORD": tracePath])
    let recorded = try recording.waitForWindow()
    let (x, y) = (Int(recorded.x!), Int(recorded.y!))
    try recording.run(PhotoSorterExampleTests.dragTwoPhotos(x: x, y: y))
    try Self.waitForState(dropped, of: "PhotoSorter", in: recording)
    let trace = try InputTrace(parsing: TextFile.read(atPath: tracePath))
    let downs = trace.entries.filter {
      if case .touchDown = $0.event { return true }
      return false
    }
    #expect(downs.count == 2, "the holding finger and the tap")

    let replaying = try FakeSeatSession()
    try replaying.launch([sorter])
    let window = try replaying.waitForWindow()
    try replaying.compositor.replay(trace, onSurface: window.id)
    try Self.waitForState(dropped, of: "PhotoSorter", in: replaying)
    #expect(replaying.compositor.failures.isEmpty)
  }

  @Test func theReplayScriptCommandPlaysATraceIntoAClientThatIsNotTactile() throws {
    let session = try FakeSeatSession()
    let tracePath = session.directory + "/touches.jsonl"
    let touches: [InputEvent] = [
      .touchDown(surface: 0, id: 1, x: 60, y: 60), .touchFrame, .touchMotion(id: 1, x: 120, y: 90),
      .touchFrame,
      .touchUp(id: 1), .touchFrame,
    ]
    try InputTrace(
      entries: touches.enumerated().map { .init(time: 10 + UInt32($0.offset), event: $0.element) }
    )
    .text.write(toFile: tracePath, atomically: true, encoding: .utf8)
    try session.launch(["weston-simple-touch"])
    let window = try session.waitForWindow()
    let before = session.compositor.screenshot()
    let commits = session.compositor.totalCommits
    try session.run("replay \(tracePath)")
    // weston-simple-touch draws a cross where each touch lands and moves; the far corner stays.
    let (x, y) = (Int(window.x!), Int(window.y!))
    try session.compositor.pump(until: "both crosses drawn") {
      let after = session.compositor.screenshot()
      return before[x + 60, y + 60] != after[x + 60, y + 60]
        && before[x + 120, y + 90] != after[x + 120, y + 90]
    }
    #expect(session.compositor.totalCommits > commits)
    #expect(before[x + 5, y + 200] == session.compositor.screenshot()[x + 5, y + 200])
  }

  @Test func aScriptThatReplaysABadTraceNamesBothLines() throws {
    let session = try FakeSeatSession()
    let tracePath = session.directory + "/bad.jsonl"
    try #"{"type":"touch-up","time":1}"#.write(toFile: tracePath, atomically: true, encoding: .utf8)
    #expect(throws: ScriptError(line: 2, message: "\(tracePath): line 1: touch-up needs 'id'")) {
      try session.run("wait 1ms\nreplay \(tracePath)")
    }
  }
}
