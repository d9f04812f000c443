/// A location in a two-dimensional coordinate space, in logical units (points), like `CGPoint`.
///
/// Coordinates are `Double`: the same precision as `CGFloat` on 64-bit platforms, so UIKit arithmetic
/// ports unchanged. Values may be non-finite; APIs that cannot use such a value say what they do with it.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// Whether both coordinates are finite (neither infinite nor NaN).
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The straight-line distance to `other`.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  public var description: String { "(\(x), \(y))" }

  public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
  public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
}
