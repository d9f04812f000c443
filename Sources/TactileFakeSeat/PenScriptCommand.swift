/// One tablet line of a ``Script``: `pen [TOOL] ACTION …` for a tool of the seat's tablet (`pen`, the
/// default, or `eraser`, `brush`, `pencil`, `airbrush`), or `tablet remove` / `tablet add`. Frames are
/// explicit (`pen frame`), as for raw touch lines, except in `pen stroke`:
///
/// ```
/// pen in 100 80                # proximity_in over the surface at X Y (with a motion there)
/// pen down                     # the tip touches (activating the window)
/// pen move 120 90 pressure 30000 tilt 30 -10 rotation 45 distance 0  # any of the axes, raw wire values
/// pen button 331 down          # BTN_STYLUS (331) or BTN_STYLUS2 (332): down or up
/// pen frame                    # ends the group of events
/// pen up
/// pen out                      # proximity_out
/// pen eraser in 100 80         # the pen's other end
/// pen stroke 10 10 200 10 300ms  # in, down, framed motions with rising pressure, up, out
/// pen remove                   # the tool is removed (no up or proximity_out first); pen add: back
/// tablet remove                # the tablet is unplugged (no up or proximity_out first); tablet add
/// ```
public enum PenAction: Equatable, Sendable {
  case proximityIn(x: Double, y: Double)
  case proximityOut
  case down
  case up
  case motion(x: Double, y: Double, axes: TabletAxes)
  case button(code: UInt32, pressed: Bool)
  case frame
  case stroke(fromX: Double, fromY: Double, toX: Double, toY: Double, milliseconds: Int)
  case removeTool
  case addTool
  case removeTablet
  case addTablet

  /// Parses what follows `pen` (and `tablet`, when `tablet` is true).
  static func parse(_ r: inout WordReader, tablet: Bool) throws(ScriptSyntaxError) -> (
    TabletToolKind, PenAction
  ) {
    if tablet {
      let action = try r.word("remove or add")
      switch action {
      case "remove": return (.pen, .removeTablet)
      case "add": return (.pen, .addTablet)
      default: throw .init(message: "tablet takes remove or add, not '\(action)'")
      }
    }
    var tool = TabletToolKind.pen
    for kind in TabletToolKind.allCases where r.take(kind.rawValue) { tool = kind }
    let action = try r.word("in, out, down, up, move, button, frame, stroke, remove or add")
    switch action {
    case "in": return (tool, .proximityIn(x: try r.number("x"), y: try r.number("y")))
    case "out": return (tool, .proximityOut)
    case "down": return (tool, .down)
    case "up": return (tool, .up)
    case "frame": return (tool, .frame)
    case "remove": return (tool, .removeTool)
    case "add": return (tool, .addTool)
    case "move":
      let x = try r.number("x")
      let y = try r.number("y")
      return (tool, .motion(x: x, y: y, axes: try axes(&r)))
    case "button":
      let code = UInt32(try r.integer("button code", in: 0...0xFFFF))
      let state = try r.word("down or up")
      guard state == "down" || state == "up" else {
        throw .init(message: "pen button takes down or up, not '\(state)'")
      }
      return (tool, .button(code: code, pressed: state == "down"))
    case "stroke":
      return (
        tool,
        .stroke(
          fromX: try r.number("x1"), fromY: try r.number("y1"), toX: try r.number("x2"),
          toY: try r.number("y2"), milliseconds: try r.duration())
      )
    default:
      throw .init(
        message: "pen takes in, out, down, up, move, button, frame, stroke, remove or add, not '\(action)'")
    }
  }

  /// `pressure N`, `distance N`, `tilt X Y`, `rotation DEGREES`, in any order, each at most once.
  private static func axes(_ r: inout WordReader) throws(ScriptSyntaxError) -> TabletAxes {
    var axes = TabletAxes()
    while !r.atEnd {
      let name = try r.word("an axis")
      switch name {
      case "pressure": axes.pressure = UInt32(try r.integer("pressure", in: 0...Int(UInt32.max)))
      case "distance": axes.distance = UInt32(try r.integer("distance", in: 0...Int(UInt32.max)))
      case "tilt":
        axes.tiltX = try r.number("tilt x")
        axes.tiltY = try r.number("tilt y")
      case "rotation": axes.rotation = try r.number("rotation")
      default: throw .init(message: "unknown pen axis '\(name)' (pressure, distance, tilt or rotation)")
      }
    }
    return axes
  }
}

extension ScriptRunner {
  /// Runs one `pen` or `tablet` line.
  func executePen(tool: TabletToolKind, _ action: PenAction) throws {
    switch action {
    case .proximityIn(let x, let y): try compositor.tabletProximityIn(tool, at: .output(x: x, y: y))
    case .proximityOut: try compositor.tabletProximityOut(tool)
    case .down: try compositor.tabletDown(tool)
    case .up: try compositor.tabletUp(tool)
    case .motion(let x, let y, let axes):
      try compositor.tabletMotion(tool, to: .output(x: x, y: y), axes: axes)
    case .button(let code, let pressed): try compositor.tabletButton(tool, button: code, pressed: pressed)
    case .frame:
      compositor.tabletFrame(tool)
      compositor.pump()
    case .stroke(let x1, let y1, let x2, let y2, let milliseconds):
      try penStroke(tool, from: (x1, y1), to: (x2, y2), milliseconds: milliseconds)
    case .removeTool: try compositor.tabletRemoveTool(tool)
    case .addTool: compositor.tabletAddTool(tool)
    case .removeTablet: compositor.tabletRemove()
    case .addTablet: compositor.tabletAdd()
    }
  }

  /// A whole stroke: proximity at the start, the tip down, ``steps`` framed motions whose pressure rises
  /// from a quarter to three quarters of the range, then up and out, each group framed.
  private func penStroke(
    _ tool: TabletToolKind, from start: (x: Double, y: Double), to end: (x: Double, y: Double),
    milliseconds: Int
  ) throws {
    try compositor.tabletProximityIn(tool, at: .output(x: start.x, y: start.y))
    compositor.tabletFrame(tool)
    try compositor.tabletDown(tool)
    try compositor.tabletMotion(tool, to: nil, axes: TabletAxes(pressure: 16384))
    compositor.tabletFrame(tool)
    let steps = max(1, self.steps)
    for step in 1...steps {
      compositor.wait(milliseconds: milliseconds / steps)
      let t = Double(step) / Double(steps)
      try compositor.tabletMotion(
        tool, to: .output(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t),
        axes: TabletAxes(pressure: UInt32(16384 + 32768 * t)))
      compositor.tabletFrame(tool)
    }
    try compositor.tabletUp(tool)
    compositor.tabletFrame(tool)
    try compositor.tabletProximityOut(tool)
    compositor.tabletFrame(tool)
    compositor.pump()
  }
}
