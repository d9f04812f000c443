import TactileFakeSeat
import Testing

@Suite struct ScriptTests {
  @Test func aScriptParsesEveryCommandKindWithLineNumbers() throws {
    let script = try Script(
      parsing: """
        # a comment
        wait 250ms
        tap 120 80   # trailing comment
        pinch 200 150 40 120 0.3s
        key ctrl+a
        type Hello, world
        osk commit bonjour
        capabilities touch,keyboard
        screenshot after
        """)
    #expect(script.lines.map(\.number) == [2, 3, 4, 5, 6, 7, 8, 9])
    #expect(
      script.lines.map(\.command) == [
        .wait(milliseconds: 250), .tap(x: 120, y: 80),
        .pinch(x: 200, y: 150, fromDistance: 40, toDistance: 120, milliseconds: 300),
        .key(names: ["ctrl", "a"]), .type(text: "Hello, world"), .oskCommit(text: "bonjour"),
        .capabilities([.touch, .keyboard]), .screenshot(name: "after"),
      ])
  }

  @Test func touchpadGesturesParseInStages() throws {
    let script = try Script(
      parsing: """
        gesture pinch begin 2
        gesture pinch update 1.5 10
        gesture pinch end
        gesture swipe begin 3
        gesture swipe update 4 -2
        gesture swipe end cancel
        gesture hold begin 4
        gesture hold end
        gesture pinch 2 1.5 30
        """)
    #expect(
      script.lines.map(\.command) == [
        .gestureBegin(kind: .pinch, fingers: 2), .gesturePinchUpdate(scale: 1.5, degrees: 10),
        .gestureEnd(kind: .pinch, cancelled: false), .gestureBegin(kind: .swipe, fingers: 3),
        .gestureSwipeUpdate(dx: 4, dy: -2), .gestureEnd(kind: .swipe, cancelled: true),
        .gestureBegin(kind: .hold, fingers: 4), .gestureEnd(kind: .hold, cancelled: false),
        .gesturePinch(fingers: 2, scale: 1.5, degrees: 30),
      ])
    #expect(throws: ScriptError(line: 1, message: "a hold gesture has no updates")) {
      try Script(parsing: "gesture hold update 1 2")
    }
    #expect(throws: ScriptError(line: 1, message: "unexpected 'now'")) {
      try Script(parsing: "gesture swipe end now")
    }
  }

  @Test func aStagedGestureOutOfOrderFailsTheLine() throws {
    let compositor = try FakeCompositor()
    // A gesture needs a client's pointer under the pointer to go to (else the line is an error).
    let client = try WireClient(compositor)
    client.makeWindow().map()
    _ = client.listenToPointer(client.bindSeat())
    client.roundtrip()
    let runner = ScriptRunner(compositor: compositor)
    try runner.run(Script(parsing: "move 10 10"))
    #expect(throws: ScriptError(line: 1, message: "no pinch gesture is in progress (begin one first)")) {
      try runner.run(Script(parsing: "gesture pinch update 1.5 0"))
    }
    try runner.run(Script(parsing: "gesture swipe begin 3"))
    #expect(throws: ScriptError(line: 1, message: "a swipe gesture is in progress (end it first)")) {
      try runner.run(Script(parsing: "gesture pinch 2 1.5 0"))
    }
    #expect(throws: ScriptError(line: 1, message: "no pinch gesture is in progress (begin one first)")) {
      try runner.run(Script(parsing: "gesture pinch end"))
    }
    try runner.run(Script(parsing: "gesture swipe end"))
  }

  @Test func malformedLinesFailWithTheLineNumber() {
    #expect(throws: ScriptError(line: 3, message: "unknown command 'tapp'")) {
      try Script(parsing: "wait 1s\n\ntapp 1 2")
    }
    #expect(throws: ScriptError(line: 1, message: "'5' is not a duration like 250ms or 2s")) {
      try Script(parsing: "wait 5 minutes")
    }
    #expect(throws: ScriptError(line: 2, message: "unexpected '3'")) {
      try Script(parsing: "tap 1 1\ntap 1 2 3")
    }
    #expect(throws: ScriptError(line: 1, message: "capability 'mouse' is not touch, pointer or keyboard")) {
      try Script(parsing: "capabilities mouse")
    }
  }

  @Test func aRunningLineThatFailsReportsItsLine() throws {
    let compositor = try FakeCompositor()
    let runner = ScriptRunner(compositor: compositor)
    #expect(throws: ScriptError(line: 2, message: "no surface at 5.0,5.0")) {
      try runner.run(Script(parsing: "capabilities touch\ntap 5 5"))
    }
  }
}
