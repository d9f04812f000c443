import Glibc
import TactileGeometry

/// Polygons in device pixels for the canvas's shapes, fine enough that anti-aliasing stays within about
/// 1 % of a pixel of the true curve: arcs are split by their size on screen, and the vertices of arc
/// polygons sit slightly outside the arc so that the polygon's error balances out.
///
/// Every outline runs clockwise on the screen (positive area with y down).
enum ShapeOutline {
  /// The largest distance, in device pixels, between a curve and its polygon.
  static let tolerance = 0.01

  /// The largest factor by which `transform` stretches a length.
  static func scaleFactor(of t: AffineTransform) -> Double {
    let s = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    return s.isFinite ? s : 0
  }

  /// The angle step for an arc of `deviceRadius` pixels (at most a quarter turn).
  static func segmentAngle(deviceRadius: Double) -> Double {
    guard deviceRadius > tolerance else { return Double.pi / 2 }
    return min(Double.pi / 2, 4 * (tolerance / deviceRadius).squareRoot())
  }

  /// How far arc vertices are pushed out (a factor on the radius) for a given angle step.
  static func balance(_ step: Double) -> Double { 2 / (1 + cos(step / 2)) }

  /// The corners of `rect`, mapped.
  static func rect(_ rect: Rect, _ t: AffineTransform) -> [Point] {
    let r = rect.standardized
    return [
      t.apply(to: Point(x: r.minX, y: r.minY)), t.apply(to: Point(x: r.maxX, y: r.minY)),
      t.apply(to: Point(x: r.maxX, y: r.maxY)), t.apply(to: Point(x: r.minX, y: r.maxY)),
    ]
  }

  /// The ellipse inscribed in `rect`, mapped.
  static func ellipse(in rect: Rect, _ t: AffineTransform) -> [Point] {
    let r = rect.standardized
    let (rx, ry) = (r.width / 2, r.height / 2)
    let step0 = segmentAngle(deviceRadius: max(rx, ry) * scaleFactor(of: t))
    let perQuarter = max(1, Int((Double.pi / 2 / step0).rounded(.up)))
    let arc = QuarterArc.table(perQuarter)
    let k = balance(Double.pi / 2 / Double(perQuarter))
    let c = r.center
    var points = [Point]()
    points.reserveCapacity(4 * perQuarter)
    for quarter in 0..<4 {
      for j in 0..<perQuarter {
        let (cosA, sinA) = QuarterArc.rotated(arc[j], quarter)
        points.append(t.apply(to: Point(x: c.x + k * rx * cosA, y: c.y + k * ry * sinA)))
      }
    }
    return points
  }

  /// The rounded rectangle's outline, mapped.
  static func roundedRect(_ shape: RoundedRect, _ t: AffineTransform) -> [Point] {
    let r = shape.rect.standardized
    let radii = shape.effectiveRadii
    let scale = scaleFactor(of: t)
    let corners: [(Double, Double, Double)] = [
      (radii.topLeft, r.minX + radii.topLeft, r.minY + radii.topLeft),
      (radii.topRight, r.maxX - radii.topRight, r.minY + radii.topRight),
      (radii.bottomRight, r.maxX - radii.bottomRight, r.maxY - radii.bottomRight),
      (radii.bottomLeft, r.minX + radii.bottomLeft, r.maxY - radii.bottomLeft),
    ]
    var points = [Point]()
    points.reserveCapacity(4 * 16)
    for (i, (radius, cx, cy)) in corners.enumerated() {
      guard radius > 0 else {
        points.append(t.apply(to: Point(x: cx, y: cy)))
        continue
      }
      let count = max(1, Int((Double.pi / 2 / segmentAngle(deviceRadius: radius * scale)).rounded(.up)))
      let arc = QuarterArc.table(count)
      let k = balance(Double.pi / 2 / Double(count))
      for j in 0...count {
        let (cosA, sinA) = QuarterArc.rotated(arc[j], (i + 2) % 4)
        let rr = j == 0 || j == count ? radius : radius * k
        points.append(t.apply(to: Point(x: cx + rr * cosA, y: cy + rr * sinA)))
      }
    }
    return points
  }
}

/// Cosines and sines of a quarter turn split into equal steps, computed once per step count; the other
/// quarters are the same values rotated.
enum QuarterArc {
  /// Step counts up to this are tabulated; larger ones are computed on each use.
  static let tabulated = 256

  /// `tables[n]`: the `n + 1` points `(cos, sin)` of angles `0, π/2n, …, π/2`.
  private static let tables: [[(Double, Double)]] = (0...tabulated).map { compute($0) }

  private static func compute(_ count: Int) -> [(Double, Double)] {
    guard count > 0 else { return [(1, 0)] }
    return (0...count).map { j in
      let a = Double(j) * Double.pi / 2 / Double(count)
      return (cos(a), sin(a))
    }
  }

  static func table(_ count: Int) -> [(Double, Double)] {
    count <= tabulated ? tables[count] : compute(count)
  }

  /// A table point turned by `quarters` quarter turns (towards +y).
  @inline(__always)
  static func rotated(_ p: (Double, Double), _ quarters: Int) -> (Double, Double) {
    switch quarters & 3 {
    case 0: return p
    case 1: return (-p.1, p.0)
    case 2: return (-p.0, -p.1)
    default: return (p.1, -p.0)
    }
  }
}
