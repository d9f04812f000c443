/// The states a compositor gives a window (`xdg_toplevel.configure`), which a client-side frame shows.
public struct WindowStates: OptionSet, Hashable, Sendable {
  public var rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let maximized = WindowStates(rawValue: 1 << 0)
  public static let fullscreen = WindowStates(rawValue: 1 << 1)
  /// The window has keyboard focus (drawn with a stronger title bar).
  public static let activated = WindowStates(rawValue: 1 << 2)
  public static let tiledLeft = WindowStates(rawValue: 1 << 3)
  public static let tiledRight = WindowStates(rawValue: 1 << 4)
  public static let tiledTop = WindowStates(rawValue: 1 << 5)
  public static let tiledBottom = WindowStates(rawValue: 1 << 6)

  /// Whether any edge is tiled.
  public var isTiled: Bool { !isDisjoint(with: [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom]) }
}

/// An edge or corner a window is resized from; raw values are `xdg_toplevel.resize_edge`'s.
public enum WindowEdge: UInt32, Hashable, Sendable {
  case top = 1
  case bottom = 2
  case left = 4
  case topLeft = 5
  case bottomLeft = 6
  case right = 8
  case topRight = 9
  case bottomRight = 10
}
