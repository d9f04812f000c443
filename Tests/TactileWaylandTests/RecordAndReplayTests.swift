import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
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

  /// Waits until FingerPaint's last state line is `line`.
  static func waitForState(_ line: String, in session: FakeSeatSession) throws {
    try session.compositor.pump(until: "state '\(line)'") {
      session.log(of: "FingerPaint").hasSuffix(line + "\n")
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
    try Self.waitForState("strokes 3 colours 2", in: recording)
    // The last frame is drawn once both fingers' ends show (red left, green right).
    try recording.compositor.pump(until: "the recorded strokes drawn") {
      let image = try recording.compositor.contents(ofSurface: recorded.id)
      return image?[100, 398] == FingerPaintExampleTests.red
        && image?[300, 398] == FingerPaintExampleTests.green
    }
    let original = try #require(try recording.compositor.contents(ofSurface: recorded.id))

    let trace = try InputTrace(parsing: String(contentsOfFile: tracePath, encoding: .utf8))
    #expect(trace.events.filter { $0.type == "touch-down" }.count == 3)
    #expect(trace.events.first?.x == 60 && trace.events.first?.y == 100)

    let replaying = try FakeSeatSession()
    try replaying.launch([painter])
    let window = try replaying.waitForWindow()
    try replaying.compositor.replay(trace, onSurface: window.id)
    try Self.waitForState("strokes 3 colours 2", in: replaying)
    try replaying.compositor.pump(until: "the replayed strokes drawn") {
      try replaying.compositor.contents(ofSurface: window.id)?.pixels == original.pixels
    }
  }

  @Test func aTraceLineThatIsNotAnEventIsReportedWithItsNumber() {
    let text = """
      {"type":"touch-down","time":1,"id":0,"x":1,"y":2}
      {"type":"touch-motion","time":2,"id":0}
      """
    #expect(throws: ScriptError(line: 2, message: "touch-motion needs id, x and y")) {
      try InputTrace(parsing: text)
    }
    #expect(throws: ScriptError(line: 1, message: "unknown event type 'pinch'")) {
      try InputTrace(parsing: #"{"type":"pinch","time":1}"#)
    }
    #expect(throws: ScriptError(line: 1, message: "not a trace event: tap 1 2")) {
      try InputTrace(parsing: "tap 1 2")
    }
  }
}
