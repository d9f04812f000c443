/// An axis-aligned rectangle: an origin and a size, in logical units, like `CGRect`.
///
/// Containment follows UIKit's rule, which hit-testing relies on: a rectangle contains the points on its
/// minimum edges but not those on its maximum edges, so two rectangles that share an edge never both
/// contain a point of it.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The same rectangle with a non-negative width and height.
  public var standardized: Rect {
    Rect(x: minX, y: minY, width: abs(size.width), height: abs(size.height))
  }

  public var minX: Double { min(origin.x, origin.x + size.width) }
  public var minY: Double { min(origin.y, origin.y + size.height) }
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  public var midX: Double { (minX + maxX) / 2 }
  public var midY: Double { (minY + maxY) / 2 }
  public var width: Double { abs(size.width) }
  public var height: Double { abs(size.height) }

  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// Whether the rectangle has no area (zero width or height), or a non-finite coordinate.
  public var isEmpty: Bool { !(width > 0 && height > 0) || !isFinite }

  /// Whether the origin and size are finite.
  public var isFinite: Bool { origin.isFinite && size.isFinite }

  /// Whether `point` lies inside: `minX <= x < maxX` and `minY <= y < maxY`.
  ///
  /// A point with a NaN coordinate is inside no rectangle.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies entirely inside this rectangle (edges may coincide).
  public func contains(_ other: Rect) -> Bool {
    !other.isEmpty && other.minX >= minX && other.maxX <= maxX && other.minY >= minY
      && other.maxY <= maxY
  }

  /// Whether the two rectangles share a region of positive area.
  public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

  /// The region both rectangles cover, or `.zero`-sized rectangle when they do not overlap.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle that covers both; an empty rectangle does not contribute.
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other.standardized }
    if other.isEmpty { return standardized }
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (negative grows).
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let r = standardized
    return Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
  }

  /// The rectangle shrunk by `insets`, edge by edge (negative values grow it).
  public func inset(by insets: EdgeInsets) -> Rect {
    let r = standardized
    return Rect(
      x: r.minX + insets.left, y: r.minY + insets.top,
      width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
  }

  /// The smallest rectangle with integer coordinates that covers this one.
  public var integral: Rect {
    let x0 = minX.rounded(.down)
    let y0 = minY.rounded(.down)
    return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
  }

  public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
