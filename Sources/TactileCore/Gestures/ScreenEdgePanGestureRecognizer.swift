import TactileGeometry

/// A pan that starts at an edge of the window, like `UIScreenEdgePanGestureRecognizer`. Continuous.
///
/// It considers only a gesture whose first finger goes down within ``InteractionSettings/edgeWidth`` of
/// one of ``edges`` of the window (it fails otherwise), and begins once the fingers have moved farther
/// than ``InteractionSettings/panThreshold`` away from that edge, more across the edge than along it.
/// After that it behaves as a ``PanGestureRecognizer``.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// The window edges a gesture may start from. Default: none (it never recognizes, as in UIKit).
  public var edges: RectEdge = []

  /// The edge the gesture started at.
  private var startEdge: RectEdge = []

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if state == .possible, startEdge.isEmpty {
      guard let touch = activeTouches.first, let window = view?.window else { return }
      startEdge = edge(at: touch.location(in: nil), in: window.bounds.size)
      guard !startEdge.isEmpty else {
        fail(because: "the touch began farther than \(settings.edgeWidth) points from its edges")
        return
      }
    }
    super.touchesBegan(touches, with: event)
  }

  override func beginRefusal(translation: Point) -> String? {
    let inward: Double =
      switch startEdge {
      case .left: translation.x
      case .right: -translation.x
      case .top: translation.y
      default: -translation.y
      }
    let along = startEdge == .left || startEdge == .right ? abs(translation.y) : abs(translation.x)
    return inward > along ? nil : "the fingers did not move away from the edge"
  }

  private func edge(at point: Point, in size: Size) -> RectEdge {
    let width = settings.edgeWidth
    if edges.contains(.left), point.x <= width { return .left }
    if edges.contains(.right), point.x >= size.width - width { return .right }
    if edges.contains(.top), point.y <= width { return .top }
    if edges.contains(.bottom), point.y >= size.height - width { return .bottom }
    return []
  }

  open override func reset() {
    super.reset()
    startEdge = []
  }
}

/// A set of rectangle edges.
public struct RectEdge: OptionSet, Sendable, Hashable {
  public var rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let top = RectEdge(rawValue: 1 << 0)
  public static let left = RectEdge(rawValue: 1 << 1)
  public static let bottom = RectEdge(rawValue: 1 << 2)
  public static let right = RectEdge(rawValue: 1 << 3)
  public static let all: RectEdge = [.top, .left, .bottom, .right]
}
