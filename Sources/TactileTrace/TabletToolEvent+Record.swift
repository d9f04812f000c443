/// The JSON form of tablet events (trace version 3): `type` is `tablet-` and the event's name in kebab
/// case (`tablet-proximity-in`, `tablet-motion`, `tablet-frame`, …), `tool` the tool's type; `surface`,
/// `x`, `y` (motion and tilt), `value` (pressure, distance: whole numbers; rotation: degrees), `button`
/// and `pressed` carry the arguments.
extension TabletToolEvent {
  /// Reads a tablet event from its record.
  ///
  /// - Throws: ``TraceSyntaxError`` for an unknown type, or a missing or malformed field.
  static func inputEvent(_ r: TraceRecord) throws(TraceSyntaxError) -> InputEvent {
    guard r.type.hasPrefix("tablet-") else {
      throw TraceSyntaxError(message: "unknown event type '\(r.type)'")
    }
    let tool = try r.required(\.tool, "tool")
    let event: TabletToolEvent =
      switch r.type {
      case "tablet-proximity-in": .proximityIn(surface: r.surface ?? 0)
      case "tablet-proximity-out": .proximityOut
      case "tablet-down": .down
      case "tablet-up": .up
      case "tablet-motion": .motion(x: try r.required(\.x, "x"), y: try r.required(\.y, "y"))
      case "tablet-pressure": .pressure(try wholeValue(r))
      case "tablet-distance": .distance(try wholeValue(r))
      case "tablet-tilt": .tilt(x: try r.required(\.x, "x"), y: try r.required(\.y, "y"))
      case "tablet-rotation": .rotation(degrees: try r.required(\.value, "value"))
      case "tablet-button":
        .button(code: try r.required(\.button, "button"), pressed: try r.required(\.pressed, "pressed"))
      case "tablet-frame": .frame
      default: throw TraceSyntaxError(message: "unknown event type '\(r.type)'")
      }
    return .tabletTool(type: tool, event: event)
  }

  /// `value` as a whole number in `UInt32`'s range.
  private static func wholeValue(_ r: TraceRecord) throws(TraceSyntaxError) -> UInt32 {
    let value = try r.required(\.value, "value")
    guard value >= 0, value <= Double(UInt32.max), value.rounded() == value else {
      throw TraceSyntaxError(
        message: "\(r.type): 'value' \(value) is not a whole number in 0...\(UInt32.max)")
    }
    return UInt32(value)
  }

  /// Writes the event's fields for a tool of type `tool`.
  func write(to r: inout TraceRecord, tool: UInt32) {
    r.tool = tool
    switch self {
    case .proximityIn(let surface): (r.type, r.surface) = ("tablet-proximity-in", surface)
    case .proximityOut: r.type = "tablet-proximity-out"
    case .down: r.type = "tablet-down"
    case .up: r.type = "tablet-up"
    case .motion(let x, let y): (r.type, r.x, r.y) = ("tablet-motion", x, y)
    case .pressure(let value): (r.type, r.value) = ("tablet-pressure", Double(value))
    case .distance(let value): (r.type, r.value) = ("tablet-distance", Double(value))
    case .tilt(let x, let y): (r.type, r.x, r.y) = ("tablet-tilt", x, y)
    case .rotation(let degrees): (r.type, r.value) = ("tablet-rotation", degrees)
    case .button(let code, let pressed): (r.type, r.button, r.pressed) = ("tablet-button", code, pressed)
    case .frame: r.type = "tablet-frame"
    }
  }
}
