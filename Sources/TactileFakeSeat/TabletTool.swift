/// A tool of the fake seat's tablet (`zwp_tablet_tool_v2.type`): each seat's tablet has a pen and the
/// pen's eraser end (two tools, as tablet-v2 describes a stylus with an eraser), both able to report
/// pressure, distance, tilt and rotation. ``FakeCompositor/tabletAddTool(_:)`` adds the others.
public enum TabletToolKind: String, CaseIterable, Sendable {
  case pen, eraser, brush, pencil, airbrush

  /// The tool's `zwp_tablet_tool_v2.type` value (the Linux input event codes `BTN_TOOL_*`).
  var wireType: UInt32 {
    switch self {
    case .pen: 0x140
    case .eraser: 0x141
    case .brush: 0x142
    case .pencil: 0x143
    case .airbrush: 0x144
    }
  }

  /// The tool of a `zwp_tablet_tool_v2.type`, if the fake tablet has such a kind.
  init?(wireType: UInt32) {
    guard let kind = Self.allCases.first(where: { $0.wireType == wireType }) else { return nil }
    self = kind
  }

  /// The tool's `hardware_serial`: the pen and its eraser share one, as the two ends of a stylus do.
  var hardwareSerial: UInt32 {
    switch self {
    case .pen, .eraser: 1
    case .brush: 2
    case .pencil: 3
    case .airbrush: 4
    }
  }
}

/// The axes one tablet-tool motion carries (`zwp_tablet_tool_v2` `pressure`, `distance`, `tilt`,
/// `rotation`), each sent only when set. Values are the wire's, unchecked, so that a test can send what
/// a broken compositor sends: pressure and distance are nominally 0…65535, tilt in degrees from the
/// surface's normal towards its x and y axes (−90…90), rotation in degrees clockwise from the tool's
/// logical neutral position.
public struct TabletAxes: Equatable, Sendable {
  public var pressure: UInt32?
  public var distance: UInt32?
  public var tiltX: Double?
  public var tiltY: Double?
  public var rotation: Double?

  public init(
    pressure: UInt32? = nil, distance: UInt32? = nil, tiltX: Double? = nil, tiltY: Double? = nil,
    rotation: Double? = nil
  ) {
    self.pressure = pressure
    self.distance = distance
    self.tiltX = tiltX
    self.tiltY = tiltY
    self.rotation = rotation
  }

  /// Whether no axis is set.
  var isEmpty: Bool { self == TabletAxes() }
}

/// What the tablet injection API refuses.
public enum TabletError: Error, Equatable, CustomStringConvertible {
  /// The seat's tablet has no such tool (never added, or removed).
  case noSuchTool(TabletToolKind)
  /// The tool is already in proximity (take it out first).
  case toolInProximity(TabletToolKind)
  /// The tool was never in proximity of any client's surface, so an event for it has no client to go to.
  case toolNeverInProximity(TabletToolKind)
  /// The seat's tablet was removed.
  case tabletRemoved

  public var description: String {
    switch self {
    case .noSuchTool(let tool): "the tablet has no \(tool.rawValue) tool"
    case .toolInProximity(let tool): "the \(tool.rawValue) is already in proximity"
    case .toolNeverInProximity(let tool): "the \(tool.rawValue) was never in proximity of a surface"
    case .tabletRemoved: "the tablet was removed"
    }
  }
}
