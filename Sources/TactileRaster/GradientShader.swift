import TactileGeometry

/// Evaluates linear and radial gradients per device pixel centre through a 256-entry table of
/// premultiplied colours (stops are interpolated in straight sRGB, then premultiplied), made once per
/// gradient's stops (``GradientColors``).
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
  /// For a linear gradient whose colour does not change down the canvas (a horizontal one, unrotated)
  /// every row is the same: the last row computed, and where it started.
  private var cachedRow = ScratchBuffer<UInt32>()
  private var cachedCount = 0
  private var cachedStart = Int.min
  private var rowsRepeat = false

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
      guard let table = g.colors.colorTable else { return nil }
      self.table = table
    case .radialGradient(let g):
      guard g.radius > 0, g.radius.isFinite, g.center.isFinite else { return nil }
      geometry = .radial(center: g.center, radius: g.radius)
      guard let table = g.colors.colorTable else { return nil }
      self.table = table
    }
    self.inverse = inverse
    if case .linear(_, let axis) = geometry {
      rowsRepeat = inverse.c * axis.x + inverse.d * axis.y == 0
    }
  }

  /// The colour table, or nil when there are no usable stops: 256 premultiplied entries for t = i/255,
  /// straight components interpolated between the surrounding stops (pad beyond the ends).
  static func table(_ stops: [GradientStop]) -> [UInt32]? {
    let sorted = stops.filter { $0.location.isFinite }.sorted { $0.location < $1.location }
    guard !sorted.isEmpty else { return nil }
    // Straight components scaled to 0...255 and clamped, per stop: alpha, red, green, blue.
    func clamped(_ v: Double) -> Double { v > 0 ? min(255, v * 255) : 0 }
    let levels = sorted.map { s in
      [clamped(s.color.alpha), clamped(s.color.red), clamped(s.color.green), clamped(s.color.blue)]
    }
    var table = [UInt32](repeating: 0, count: 256)
    var upper = 0
    var v = [0.0, 0, 0, 0]
    for i in 0..<256 {
      let t = Double(i) / 255
      while upper < sorted.count && sorted[upper].location < t { upper += 1 }
      if upper == 0 || upper == sorted.count {
        v = levels[max(0, upper - 1)]
      } else {
        let (a, b) = (sorted[upper - 1].location, sorted[upper].location)
        let f = b > a ? (t - a) / (b - a) : 1
        for c in 0..<4 { v[c] = levels[upper - 1][c] + (levels[upper][c] - levels[upper - 1][c]) * f }
      }
      table[i] =
        PremultipliedColor(
          straightAlpha8: UInt8(v[0] + 0.5), red8: UInt8(v[1] + 0.5), green8: UInt8(v[2] + 0.5),
          blue8: UInt8(v[3] + 0.5)
        ).argb
    }
    return table
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
        if rowsRepeat && cachedStart == x && cachedCount >= count { return .pixels(cachedRow.pointer) }
        // Table position (t × 255, rounded) stepped in 32.32 fixed point.
        let limit = Double(1 << 30)
        var position = Int64((max(-limit, min(limit, t0 * 255 + 0.5)) * 4_294_967_296).rounded(.down))
        let step = Int64((max(-limit, min(limit, dt * 255)) * 4_294_967_296).rounded(.down))
        for i in 0..<count {
          out[i] = lut[Int(min(max(position >> 32, 0), 255))]
          position &+= step
        }
        if rowsRepeat {
          cachedRow.reserve(count)
          cachedRow.pointer.update(from: out, count: count)
          (cachedStart, cachedCount) = (x, count)
        }
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
