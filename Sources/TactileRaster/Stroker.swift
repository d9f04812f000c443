import Glibc
import TactileGeometry

/// Turns polylines into the polygons that cover their stroke: one quadrilateral per segment, one wedge
/// per join and one piece per cap, each oriented clockwise so that filling them together with the
/// nonzero rule gives their union.
///
/// Where pieces overlap inside the stroke the union is exact; along the inner side of sharp corners the
/// overlapping pieces can make edge pixels slightly too opaque.
struct Stroker {
  let style: StrokeStyle
  /// Half the line width.
  let half: Double
  /// Angle step of round joins and caps (from the stroke's size on screen).
  let roundStep: Double
  private(set) var pieces: [[Point]] = []

  /// - Parameters:
  ///   - style: the width, caps and joins.
  ///   - deviceScale: how much the transform enlarges lengths, for the smoothness of round parts.
  init(style: StrokeStyle, deviceScale: Double) {
    self.style = style
    half = style.width / 2
    roundStep = ShapeOutline.segmentAngle(deviceRadius: half * deviceScale)
  }

  /// Adds the stroke of one polyline.
  mutating func add(_ line: Polyline) {
    var points = [Point]()
    for p in line.points where points.last.map({ $0.distance(to: p) > 1e-9 }) ?? true {
      points.append(p)
    }
    if line.closed, points.count > 2, points[0].distance(to: points[points.count - 1]) <= 1e-9 {
      points.removeLast()
    }
    guard points.count > 1 else {
      if let p = points.first { dot(at: p) }
      return
    }
    let closed = line.closed && points.count > 2
    let segmentCount = closed ? points.count : points.count - 1
    for i in 0..<segmentCount {
      let (a, b) = (points[i], points[(i + 1) % points.count])
      let n = normal(a, b)
      add([a + n, b + n, b - n, a - n])
    }
    let joints = closed ? Array(0..<points.count) : Array(1..<(points.count - 1))
    for i in joints {
      let count = points.count
      join(points[(i + count - 1) % count], points[i], points[(i + 1) % count])
    }
    if !closed {
      cap(at: points[0], from: points[1])
      cap(at: points[points.count - 1], from: points[points.count - 2])
    }
  }

  /// The left normal of `a → b`, `half` long.
  private func normal(_ a: Point, _ b: Point) -> Point {
    let d = b - a
    let length = (d.x * d.x + d.y * d.y).squareRoot()
    return Point(x: -d.y / length * half, y: d.x / length * half)
  }

  /// A zero-length subpath: a disc for round caps, a square for square caps, nothing for butt caps.
  private mutating func dot(at p: Point) {
    switch style.cap {
    case .butt: return
    case .round: add(arc(center: p, from: 0, sweep: 2 * Double.pi))
    case .square:
      add([
        p + Point(x: -half, y: -half), p + Point(x: half, y: -half), p + Point(x: half, y: half),
        p + Point(x: -half, y: half),
      ])
    }
  }

  private mutating func join(_ previous: Point, _ p: Point, _ next: Point) {
    let n0 = normal(previous, p)
    let n1 = normal(p, next)
    let d0 = p - previous
    let d1 = next - p
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = (n0.x * n1.x + n0.y * n1.y) / (half * half)
    if abs(cross) <= 1e-12 * (d0.distance(to: .zero) * d1.distance(to: .zero)) && dot > 0 { return }
    let side = cross > 0 ? -1.0 : 1.0
    let (a, b) = (p + n0 * side, p + n1 * side)
    switch style.join {
    case .bevel: add([p, a, b])
    case .miter:
      if dot > -1 + 1e-12, (2 / (1 + dot)).squareRoot() <= style.miterLimit {
        add([p, a, p + (n0 + n1) * (side / (1 + dot)), b])
      } else {
        add([p, a, b])
      }
    case .round:
      let start = atan2(a.y - p.y, a.x - p.x)
      var sweep = atan2(b.y - p.y, b.x - p.x) - start
      if sweep > Double.pi { sweep -= 2 * Double.pi }
      if sweep < -Double.pi { sweep += 2 * Double.pi }
      add([p] + arc(center: p, from: start, sweep: sweep))
    }
  }

  /// The cap at `end`, for a stroke arriving from `from`.
  private mutating func cap(at end: Point, from: Point) {
    let n = normal(from, end)
    let d = Point(x: n.y, y: -n.x)  // along the stroke, outwards, `half` long
    switch style.cap {
    case .butt: return
    case .square: add([end + n, end + n + d, end - n + d, end - n])
    case .round:
      add(arc(center: end, from: atan2(n.y, n.x), sweep: -Double.pi))
    }
  }

  /// Points on a circle of radius `half` (ends on the circle, inner points balanced outwards).
  private func arc(center: Point, from start: Double, sweep: Double) -> [Point] {
    let count = max(1, Int((abs(sweep) / roundStep).rounded(.up)))
    let step = sweep / Double(count)
    let k = ShapeOutline.balance(abs(step))
    return (0...count).map { j in
      let a = start + Double(j) * step
      let r = j == 0 || j == count ? half : half * k
      return Point(x: center.x + r * cos(a), y: center.y + r * sin(a))
    }
  }

  /// Adds a piece, reversed if needed so that it runs clockwise on screen; flat pieces are dropped.
  private mutating func add(_ polygon: [Point]) {
    var area = 0.0
    var previous = polygon[polygon.count - 1]
    for p in polygon {
      area += previous.x * p.y - p.x * previous.y
      previous = p
    }
    if area > 0 {
      pieces.append(polygon)
    } else if area < 0 {
      pieces.append(polygon.reversed())
    }
  }
}
