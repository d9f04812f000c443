/// One command of a ``Script``.
public enum ScriptCommand: Equatable, Sendable {
  case wait(milliseconds: Int)
  case waitWindow
  case waitCommit
  case waitDrawn
  case tap(x: Double, y: Double)
  case touchDown(id: Int32, x: Double, y: Double)
  case touchMove(id: Int32, x: Double, y: Double)
  case touchUp(id: Int32)
  case touchFrame
  case touchCancel
  case drag(fromX: Double, fromY: Double, toX: Double, toY: Double, milliseconds: Int)
  case pinch(x: Double, y: Double, fromDistance: Double, toDistance: Double, milliseconds: Int)
  case rotate(x: Double, y: Double, radius: Double, degrees: Double, milliseconds: Int)
  case swipe(fingers: Int, x: Double, y: Double, dx: Double, dy: Double, milliseconds: Int)
  case move(x: Double, y: Double)
  /// Mouse motion by a delta: relative motion, and the pointer moves unless it is locked
  /// (``FakeCompositor/pointerMotion(byX:y:)``).
  case moveRelative(dx: Double, dy: Double)
  case click(x: Double, y: Double, button: UInt32)
  case scroll(horizontal: Double, vertical: Double)
  /// Touchpad scrolling (`axis_source` finger): continuous amounts in surface units.
  case scrollFinger(dx: Double, dy: Double)
  /// The fingers leave the touchpad: `axis_stop` on both axes.
  case scrollStop
  case gesturePinch(fingers: UInt32, scale: Double, degrees: Double)
  case gestureSwipe(fingers: UInt32, dx: Double, dy: Double)
  case gestureHold(fingers: UInt32)
  /// A touchpad gesture in stages: its begin alone (then updates and an end on later lines).
  case gestureBegin(kind: GestureKind, fingers: UInt32)
  /// An update of the pinch in progress: the scale since its begin, the rotation since the last update.
  case gesturePinchUpdate(scale: Double, degrees: Double)
  /// An update of the swipe in progress: the movement since the last update.
  case gestureSwipeUpdate(dx: Double, dy: Double)
  /// The end of the gesture in progress, completed or cancelled.
  case gestureEnd(kind: GestureKind, cancelled: Bool)
  case focus
  /// Whether a tap or click gives its window the keyboard focus from now on
  /// (``FakeCompositor/Configuration/focusFollowsPress``): `focus on-press` or `focus manual`.
  case focusFollowsPress(Bool)
  case key(names: [String])
  case keyDown(name: String)
  case keyUp(name: String)
  case type(text: String)
  case oskPreedit(text: String)
  case oskCommit(text: String)
  case capabilities(Capabilities)
  /// Adds a seat (``FakeCompositor/addSeat(named:capabilities:)``).
  case seatAdd(name: String, capabilities: Capabilities)
  /// Sends the following input through a seat (``FakeCompositor/useSeat(named:)``).
  case seatUse(name: String)
  /// Removes a seat (``FakeCompositor/removeSeat(named:)``).
  case seatRemove(name: String)
  case scale(Int32)
  case screenshot(name: String)
  /// Replays a recorded ``/TactileTrace/InputTrace`` file onto the first window.
  case replay(path: String)
  /// The compositor drags text of its own with the pointer from a point, as another program would
  /// (``FakeCompositor/startDrag(at:mimeTypes:data:actions:)``).
  case dndText(x: Double, y: Double, text: String)
  /// Moves the drag's pointer, over a surface or not.
  case dndMove(x: Double, y: Double)
  /// Drops the drag in progress (``FakeCompositor/dropDrag()``).
  case dndDrop
  /// Cancels the drag in progress (``FakeCompositor/cancelDrag()``).
  case dndCancel
  /// A tablet line: `pen [TOOL] ACTION …` or `tablet remove|add` (``PenAction``).
  case pen(tool: TabletToolKind, action: PenAction)
  /// The contact ellipse's axes of a touch point (`wl_touch.shape`).
  case touchShape(id: Int32, major: Double, minor: Double)
  /// The contact ellipse's orientation of a touch point (`wl_touch.orientation`).
  case touchOrientation(id: Int32, degrees: Double)
  /// Raw pointer motion to a point, with no frame (``FakeCompositor/pointerMotion(to:)``).
  case pointerMotion(x: Double, y: Double)
  /// Raw mouse motion by a delta, with no frame (``FakeCompositor/pointerMotion(byX:y:)``).
  case pointerRelative(dx: Double, dy: Double)
  /// A button pressed or released, with no frame (``FakeCompositor/pointerButton(_:pressed:)``).
  case pointerButton(button: UInt32, pressed: Bool)
  /// One axis event, with no frame (``FakeCompositor/pointerAxis(vertical:value:value120:source:)``).
  case pointerAxis(vertical: Bool, value: Double, value120: Int32?, source: UInt32?)
  /// `axis_stop` on one axis, with no frame.
  case pointerAxisStop(vertical: Bool)
  /// `wl_pointer.frame`.
  case pointerFrame
  /// A key pressed or released by its evdev code, whatever the keymap (``FakeCompositor/key(_:pressed:)``).
  case keyCode(code: UInt32, pressed: Bool)

  /// Whether the command sends input events to clients (the lines a disconnect fails).
  var sendsInput: Bool {
    switch self {
    case .tap, .touchDown, .touchMove, .touchUp, .touchFrame, .touchCancel, .drag, .pinch, .rotate, .swipe,
      .move, .moveRelative, .click, .scroll, .scrollFinger, .scrollStop, .gesturePinch, .gestureSwipe,
      .gestureHold,
      .gestureBegin, .gesturePinchUpdate, .gestureSwipeUpdate, .gestureEnd, .focus,
      .key, .keyDown, .keyUp, .type, .oskPreedit, .oskCommit, .replay, .dndText, .dndMove, .dndDrop,
      .dndCancel, .pen, .touchShape, .touchOrientation, .pointerMotion, .pointerRelative, .pointerButton,
      .pointerAxis, .pointerAxisStop, .pointerFrame, .keyCode:
      true
    default: false
    }
  }

  /// Parses the words of one line; `raw` is the line itself (for text arguments that keep their spaces).
  init(words: [String], raw: String) throws(ScriptSyntaxError) {
    var reader = WordReader(words: words, raw: raw)
    self = try Self.parse(&reader)
    try reader.expectEnd()
  }

  private static func parse(_ r: inout WordReader) throws(ScriptSyntaxError) -> ScriptCommand {
    let verb = try r.word("a command")
    switch verb {
    case "wait":
      let what = try r.word("a duration, 'window', 'commit' or 'drawn'")
      if what == "window" { return .waitWindow }
      if what == "commit" { return .waitCommit }
      if what == "drawn" { return .waitDrawn }
      return .wait(milliseconds: try WordReader.duration(what))
    case "tap": return .tap(x: try r.number("x"), y: try r.number("y"))
    case "touch": return try parseTouch(&r)
    case "drag":
      return .drag(
        fromX: try r.number("x1"), fromY: try r.number("y1"), toX: try r.number("x2"),
        toY: try r.number("y2"),
        milliseconds: try r.duration())
    case "pinch":
      return .pinch(
        x: try r.number("x"), y: try r.number("y"), fromDistance: try r.number("start distance"),
        toDistance: try r.number("end distance"), milliseconds: try r.duration())
    case "rotate":
      return .rotate(
        x: try r.number("x"), y: try r.number("y"), radius: try r.number("radius"),
        degrees: try r.number("degrees"), milliseconds: try r.duration())
    case "swipe":
      return .swipe(
        fingers: Int(try r.integer("fingers", in: 1...10)), x: try r.number("x"), y: try r.number("y"),
        dx: try r.number("dx"), dy: try r.number("dy"), milliseconds: try r.duration())
    default: return try parseInput(verb, &r)
    }
  }

  /// Pointer, keyboard, on-screen keyboard and seat/output commands.
  private static func parseInput(_ verb: String, _ r: inout WordReader) throws(ScriptSyntaxError)
    -> ScriptCommand
  {
    switch verb {
    case "move":
      if r.take("relative") { return .moveRelative(dx: try r.number("dx"), dy: try r.number("dy")) }
      return .move(x: try r.number("x"), y: try r.number("y"))
    case "click":
      let x = try r.number("x")
      let y = try r.number("y")
      return .click(x: x, y: y, button: try r.button())
    case "scroll":
      if r.take("stop") { return .scrollStop }
      if r.take("finger") { return .scrollFinger(dx: try r.number("dx"), dy: try r.number("dy")) }
      return .scroll(horizontal: try r.number("horizontal"), vertical: try r.number("vertical"))
    case "gesture": return try parseGesture(&r)
    case "focus":
      if r.atEnd { return .focus }
      let mode = try r.word("'on-press' or 'manual'")
      guard mode == "on-press" || mode == "manual" else {
        throw .init(message: "focus takes nothing, 'on-press' or 'manual', not '\(mode)'")
      }
      return .focusFollowsPress(mode == "on-press")
    case "key":
      let first = try r.word("a key name, 'down', 'up' or 'code'")
      if first == "code" {
        let code = UInt32(try r.integer("a key code", in: 0...0xFFFF))
        return .keyCode(code: code, pressed: try r.pressedState())
      }
      if first == "down" { return .keyDown(name: try knownKey(r.word("a key name"))) }
      if first == "up" { return .keyUp(name: try knownKey(r.word("a key name"))) }
      let names = first.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
      guard !names.contains(where: \.isEmpty) else {
        throw .init(message: "'\(first)' is not a key or chord like Return or ctrl+a")
      }
      return .key(names: try names.map(knownKey))
    case "type": return .type(text: try r.rest("text"))
    case "osk":
      let kind = try r.word("'preedit' or 'commit'")
      guard kind == "preedit" || kind == "commit" else { throw .init(message: "osk takes preedit or commit") }
      let text = try r.rest("text")
      guard kind == "commit" || text.utf8.count <= FakeCompositor.maximumTextInputStringBytes else {
        throw .init(
          message:
            "pre-edit text is longer than \(FakeCompositor.maximumTextInputStringBytes) bytes (one event)")
      }
      return kind == "preedit" ? .oskPreedit(text: text) : .oskCommit(text: text)
    case "capabilities": return .capabilities(try r.capabilities())
    case "seat": return try parseSeat(&r)
    case "scale": return .scale(Int32(try r.integer("scale", in: 1...8)))
    case "screenshot":
      let name = try r.word("a name")
      guard Self.isPlainName(name) else {
        throw .init(
          message:
            "screenshot name '\(name)' is not a plain name (letters, digits, '.', '_', '-'; no leading '.')")
      }
      return .screenshot(name: name)
    case "replay": return .replay(path: try r.rest("a trace file"))
    case "dnd": return try parseDragAndDrop(&r)
    case "pointer": return try parsePointer(&r)
    case "pen", "tablet":
      let (tool, action) = try PenAction.parse(&r, tablet: verb == "tablet")
      return .pen(tool: tool, action: action)
    default: throw .init(message: "unknown command '\(verb)'")
    }
  }

  /// `name` if it names a key (``KeyNames``), whatever the keymap.
  private static func knownKey(_ name: String) throws(ScriptSyntaxError) -> String {
    guard KeyNames.keysym(named: name) != nil else {
      throw .init(
        message: "unknown key name '\(name)' (xkb names like Return or Control_L, or ctrl, shift, alt, super)"
      )
    }
    return name
  }

  /// Whether `name` names a file inside a directory and nothing else: no separator, no `..`, no hidden
  /// or empty name, at most 200 bytes.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 200 && !name.hasPrefix(".")
      && name.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
      }
  }

  private static func parseTouch(_ r: inout WordReader) throws(ScriptSyntaxError) -> ScriptCommand {
    let action = try r.word("down, move, up, frame, cancel, shape or orientation")
    switch action {
    case "shape":
      return .touchShape(
        id: Int32(try r.integer("id", in: 0...1_000_000)), major: try r.number("major axis"),
        minor: try r.number("minor axis"))
    case "orientation":
      return .touchOrientation(
        id: Int32(try r.integer("id", in: 0...1_000_000)), degrees: try r.number("degrees"))
    case "down":
      return .touchDown(
        id: Int32(try r.integer("id", in: 0...1_000_000)), x: try r.number("x"), y: try r.number("y"))
    case "move":
      return .touchMove(
        id: Int32(try r.integer("id", in: 0...1_000_000)), x: try r.number("x"), y: try r.number("y"))
    case "up": return .touchUp(id: Int32(try r.integer("id", in: 0...1_000_000)))
    case "frame": return .touchFrame
    case "cancel": return .touchCancel
    default:
      throw .init(
        message: "touch takes down, move, up, frame, cancel, shape or orientation, not '\(action)'")
    }
  }

  /// `pointer motion X Y`, `pointer relative DX DY`, `pointer button BUTTON down|up`,
  /// `pointer axis vertical|horizontal VALUE [value120 N] [source NAME]`,
  /// `pointer axis-stop vertical|horizontal`, `pointer frame`.
  private static func parsePointer(_ r: inout WordReader) throws(ScriptSyntaxError) -> ScriptCommand {
    let action = try r.word("motion, relative, button, axis, axis-stop or frame")
    switch action {
    case "motion": return .pointerMotion(x: try r.number("x"), y: try r.number("y"))
    case "relative": return .pointerRelative(dx: try r.number("dx"), dy: try r.number("dy"))
    case "button":
      let name = try r.word("a button")
      guard let button = buttonNames[name] ?? UInt32(name) else {
        throw .init(message: "button '\(name)' is not left, right, middle or an evdev code")
      }
      return .pointerButton(button: button, pressed: try r.pressedState())
    case "axis":
      let vertical = try r.axis()
      let value = try r.number("a value")
      var value120: Int32?
      var source: UInt32?
      if r.take("value120") { value120 = Int32(try r.integer("value120", in: -1_000_000...1_000_000)) }
      if r.take("source") {
        let name = try r.word("a source")
        guard let code = axisSourceNames[name] else {
          throw .init(message: "axis source '\(name)' is not wheel, finger, continuous or wheel-tilt")
        }
        source = code
      }
      return .pointerAxis(vertical: vertical, value: value, value120: value120, source: source)
    case "axis-stop": return .pointerAxisStop(vertical: try r.axis())
    case "frame": return .pointerFrame
    default:
      throw .init(
        message: "pointer takes motion, relative, button, axis, axis-stop or frame, not '\(action)'")
    }
  }

  /// The buttons a script names (evdev codes).
  static let buttonNames: [String: UInt32] = ["left": 0x110, "right": 0x111, "middle": 0x112]

  /// The `wl_pointer.axis_source` values a script names.
  static let axisSourceNames: [String: UInt32] = ["wheel": 0, "finger": 1, "continuous": 2, "wheel-tilt": 3]

  /// The types and actions a `dnd text` line offers.
  static let dragTextMimeTypes = ["text/plain;charset=utf-8", "text/plain"]
  static let dragTextActions: UInt32 = 3

  private static func parseDragAndDrop(_ r: inout WordReader) throws(ScriptSyntaxError) -> ScriptCommand {
    let action = try r.word("text, move, drop or cancel")
    switch action {
    case "text":
      return .dndText(x: try r.number("x"), y: try r.number("y"), text: try r.rest("text"))
    case "move": return .dndMove(x: try r.number("x"), y: try r.number("y"))
    case "drop": return .dndDrop
    case "cancel": return .dndCancel
    default: throw .init(message: "dnd takes text, move, drop or cancel, not '\(action)'")
    }
  }

  private static func parseSeat(_ r: inout WordReader) throws(ScriptSyntaxError) -> ScriptCommand {
    let action = try r.word("add, use or remove")
    let name = try r.word("a seat name")
    switch action {
    case "add": return .seatAdd(name: name, capabilities: r.atEnd ? .all : try r.capabilities())
    case "use": return .seatUse(name: name)
    case "remove": return .seatRemove(name: name)
    default: throw .init(message: "seat takes add, use or remove, not '\(action)'")
    }
  }

  private static func parseGesture(_ r: inout WordReader) throws(ScriptSyntaxError) -> ScriptCommand {
    let kind = try r.word("pinch, swipe or hold")
    for stage in ["begin", "update", "end"] where r.take(stage) {
      return try parseGestureStage(kind: kind, stage: stage, &r)
    }
    let fingers = UInt32(try r.integer("fingers", in: 1...10))
    switch kind {
    case "pinch":
      return .gesturePinch(fingers: fingers, scale: try r.number("scale"), degrees: try r.number("degrees"))
    case "swipe": return .gestureSwipe(fingers: fingers, dx: try r.number("dx"), dy: try r.number("dy"))
    case "hold": return .gestureHold(fingers: fingers)
    default: throw .init(message: "gesture takes pinch, swipe or hold, not '\(kind)'")
    }
  }

  /// `gesture KIND begin FINGERS`, `gesture pinch update SCALE DEGREES`, `gesture swipe update DX DY`,
  /// `gesture KIND end [cancel]`.
  private static func parseGestureStage(
    kind name: String, stage: String, _ r: inout WordReader
  ) throws(ScriptSyntaxError) -> ScriptCommand {
    let kinds: [String: GestureKind] = ["pinch": .pinch, "swipe": .swipe, "hold": .hold]
    guard let kind = kinds[name] else {
      throw .init(message: "gesture takes pinch, swipe or hold, not '\(name)'")
    }
    switch (stage, kind) {
    case ("begin", _): return .gestureBegin(kind: kind, fingers: UInt32(try r.integer("fingers", in: 1...10)))
    case ("update", .pinch):
      return .gesturePinchUpdate(scale: try r.number("scale"), degrees: try r.number("degrees"))
    case ("update", .swipe): return .gestureSwipeUpdate(dx: try r.number("dx"), dy: try r.number("dy"))
    case ("update", _): throw .init(message: "a hold gesture has no updates")
    default:
      return .gestureEnd(kind: kind, cancelled: r.take("cancel"))
    }
  }
}
