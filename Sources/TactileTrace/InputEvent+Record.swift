/// The JSON form of each event: `type` is the case name in kebab case (`touch-down`, `pointer-axis-value120`,
/// `text-commit`), the fields are the case's argument labels (`code` is written `key`).
extension InputEvent {
  /// Reads an event from its record.
  ///
  /// - Throws: ``TraceSyntaxError`` for an unknown type or a missing or malformed field.
  init(_ r: TraceRecord) throws(TraceSyntaxError) {
    switch r.type {
    case "touch-down":
      self = .touchDown(
        surface: r.surface ?? 0, id: try r.required(\.id, "id"), x: try r.required(\.x, "x"),
        y: try r.required(\.y, "y"))
    case "touch-motion":
      self = .touchMotion(
        id: try r.required(\.id, "id"), x: try r.required(\.x, "x"), y: try r.required(\.y, "y"))
    case "touch-up": self = .touchUp(id: try r.required(\.id, "id"))
    case "touch-frame": self = .touchFrame
    case "touch-cancel": self = .touchCancel
    case "touch-shape":
      self = .touchShape(
        id: try r.required(\.id, "id"), major: try r.required(\.major, "major"),
        minor: try r.required(\.minor, "minor"))
    case "touch-orientation":
      self = .touchOrientation(id: try r.required(\.id, "id"), degrees: try r.required(\.degrees, "degrees"))
    default: self = try Self.pointerEvent(r)
    }
  }

  private static func pointerEvent(_ r: TraceRecord) throws(TraceSyntaxError) -> InputEvent {
    switch r.type {
    case "pointer-enter":
      .pointerEnter(surface: r.surface ?? 0, x: try r.required(\.x, "x"), y: try r.required(\.y, "y"))
    case "pointer-leave": .pointerLeave
    case "pointer-motion": .pointerMotion(x: try r.required(\.x, "x"), y: try r.required(\.y, "y"))
    case "pointer-button":
      .pointerButton(
        button: try r.required(\.button, "button"), pressed: try r.required(\.pressed, "pressed"))
    case "pointer-axis":
      .pointerAxis(
        axis: try r.required(\.axis, "axis", as: ScrollAxis.self), value: try r.required(\.value, "value"))
    case "pointer-axis-source": .pointerAxisSource(source: try r.required(\.source, "source"))
    case "pointer-axis-stop": .pointerAxisStop(axis: try r.required(\.axis, "axis", as: ScrollAxis.self))
    case "pointer-axis-value120":
      .pointerAxisValue120(
        axis: try r.required(\.axis, "axis", as: ScrollAxis.self),
        value120: try r.required(\.value120, "value120"))
    case "pointer-frame": .pointerFrame
    case "gesture-begin":
      .gestureBegin(
        kind: try r.required(\.kind, "kind", as: TouchpadGestureKind.self),
        fingers: try r.required(\.fingers, "fingers"))
    case "gesture-swipe-update":
      .gestureSwipeUpdate(dx: try r.required(\.dx, "dx"), dy: try r.required(\.dy, "dy"))
    case "gesture-pinch-update":
      .gesturePinchUpdate(
        dx: try r.required(\.dx, "dx"), dy: try r.required(\.dy, "dy"),
        scale: try r.required(\.scale, "scale"),
        rotation: try r.required(\.rotation, "rotation"))
    case "gesture-end":
      .gestureEnd(
        kind: try r.required(\.kind, "kind", as: TouchpadGestureKind.self),
        cancelled: try r.required(\.cancelled, "cancelled"))
    default: try keyboardEvent(r)
    }
  }

  private static func keyboardEvent(_ r: TraceRecord) throws(TraceSyntaxError) -> InputEvent {
    switch r.type {
    case "keyboard-enter": .keyboardEnter(surface: r.surface ?? 0, keys: r.keys ?? [])
    case "keyboard-leave": .keyboardLeave
    case "key": .key(code: try r.required(\.key, "key"), pressed: try r.required(\.pressed, "pressed"))
    case "modifiers":
      .modifiers(
        depressed: try r.required(\.depressed, "depressed"), latched: try r.required(\.latched, "latched"),
        locked: try r.required(\.locked, "locked"), group: try r.required(\.group, "group"))
    case "repeat-info":
      .repeatInfo(rate: try r.required(\.rate, "rate"), delay: try r.required(\.delay, "delay"))
    case "text-preedit":
      .textPreedit(
        text: try r.required(\.text, "text"), cursorBegin: try r.required(\.cursorBegin, "cursorBegin"),
        cursorEnd: try r.required(\.cursorEnd, "cursorEnd"))
    case "text-commit": .textCommit(text: try r.required(\.text, "text"))
    case "text-delete-surrounding":
      .textDeleteSurrounding(
        before: try r.required(\.before, "before"), after: try r.required(\.after, "after"))
    case "text-done": .textDone
    case "text-enter": .textEnter(surface: r.surface ?? 0)
    case "text-leave": .textLeave
    default: try TabletToolEvent.inputEvent(r)
    }
  }

  /// The event's `type` in a trace file: `touch-down`, `pointer-axis-value120`, `key`, `text-done`, ….
  public var typeName: String { record(time: nil).type }

  /// The event's record, stamped with `time` (if known).
  func record(time: UInt32?) -> TraceRecord {
    var r = TraceRecord(type: "", time: time)
    switch self {
    case .touchDown(let surface, let id, let x, let y):
      (r.type, r.surface, r.id, r.x, r.y) = ("touch-down", surface, id, x, y)
    case .touchMotion(let id, let x, let y): (r.type, r.id, r.x, r.y) = ("touch-motion", id, x, y)
    case .touchUp(let id): (r.type, r.id) = ("touch-up", id)
    case .touchFrame: r.type = "touch-frame"
    case .touchCancel: r.type = "touch-cancel"
    case .touchShape(let id, let major, let minor):
      (r.type, r.id, r.major, r.minor) = ("touch-shape", id, major, minor)
    case .touchOrientation(let id, let degrees):
      (r.type, r.id, r.degrees) = ("touch-orientation", id, degrees)
    default: pointerFields(&r)
    }
    return r
  }

  private func pointerFields(_ r: inout TraceRecord) {
    switch self {
    case .pointerEnter(let surface, let x, let y):
      (r.type, r.surface, r.x, r.y) = ("pointer-enter", surface, x, y)
    case .pointerLeave: r.type = "pointer-leave"
    case .pointerMotion(let x, let y): (r.type, r.x, r.y) = ("pointer-motion", x, y)
    case .pointerButton(let button, let pressed):
      (r.type, r.button, r.pressed) = ("pointer-button", button, pressed)
    case .pointerAxis(let axis, let value): (r.type, r.axis, r.value) = ("pointer-axis", axis.rawValue, value)
    case .pointerAxisSource(let source): (r.type, r.source) = ("pointer-axis-source", source)
    case .pointerAxisStop(let axis): (r.type, r.axis) = ("pointer-axis-stop", axis.rawValue)
    case .pointerAxisValue120(let axis, let value120):
      (r.type, r.axis, r.value120) = ("pointer-axis-value120", axis.rawValue, value120)
    case .pointerFrame: r.type = "pointer-frame"
    case .gestureBegin(let kind, let fingers):
      (r.type, r.kind, r.fingers) = ("gesture-begin", kind.rawValue, fingers)
    case .gestureSwipeUpdate(let dx, let dy): (r.type, r.dx, r.dy) = ("gesture-swipe-update", dx, dy)
    case .gesturePinchUpdate(let dx, let dy, let scale, let rotation):
      (r.type, r.dx, r.dy, r.scale, r.rotation) = ("gesture-pinch-update", dx, dy, scale, rotation)
    case .gestureEnd(let kind, let cancelled):
      (r.type, r.kind, r.cancelled) = ("gesture-end", kind.rawValue, cancelled)
    default: keyboardFields(&r)
    }
  }

  private func keyboardFields(_ r: inout TraceRecord) {
    switch self {
    case .keyboardEnter(let surface, let keys):
      (r.type, r.surface, r.keys) = ("keyboard-enter", surface, keys)
    case .keyboardLeave: r.type = "keyboard-leave"
    case .key(let code, let pressed): (r.type, r.key, r.pressed) = ("key", code, pressed)
    case .modifiers(let depressed, let latched, let locked, let group):
      (r.type, r.depressed, r.latched, r.locked, r.group) = ("modifiers", depressed, latched, locked, group)
    case .repeatInfo(let rate, let delay): (r.type, r.rate, r.delay) = ("repeat-info", rate, delay)
    case .textPreedit(let text, let begin, let end):
      (r.type, r.text, r.cursorBegin, r.cursorEnd) = ("text-preedit", text, begin, end)
    case .textCommit(let text): (r.type, r.text) = ("text-commit", text)
    case .textDeleteSurrounding(let before, let after):
      (r.type, r.before, r.after) = ("text-delete-surrounding", before, after)
    case .textDone: r.type = "text-done"
    case .textEnter(let surface): (r.type, r.surface) = ("text-enter", surface)
    case .textLeave: r.type = "text-leave"
    case .tabletTool(let type, let event): event.write(to: &r, tool: type)
    default: preconditionFailure("\(self) is written by record(time:) or pointerFields(_:)")
    }
  }
}
