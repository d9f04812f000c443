import Glibc

/// A 2-D affine transform, like `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
///
/// Composition follows Core Graphics: `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by `x`, `y`.
  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `x` horizontally and `y` vertically.
  public init(scaleX x: Double, y: Double) {
    self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians; positive angles turn the x axis towards the y axis (clockwise on a
  /// screen whose y axis points down, as in UIKit).
  public init(rotationAngle angle: Double) {
    let s = sin(angle)
    let co = cos(angle)
    self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
  }

  public var isIdentity: Bool { self == .identity }

  /// Whether the transform only translates (no scale, rotation or shear).
  public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

  /// The determinant; zero for a transform that collapses the plane onto a line or a point.
  public var determinant: Double { a * d - b * c }

  /// `self` followed by `other`.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A translation applied before `self`, as `CGAffineTransform.translatedBy(x:y:)`.
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// A scale applied before `self`, as `CGAffineTransform.scaledBy(x:y:)`.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation applied before `self`, as `CGAffineTransform.rotated(by:)`.
  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The inverse transform, or `nil` when the transform is not invertible (its determinant is zero or
  /// not finite). UIKit returns the transform unchanged in that case; an optional makes the failure
  /// impossible to miss.
  public func inverted() -> AffineTransform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return AffineTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }

  /// Maps a point.
  public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  /// Maps a size as a vector (translation ignored).
  public func apply(to size: Size) -> Size {
    Size(width: a * size.width + c * size.height, height: b * size.width + d * size.height)
  }

  /// The smallest axis-aligned rectangle that covers the mapped corners of `rect`.
  public func apply(to rect: Rect) -> Rect {
    // Without allocating: renderers map a rectangle per view per frame.
    let r = rect.standardized
    let p0 = apply(to: Point(x: r.minX, y: r.minY))
    let p1 = apply(to: Point(x: r.maxX, y: r.minY))
    let p2 = apply(to: Point(x: r.minX, y: r.maxY))
    let p3 = apply(to: Point(x: r.maxX, y: r.maxY))
    let x0 = min(p0.x, p1.x, p2.x, p3.x)
    let y0 = min(p0.y, p1.y, p2.y, p3.y)
    return Rect(
      x: x0, y: y0, width: max(p0.x, p1.x, p2.x, p3.x) - x0, height: max(p0.y, p1.y, p2.y, p3.y) - y0)
  }

  public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension AffineTransform {
  /// Whether all six coefficients are finite (neither infinite nor NaN).
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }
}
