import TactileTrace
import Testing

/// The trace file format: every event survives writing and reading, bad lines are named.
@Suite struct InputTraceTests {
  /// One event of every kind, with times.
  static let everyKind: InputTrace = {
    let events: [InputEvent] = [
      .touchDown(surface: 0, id: 3, x: 10, y: 20), .touchShape(id: 3, major: 4, minor: 2),
      .touchOrientation(id: 3, degrees: 30), .touchFrame, .touchMotion(id: 3, x: 12.5, y: 22), .touchFrame,
      .touchUp(id: 3), .touchFrame, .touchDown(surface: 0, id: 4, x: 1, y: 1), .touchCancel,
      .pointerEnter(surface: 0, x: 5, y: 6), .pointerFrame, .pointerMotion(x: 7, y: 8), .pointerFrame,
      .pointerButton(button: 0x110, pressed: true), .pointerFrame,
      .pointerButton(button: 0x110, pressed: false),
      .pointerFrame, .pointerAxisSource(source: 0), .pointerAxisValue120(axis: .vertical, value120: 120),
      .pointerAxis(axis: .vertical, value: 15), .pointerFrame, .pointerAxisStop(axis: .vertical),
      .pointerFrame,
      .gestureBegin(kind: .pinch, fingers: 2), .gesturePinchUpdate(dx: 1, dy: 0, scale: 1.5, rotation: 10),
      .gestureEnd(kind: .pinch, cancelled: false), .gestureBegin(kind: .swipe, fingers: 3),
      .gestureSwipeUpdate(dx: 4, dy: -2), .gestureEnd(kind: .swipe, cancelled: true),
      .gestureBegin(kind: .hold, fingers: 4), .gestureEnd(kind: .hold, cancelled: false),
      .keyboardEnter(surface: 0, keys: []), .key(code: 30, pressed: true), .key(code: 30, pressed: false),
      .modifiers(depressed: 1, latched: 0, locked: 0, group: 0), .repeatInfo(rate: 30, delay: 500),
      .textPreedit(text: "hé", cursorBegin: 0, cursorEnd: 0), .textDone, .textCommit(text: "héllo \"x\""),
      .textDeleteSurrounding(before: 1, after: 0), .textDone, .keyboardLeave, .pointerLeave,
      .tabletTool(type: 0x140, event: .proximityIn(surface: 0)),
      .tabletTool(type: 0x140, event: .motion(x: 1.5, y: 2)), .tabletTool(type: 0x140, event: .down),
      .tabletTool(type: 0x140, event: .pressure(70000)), .tabletTool(type: 0x140, event: .distance(0)),
      .tabletTool(type: 0x140, event: .tilt(x: 30, y: -10)),
      .tabletTool(type: 0x140, event: .rotation(degrees: 45)),
      .tabletTool(type: 0x140, event: .button(code: 331, pressed: true)),
      .tabletTool(type: 0x140, event: .frame), .tabletTool(type: 0x140, event: .up),
      .tabletTool(type: 0x140, event: .proximityOut),
    ]
    return InputTrace(
      entries: events.enumerated().map { .init(time: 100 + UInt32($0.offset) * 10, event: $0.element) })
  }()

  @Test func everyKindOfEventReadsBackAsItWasWritten() throws {
    let text = Self.everyKind.text
    #expect(text.hasPrefix(#"{"type":"tactile-input-trace","version":3}"# + "\n"))
    #expect(try InputTrace(parsing: text) == Self.everyKind)
  }

  @Test func aLineWithoutTimeTakesThePreviousOneAndLeadingOnesTheFirst() throws {
    let trace = try InputTrace(
      parsing: """
        {"type":"repeat-info","rate":25,"delay":600}
        {"type":"touch-down","time":500,"id":0,"x":1,"y":2}

        {"type":"touch-frame"}
        """)
    #expect(trace.entries.map(\.time) == [500, 500, 500])
    #expect(trace.entries[1].event == .touchDown(surface: 0, id: 0, x: 1, y: 2))
  }

  @Test func aVersionOneTraceWithoutHeaderIsRead() throws {
    let trace = try InputTrace(
      parsing: #"{"type":"touch-down","time":1,"id":0,"x":1,"y":2}"# + "\n"
        + #"{"type":"touch-up","time":2,"id":0}"#)
    #expect(trace.entries.map(\.event) == [.touchDown(surface: 0, id: 0, x: 1, y: 2), .touchUp(id: 0)])
  }

  @Test func aBadLineIsReportedWithItsNumberAndWhatIsWrong() {
    let cases: [(String, InputTraceError)] = [
      (
        #"{"type":"touch-down","time":1,"id":0,"x":1,"y":2}"# + "\n"
          + #"{"type":"touch-motion","time":2,"id":0}"#,
        InputTraceError(line: 2, message: "touch-motion needs 'x'")
      ),
      (#"{"type":"pinch","time":1}"#, InputTraceError(line: 1, message: "unknown event type 'pinch'")),
      ("tap 1 2", InputTraceError(line: 1, message: "not a trace event: tap 1 2")),
      (
        #"{"type":"pointer-axis","axis":"diagonal","value":1}"#,
        InputTraceError(
          line: 1, message: "pointer-axis: 'axis' is 'diagonal', not one of vertical, horizontal")
      ),
      (
        #"{"type":"key","key":-1,"pressed":true}"#,
        InputTraceError(line: 1, message: #"not a trace event: {"type":"key","key":-1,"pressed":true}"#)
      ),
      (
        #"{"type":"tactile-input-trace","version":4}"#,
        InputTraceError(line: 1, message: "trace version 4 is not one this reader knows (1 to 3)")
      ),
      (
        #"{"type":"tablet-pressure","tool":320,"value":1.5}"#,
        InputTraceError(
          line: 1, message: "tablet-pressure: 'value' 1.5 is not a whole number in 0...4294967295")
      ),
      (
        #"{"type":"tablet-down"}"#,
        InputTraceError(line: 1, message: "tablet-down needs 'tool'")
      ),
      (
        #"{"type":"touch-frame"}"# + "\n" + #"{"type":"tactile-input-trace","version":2}"#,
        InputTraceError(line: 2, message: "the header must be the first line")
      ),
    ]
    for (text, error) in cases {
      #expect(throws: error) { try InputTrace(parsing: text) }
    }
  }

  @Test func aFieldOfTheWrongJSONTypeOrOutOfItsRangeMakesTheLineUnreadable() {
    let lines = [
      #"{"type":"touch-up","id":"3"}"#, #"{"type":"touch-up","id":2147483648}"#,
      #"{"type":"touch-up","id":1.5}"#, #"{"type":"key","key":30,"pressed":1}"#,
      #"{"type":"keyboard-enter","keys":[30,"a"]}"#, #"{"type":"text-commit","text":["x"]}"#,
      #"{"type":3}"#, #"["touch-frame"]"#,
    ]
    for line in lines {
      #expect(throws: InputTraceError(line: 1, message: "not a trace event: \(line)")) {
        try InputTrace(parsing: line)
      }
    }
  }

  @Test func unknownMembersAndNullFieldsAreIgnored() throws {
    let trace = try InputTrace(
      parsing:
        #"{"type":"touch-down","time":5,"id":1,"x":2,"y":3,"surface":null,"note":{"a":[1,{"b":null}]}}"#)
    #expect(trace.entries == [.init(time: 5, event: .touchDown(surface: 0, id: 1, x: 2, y: 3))])
  }

  @Test func anInfiniteCoordinateIsWrittenAsAStringThatReadingRejects() {
    let trace = InputTrace(entries: [.init(time: 1, event: .pointerMotion(x: .infinity, y: 0))])
    #expect(throws: InputTraceError.self) { try InputTrace(parsing: trace.text) }
  }
}
