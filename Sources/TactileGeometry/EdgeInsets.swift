/// Distances to inset each edge of a rectangle by, like `UIEdgeInsets`. Negative values outset.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  public init(all inset: Double) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// No inset.
  public static let zero = EdgeInsets(all: 0)

  /// The size of a rectangle of `size` with these insets added around it: `left + right` wider and
  /// `top + bottom` higher (the inverse of ``Rect/inset(by:)`` on the size).
  public func adding(to size: Size) -> Size {
    Size(width: size.width + left + right, height: size.height + top + bottom)
  }
}
