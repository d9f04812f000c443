import TactileGeometry

/// Evaluates linear and radial gradients per device pixel centre through a 256-entry table of
/// premultiplied colours (stops are interpolated in straight sRGB, then premultiplied).
final class GradientShader: Shader {
  enum Geometry {
    /// `t = dot(p − start, axis)`, with `axis = (end − start) / |end − start|²`.
    case linear(start: Point, axis: Point)
    /// `t = |p − center| / radius`.
    case radial(center: Point, radius: Double)
  }

  private let geometry: Geometry
  /// Device pixel to user space.
  private let inverse: AffineTransform
  private let table: [UInt32]

  /// A shader for `paint` under `transform`, or nil when nothing can be drawn (a non-invertible
  /// transform, no stops, a non-finite parameter or a zero-length gradient that has no defined colour).
  init?(_ paint: Paint, transform: AffineTransform) {
    guard let inverse = transform.inverted() else { return nil }
    switch paint {
    case .color: return nil
    case .linearGradient(let g):
      let d = g.end - g.start
      let length2 = d.x * d.x + d.y * d.y
      guard length2 > 0, length2.isFinite, g.start.isFinite else { return nil }
      geometry = .linear(start: g.start, axis: Point(x: d.x / length2, y: d.y / length2))
      guard let table = Self.table(g.stops) else { return nil }
      self.table = table
    case .radialGradient(let g):
      guard g.radius > 0, g.radius.isFinite, g.center.isFinite else { return nil }
      geometry = .radial(center: g.center, radius: g.radius)
      guard let table = Self.table(g.stops) else { return nil }
      self.table = table
    }
    self.inverse = inverse
  }

  /// The colour table, or nil when there are no usable stops.
  static func table(_ stops: [GradientStop]) -> [UInt32]? {
    let sorted = stops.filter { $0.location.isFinite }.sorted { $0.location < $1.location }
    guard let first = sorted.first, let last = sorted.last else { return nil }
    return (0..<256).map { i in
      let t = Double(i) / 255
      guard t > first.location else { return first.color.premultiplied.argb }
      guard t < last.location else { return last.color.premultiplied.argb }
      let upper = sorted.firstIndex { $0.location >= t }!
      let (a, b) = (sorted[upper - 1], sorted[upper])
      let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
      func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
      return Color(
        red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
        blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha)
      ).premultiplied.argb
    }
  }

  func row(x: Int, y: Int, count: Int, scratch out: UnsafeMutablePointer<UInt32>) -> ShaderRow {
    let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    let (dx, dy) = (inverse.a, inverse.b)
    return table.withUnsafeBufferPointer { lut in
      switch geometry {
      case .linear(let start, let axis):
        let t0 = (p.x - start.x) * axis.x + (p.y - start.y) * axis.y
        let dt = dx * axis.x + dy * axis.y
        // A gradient running across the row (a vertical one, unrotated) is one colour per row.
        if dt == 0 { return .constant(lut[Self.index(t0)]) }
        for i in 0..<count { out[i] = lut[Self.index(t0 + Double(i) * dt)] }
      case .radial(let center, let radius):
        let (ux, uy) = ((p.x - center.x) / radius, (p.y - center.y) / radius)
        let (sx, sy) = (dx / radius, dy / radius)
        for i in 0..<count {
          let (qx, qy) = (ux + Double(i) * sx, uy + Double(i) * sy)
          out[i] = lut[Self.index((qx * qx + qy * qy).squareRoot())]
        }
      }
      return .pixels(out)
    }
  }

  @inline(__always)
  static func index(_ t: Double) -> Int {
    let v = t * 255 + 0.5
    return v <= 0 ? 0 : (v >= 255 ? 255 : Int(v))
  }
}
