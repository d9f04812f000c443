import Glibc
import TactileGeometry
import Testing

@testable import TactileRaster

// Seeded random shapes against references worked out independently of the rasterizer: polygons
// (self-intersecting, both fill rules) cut into trapezoids of one winding number each and clipped to
// every pixel, ellipses integrated in closed form over every pixel. A coverage byte is the exact area
// rounded to the nearest of 255 levels, so each pixel may be off by half a level; the tolerances
// below add the fixed-point slack (2⁻¹⁶ of a pixel per edge and row in the scan converter, far less
// in the closed-form ellipses) as 0.05 levels.

/// How far a pixel's alpha may be from 255 × its exact area: half a level of rounding plus slack.
private let levelTolerance = 0.55

private func closedPath(_ points: [Point]) -> Path {
  var path = Path()
  path.move(to: points[0])
  for p in points.dropFirst() { path.addLine(to: p) }
  path.closeSubpath()
  return path
}

/// The y where segments `a` and `b` cross inside both, if they do.
private func crossingY(_ a: (Point, Point), _ b: (Point, Point)) -> Double? {
  let (r, s) = (a.1 - a.0, b.1 - b.0)
  let denominator = r.x * s.y - r.y * s.x
  guard denominator != 0 else { return nil }
  let d = b.0 - a.0
  let t = (d.x * s.y - d.y * s.x) / denominator
  let u = (d.x * r.y - d.y * r.x) / denominator
  guard t > 0, t < 1, u > 0, u < 1 else { return nil }
  return a.0.y + t * r.y
}

/// How many times the edges of `polygon` cross each other.
private func edgeCrossings(_ polygon: [Point]) -> Int {
  let n = polygon.count
  let edges = (0..<n).map { (polygon[$0], polygon[($0 + 1) % n]) }
  return (0..<n).reduce(0) { count, i in
    count + ((i + 1)..<n).filter { crossingY(edges[i], edges[$0]) != nil }.count
  }
}

/// The plane inside `polygon`'s outline cut into trapezoids with horizontal tops and bottoms, each
/// with the winding number of its points: between two successive heights where a vertex lies or two
/// edges cross, the edges keep their order, so the regions between neighbouring edges are trapezoids.
private func windingTrapezoids(_ polygon: [Point]) -> [(corners: [Point], winding: Int)] {
  let n = polygon.count
  let edges = (0..<n).map { (polygon[$0], polygon[($0 + 1) % n]) }
  var heights = polygon.map(\.y)
  for i in 0..<n {
    for j in (i + 1)..<n {
      if let y = crossingY(edges[i], edges[j]) { heights.append(y) }
    }
  }
  heights.sort()
  var trapezoids = [(corners: [Point], winding: Int)]()
  for (top, bottom) in zip(heights, heights.dropFirst()) where bottom > top {
    let middle = 0.5 * (top + bottom)
    var active = [(middle: Double, top: Double, bottom: Double, direction: Int)]()
    for (p, q) in edges where min(p.y, q.y) <= top && max(p.y, q.y) >= bottom {
      func x(_ y: Double) -> Double { p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y) }
      active.append((x(middle), x(top), x(bottom), q.y > p.y ? 1 : -1))
    }
    active.sort { $0.middle < $1.middle }
    var winding = 0
    for (a, b) in zip(active, active.dropFirst()) {
      winding += a.direction
      guard winding != 0 else { continue }
      let corners = [
        Point(x: a.top, y: top), Point(x: b.top, y: top), Point(x: b.bottom, y: bottom),
        Point(x: a.bottom, y: bottom),
      ]
      trapezoids.append((corners, winding))
    }
  }
  return trapezoids
}

/// Whether winding number (or winding area) `w` is inside under `rule`, as a fraction: the rule
/// applied to a number, the way the scan converter applies it to a pixel's summed winding area.
private func ruled(_ w: Double, _ rule: FillRule) -> Double {
  let a = abs(w)
  guard rule == .evenOdd else { return min(a, 1) }
  let folded = a.truncatingRemainder(dividingBy: 2)
  return folded > 1 ? 2 - folded : folded
}

/// Per pixel of a `width × height` pixmap: the exact area of `polygon`'s fill under `rule`, and the
/// rule applied to the pixel's winding area (the integral of the winding number over the pixel).
/// The two differ only in pixels where the winding number changes by more than one step.
private func polygonReference(
  _ polygon: [Point], rule: FillRule, width: Int, height: Int
) -> (exact: [Double], ofWindingArea: [Double]) {
  var exact = [Double](repeating: 0, count: width * height)
  var windingArea = exact
  for (corners, winding) in windingTrapezoids(polygon) {
    let xs = corners.map(\.x)
    let (y0, y1) = (Int(corners[0].y.rounded(.down)), Int(corners[2].y.rounded(.up)))
    let (x0, x1) = (Int(xs.min()!.rounded(.down)), Int(xs.max()!.rounded(.up)))
    for y in max(0, y0)..<min(height, y1) {
      for x in max(0, x0)..<min(width, x1) {
        let area = exactCoverage(of: corners, pixelX: x, pixelY: y)
        exact[y * width + x] += ruled(Double(winding), rule) * area
        windingArea[y * width + x] += Double(winding) * area
      }
    }
  }
  return (exact, windingArea.map { ruled($0, rule) })
}

/// The exact area of the ellipse centred on (`cx`, `cy`) with radii `rx`, `ry` inside pixel (`px`,
/// `py`): the integral over the pixel's columns of the ellipse's height clipped to the pixel's rows,
/// in closed form between the points where the clipping changes (the arc's antiderivative).
private func exactEllipseCoverage(
  cx: Double, cy: Double, rx: Double, ry: Double, pixelX px: Int, pixelY py: Int
) -> Double {
  let (y0, y1) = (Double(py), Double(py + 1))
  let a = max(Double(px), cx - rx)
  let b = min(Double(px + 1), cx + rx)
  guard a < b else { return 0 }
  func t(_ u: Double) -> Double { min(1, max(-1, (u - cx) / rx)) }
  func h(_ u: Double) -> Double { ry * max(0, 1 - t(u) * t(u)).squareRoot() }
  // The integral of h from the centre to u.
  func integral(_ u: Double) -> Double {
    let v = t(u)
    return 0.5 * rx * ry * (v * max(0, 1 - v * v).squareRoot() + asin(v))
  }
  var cuts = [a, b]
  for d in [y0 - cy, y1 - cy, cy - y0, cy - y1] where d > 0 && d < ry {
    let offset = rx * (1 - (d / ry) * (d / ry)).squareRoot()
    for u in [cx - offset, cx + offset] where u > a && u < b { cuts.append(u) }
  }
  cuts.sort()
  var area = 0.0
  for (u0, u1) in zip(cuts, cuts.dropFirst()) where u1 > u0 {
    let middle = 0.5 * (u0 + u1)
    let (upper, lower) = (cy - h(middle), cy + h(middle))
    guard min(y1, lower) > max(y0, upper) else { continue }
    let arc = integral(u1) - integral(u0)
    let width = u1 - u0
    // The top is the arc or the pixel's top, the bottom the arc or the pixel's bottom.
    let bottom = lower < y1 ? cy * width + arc : y1 * width
    let top = upper > y0 ? cy * width - arc : y0 * width
    area += bottom - top
  }
  return area
}

/// A polygon of `count` vertices anywhere in the square `margin ... size − margin`: its edges cross
/// each other many times.
private func randomPolygon(_ random: inout SeededDoubles, count: Int, size: Double, margin: Double) -> [Point]
{
  (0..<count).map { _ in
    Point(x: random.next(in: margin...(size - margin)), y: random.next(in: margin...(size - margin)))
  }
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func randomSelfIntersectingPolygonsCoverTheirExactAreaUnderEitherFillRule(rule: FillRule) {
  // Each pixel's alpha is the rule applied to its winding area, rounded (the scan converter's
  // contract). Where the winding number changes by one step at most inside a pixel that is the exact
  // area; where it changes by more (near a crossing of two edges, or where two edges of the same
  // direction pass through one pixel) it is not, and the summed coverage may differ from the exact
  // area by that known amount, worked out from the reference, plus half a level per pixel.
  let size = 64
  var random = SeededDoubles(state: rule == .nonZero ? 29 : 37)
  for shape in 0..<8 {
    let polygon = randomPolygon(&random, count: shape < 4 ? 10 : 5 + shape, size: Double(size), margin: 1)
    let image = render(width: size, height: size) {
      $0.fill(closedPath(polygon), rule: rule, with: opaqueBlack)
    }
    let reference = polygonReference(polygon, rule: rule, width: size, height: size)
    var (covered, exactArea, crossingSlack, roundingSlack) = (0.0, 0.0, 0.0, 0.0)
    var (wrongPixels, crossingPixels) = (0, 0)
    for y in 0..<size {
      for x in 0..<size {
        let i = y * size + x
        let (exact, model) = (reference.exact[i], reference.ofWindingArea[i])
        let alpha = Double(image[x, y].alpha)
        covered += alpha / 255
        exactArea += exact
        if abs(exact - model) > 1e-9 {
          crossingSlack += abs(exact - model)
          crossingPixels += 1
        }
        if exact > 0 && exact < 1 || model > 0 && model < 1 { roundingSlack += levelTolerance / 255 }
        if abs(alpha - 255 * model) > levelTolerance { wrongPixels += 1 }
      }
    }
    #expect(
      wrongPixels == 0, "shape \(shape): \(wrongPixels) pixels off their area by more than half a level")
    #expect(
      abs(covered - exactArea) <= crossingSlack + roundingSlack,
      """
      shape \(shape): coverage \(covered) against the exact area \(exactArea) (crossing pixels \(crossingPixels) \
      allow \(crossingSlack), rounding \(roundingSlack))
      """)
    // The shapes do cross themselves, and cover a sizeable area.
    #expect(edgeCrossings(polygon) > 0 && exactArea > 100, "shape \(shape)")
  }
}

@Test func randomCirclesAndEllipsesAtSubpixelPositionsCoverTheirExactAreaInEveryPixel() {
  // Radii from a third of a pixel to 40 pixels, centres anywhere within a pixel, circles and
  // ellipses of either orientation: every pixel within half a level of its exact area, and the
  // coverage summed over the pixmap π·rx·ry within half a level per partly covered pixel.
  let size = 96
  var random = SeededDoubles(state: 6)
  for shape in 0..<24 {
    let rx = shape < 4 ? random.next(in: 0.3...2) : random.next(in: 2...40)
    let ry = shape % 3 == 0 ? rx : shape < 4 ? random.next(in: 0.3...2) : random.next(in: 2...40)
    let cx = random.next(in: (rx + 1)...(Double(size) - rx - 1))
    let cy = random.next(in: (ry + 1)...(Double(size) - ry - 1))
    let image = render(width: size, height: size) {
      $0.fillEllipse(in: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry), with: opaqueBlack)
    }
    var (covered, partial, wrongPixels, worst) = (0.0, 0, 0, 0.0)
    for y in 0..<size {
      for x in 0..<size {
        let exact = exactEllipseCoverage(cx: cx, cy: cy, rx: rx, ry: ry, pixelX: x, pixelY: y)
        let alpha = Double(image[x, y].alpha)
        covered += alpha / 255
        if exact > 0 && exact < 1 { partial += 1 }
        worst = max(worst, abs(alpha - 255 * exact))
        if abs(alpha - 255 * exact) > levelTolerance { wrongPixels += 1 }
      }
    }
    let shapeName = "ellipse at \(cx), \(cy) radii \(rx), \(ry)"
    #expect(wrongPixels == 0, "\(shapeName): \(wrongPixels) pixels off, worst by \(worst) levels")
    let area = Double.pi * rx * ry
    #expect(
      abs(covered - area) <= Double(partial) * levelTolerance / 255,
      "\(shapeName): coverage \(covered) against π·rx·ry = \(area)")
  }
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func aRandomSceneRedrawnThroughRandomClipsEqualsTheFullDrawInsideThem(rule: FillRule) {
  // Translucent circles, ellipses and self-intersecting polygons over a random background, redrawn
  // through whole-pixel clips (damaged rectangles) of random place and size: inside the clip every
  // byte equals the full draw's, outside it the background is untouched.
  let (width, height) = (80, 60)
  var random = SeededDoubles(state: rule == .nonZero ? 41 : 43)
  var draws = [(Canvas) -> Void]()
  for _ in 0..<12 {
    let paint = Paint.color(
      Color(red: random.next(), green: random.next(), blue: random.next(), alpha: random.next(in: 0.3...0.9)))
    let (rx, ry) = (random.next(in: 0.4...30), random.next(in: 0.4...30))
    let rect = Rect(
      x: random.next(in: -10...Double(width)) - rx, y: random.next(in: -10...Double(height)) - ry,
      width: 2 * rx, height: 2 * ry)
    draws.append { $0.fillEllipse(in: rect, with: paint) }
    let polygon = randomPolygon(&random, count: 10, size: Double(width), margin: -6)
    draws.append { $0.fill(closedPath(polygon), rule: rule, with: paint) }
  }
  let background = testPixels(width * height, seed: rule == .nonZero ? 5 : 8)
  func draw(clip: Rect?) -> Image {
    var image = try! Image(width: width, height: height, pixels: background)
    image.withPixmap {
      let canvas = Canvas(pixmap: $0)
      if let clip { canvas.clip(to: clip) }
      for draw in draws { draw(canvas) }
    }
    return image
  }
  let full = draw(clip: nil)
  for _ in 0..<10 {
    let (x0, y0) = (Int(random.next() * Double(width - 1)), Int(random.next() * Double(height - 1)))
    let clip = Rect(
      x: Double(x0), y: Double(y0), width: Double(1 + Int(random.next() * Double(width - x0))),
      height: Double(1 + Int(random.next() * Double(height - y0))))
    let clipped = draw(clip: clip)
    var mismatches = 0
    for y in 0..<height {
      for x in 0..<width {
        let inside = clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        let want = inside ? full[x, y] : PremultipliedColor(argb: background[y * width + x])
        if clipped[x, y] != want { mismatches += 1 }
      }
    }
    #expect(mismatches == 0, "clip \(clip)")
  }
}
