import TactileGeometry

/// A subpath reduced to straight segments.
struct Polyline {
  var points: [Point]
  var closed: Bool
}

/// Turns a ``Path`` into polylines: curves are split uniformly into enough segments that no point of
/// the curve is further than `tolerance` from its chord (bounds from the second derivative).
enum PathFlattener {
  /// The most segments one curve becomes (a guard against absurd coordinates).
  static let maximumSegments = 4096

  /// The subpaths of `path` mapped by `transform`, flattened to `tolerance` (in the mapped space).
  /// Returns nothing when a coordinate is not finite.
  static func flatten(
    _ path: Path, transform: AffineTransform, tolerance: Double = ShapeOutline.tolerance
  ) -> [Polyline] {
    var result = [Polyline]()
    var current = Polyline(points: [], closed: false)
    func finish() {
      if current.points.count > 0 { result.append(current) }
      current = Polyline(points: [], closed: false)
    }
    for element in path.elements {
      switch element {
      case .move(let p):
        finish()
        current.points.append(transform.apply(to: p))
      case .line(let p):
        current.points.append(transform.apply(to: p))
      case .quad(let c, let e):
        guard let start = current.points.last else { continue }
        appendQuad(start, transform.apply(to: c), transform.apply(to: e), tolerance, &current.points)
      case .cubic(let c1, let c2, let e):
        guard let start = current.points.last else { continue }
        let (a, b, d) = (transform.apply(to: c1), transform.apply(to: c2), transform.apply(to: e))
        appendCubic(start, a, b, d, tolerance, &current.points)
      case .close:
        current.closed = true
        finish()
      }
    }
    finish()
    let finite = result.allSatisfy { $0.points.allSatisfy(\.isFinite) }
    return finite ? result : []
  }

  static func segments(_ bound: Double, _ tolerance: Double) -> Int {
    let n = (bound / tolerance).squareRoot().rounded(.up)
    return n.isFinite ? max(1, min(maximumSegments, Int(n))) : 1
  }

  static func appendQuad(_ p0: Point, _ p1: Point, _ p2: Point, _ tol: Double, _ out: inout [Point]) {
    let dd = (p0 - p1 * 2 + p2)
    let n = segments((dd.x * dd.x + dd.y * dd.y).squareRoot() / 4, tol)
    for i in 1...n {
      let t = Double(i) / Double(n)
      let u = 1 - t
      out.append(p0 * (u * u) + p1 * (2 * u * t) + p2 * (t * t))
    }
  }

  static func appendCubic(
    _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tol: Double, _ out: inout [Point]
  ) {
    let d1 = p0 - p1 * 2 + p2
    let d2 = p1 - p2 * 2 + p3
    let dd = max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
    let n = segments(dd * 3 / 4, tol)
    for i in 1...n {
      let t = Double(i) / Double(n)
      let u = 1 - t
      let a = u * u * u
      let b = 3 * u * u * t
      let c = 3 * u * t * t
      out.append(p0 * a + p1 * b + p2 * c + p3 * (t * t * t))
    }
  }
}
