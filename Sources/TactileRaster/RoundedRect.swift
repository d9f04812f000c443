import TactileGeometry

/// The radii of the four corners of a ``RoundedRect``, in the rectangle's units.
public struct CornerRadii: Hashable, Sendable {
  public var topLeft: Double
  public var topRight: Double
  public var bottomRight: Double
  public var bottomLeft: Double

  public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// The same radius on every corner.
  public init(all radius: Double) {
    self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
  }

  public static let zero = CornerRadii(all: 0)

  /// Every radius changed by `delta`, never below zero (the radii of an outline grown or, with a negative
  /// `delta`, shrunk by `delta` on every side).
  public func adding(_ delta: Double) -> CornerRadii {
    CornerRadii(
      topLeft: max(0, topLeft + delta), topRight: max(0, topRight + delta),
      bottomRight: max(0, bottomRight + delta), bottomLeft: max(0, bottomLeft + delta))
  }
}

/// A rectangle with circular corners of individual radii, like a `CALayer` with `cornerRadius` and
/// `maskedCorners`.
///
/// Radii are used as CSS does: negative or non-finite radii count as zero, and when two radii on one
/// edge add up to more than the edge, all radii are scaled down by the same factor until they fit.
public struct RoundedRect: Hashable, Sendable {
  public var rect: Rect
  public var radii: CornerRadii

  public init(rect: Rect, radii: CornerRadii) {
    self.rect = rect
    self.radii = radii
  }

  public init(rect: Rect, cornerRadius: Double) {
    self.init(rect: rect, radii: CornerRadii(all: cornerRadius))
  }

  /// The radii that are actually drawn: clamped to be non-negative and scaled to fit the rectangle.
  public var effectiveRadii: CornerRadii {
    let r = rect.standardized
    func clean(_ v: Double) -> Double { v.isFinite && v > 0 ? v : 0 }
    var c = CornerRadii(
      topLeft: clean(radii.topLeft), topRight: clean(radii.topRight),
      bottomRight: clean(radii.bottomRight), bottomLeft: clean(radii.bottomLeft))
    var scale = 1.0
    for (sum, side) in [
      (c.topLeft + c.topRight, r.width), (c.bottomLeft + c.bottomRight, r.width),
      (c.topLeft + c.bottomLeft, r.height), (c.topRight + c.bottomRight, r.height),
    ] where sum > side {
      scale = min(scale, side / sum)
    }
    if scale < 1 {
      c = CornerRadii(
        topLeft: c.topLeft * scale, topRight: c.topRight * scale,
        bottomRight: c.bottomRight * scale, bottomLeft: c.bottomLeft * scale)
    }
    return c
  }

  /// The shape grown by `delta` on every side (negative shrinks), radii growing with it.
  func outset(by delta: Double) -> RoundedRect {
    RoundedRect(rect: rect.insetBy(dx: -delta, dy: -delta), radii: effectiveRadii.adding(delta))
  }
}
