/// A width and a height, in logical units, like `CGSize`. Negative values are allowed, as in UIKit;
/// ``Rect/standardized`` turns a rectangle with a negative size into the equivalent positive one.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size with zero width and height.
  public static let zero = Size(width: 0, height: 0)

  /// Whether both dimensions are finite.
  public var isFinite: Bool { width.isFinite && height.isFinite }

  public var description: String { "\(width)×\(height)" }

  public static func * (lhs: Size, rhs: Double) -> Size {
    Size(width: lhs.width * rhs, height: lhs.height * rhs)
  }
}
