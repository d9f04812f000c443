/// Where a popup goes relative to a rectangle of its parent: the rules of `xdg_positioner`, as values.
///
/// The popup's ``size`` is placed against a point of ``anchorRect`` chosen by ``anchor`` (an edge's middle,
/// a corner, or the centre), extending in the direction of ``gravity``, then moved by ``offset``. When the
/// result leaves the bounds it must stay in (the output, in the parent's coordinates), ``adjustment`` says
/// what may be done, per axis, in xdg-shell's order: flip (mirror anchor, gravity and offset on that
/// axis, as wlroots and mutter do; kept only if the flipped place fits on that axis), then slide (move it back inside; a popup larger than the
/// bounds is aligned with their start).
///
/// One implementation serves the client (placing a popup in memory when no compositor does) and the fake
/// compositor (placing a client's popup), so the two cannot disagree.
public struct PopupPlacement: Hashable, Sendable {
  /// An anchor point or gravity direction; raw values are `xdg_positioner`'s `anchor`/`gravity` enums.
  public enum Edge: UInt32, Hashable, Sendable {
    case none = 0
    case top, bottom, left, right, topLeft, bottomLeft, topRight, bottomRight

    /// The horizontal and vertical side: -1 (left/top), 0 (middle), +1 (right/bottom).
    public var sides: (x: Int, y: Int) {
      switch self {
      case .none: (0, 0)
      case .top: (0, -1)
      case .bottom: (0, 1)
      case .left: (-1, 0)
      case .right: (1, 0)
      case .topLeft: (-1, -1)
      case .bottomLeft: (-1, 1)
      case .topRight: (1, -1)
      case .bottomRight: (1, 1)
      }
    }

    /// The edge with the given sides (each -1, 0 or +1).
    public init(sides x: Int, _ y: Int) {
      let all: [Edge] = [.none, .top, .bottom, .left, .right, .topLeft, .bottomLeft, .topRight, .bottomRight]
      self = all.first { $0.sides == (x, y) } ?? .none
    }
  }

  /// What may be done to a popup that leaves its bounds; raw values are `xdg_positioner`'s
  /// `constraint_adjustment` bits (resizing is not supported and never applied).
  public struct Adjustment: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let slideX = Adjustment(rawValue: 1)
    public static let slideY = Adjustment(rawValue: 2)
    public static let flipX = Adjustment(rawValue: 4)
    public static let flipY = Adjustment(rawValue: 8)
  }

  /// The rectangle the popup is anchored to, in the parent's coordinates.
  public var anchorRect: Rect
  /// The popup's size.
  public var size: Size
  public var anchor: Edge
  public var gravity: Edge
  /// Added to the position after anchoring.
  public var offset: Point
  public var adjustment: Adjustment

  public init(
    anchorRect: Rect, size: Size, anchor: Edge = .none, gravity: Edge = .none, offset: Point = .zero,
    adjustment: Adjustment = []
  ) {
    self.anchorRect = anchorRect
    self.size = size
    self.anchor = anchor
    self.gravity = gravity
    self.offset = offset
    self.adjustment = adjustment
  }

  /// The popup's frame in the parent's coordinates, kept inside `bounds` as ``adjustment`` allows.
  ///
  /// - Parameter bounds: Where the popup should stay (the output in the parent's coordinates); `nil`
  ///   places it without constraint.
  /// - Returns: The frame, with ``size`` as its size.
  /// - Complexity: O(1).
  public func frame(constrainedTo bounds: Rect?) -> Rect {
    let x = axis(0, bounds: bounds.map { ($0.minX, $0.maxX) })
    let y = axis(1, bounds: bounds.map { ($0.minY, $0.maxY) })
    return Rect(x: x, y: y, width: size.width, height: size.height)
  }

  /// The start of the popup on one axis (0: x, 1: y) after flipping and sliding.
  private func axis(_ index: Int, bounds: (Double, Double)?) -> Double {
    let anchorSide = index == 0 ? anchor.sides.x : anchor.sides.y
    let gravitySide = index == 0 ? gravity.sides.x : gravity.sides.y
    let (flip, slide): (Adjustment, Adjustment) = index == 0 ? (.flipX, .slideX) : (.flipY, .slideY)
    var start = place(index, anchorSide: anchorSide, gravitySide: gravitySide, flipped: false)
    guard let (low, high) = bounds else { return start }
    let length = index == 0 ? size.width : size.height
    let fits = { (value: Double) in value >= low && value + length <= high }
    if !fits(start), adjustment.contains(flip) {
      let flipped = place(index, anchorSide: -anchorSide, gravitySide: -gravitySide, flipped: true)
      if fits(flipped) { start = flipped }
    }
    if !fits(start), adjustment.contains(slide) {
      start = max(low, min(start, high - length))
    }
    return start
  }

  /// The start of the popup on one axis for the given anchor and gravity sides.
  private func place(_ index: Int, anchorSide: Int, gravitySide: Int, flipped: Bool) -> Double {
    let (low, high) = index == 0 ? (anchorRect.minX, anchorRect.maxX) : (anchorRect.minY, anchorRect.maxY)
    let point = anchorSide < 0 ? low : anchorSide > 0 ? high : (low + high) / 2
    let length = index == 0 ? size.width : size.height
    let start = gravitySide < 0 ? point - length : gravitySide > 0 ? point : point - length / 2
    let shift = index == 0 ? offset.x : offset.y
    return start + (flipped ? -shift : shift)
  }
}
