import TactileGeometry
import Testing

@testable import TactileRaster

// The scan converter's coverage is an integer area (2¹⁶ units to a pixel) rounded half up to a byte:
// exact fractions give the same level wherever the shape is clipped, and shapes that share an edge add
// up to a whole pixel.

private let white = Paint.color(.white)

private func polygonPath(_ points: [Point]) -> Path {
  var path = Path()
  path.move(to: points[0])
  for p in points.dropFirst() { path.addLine(to: p) }
  path.closeSubpath()
  return path
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func halfCoveredPixelsHaveCoverage128(rule: FillRule) {
  // A triangle whose hypotenuse runs through pixel corners: each diagonal pixel is half covered. A
  // path rectangle (scan converted, not the analytic rectangle) with its sides on pixel middles.
  let image = render(width: 8, height: 8) {
    $0.fill(polygonPath([Point(x: 0, y: 0), Point(x: 6, y: 6), Point(x: 0, y: 6)]), rule: rule, with: white)
    $0.fill(
      polygonPath([Point(x: 2.5, y: 6.5), Point(x: 7.5, y: 6.5), Point(x: 7.5, y: 8), Point(x: 2.5, y: 8)]),
      rule: rule, with: white)
  }
  for y in 0..<6 {
    for x in 0..<8 {
      let expected: UInt8 = x < y ? 255 : x == y ? 128 : 0
      #expect(image[x, y].alpha == expected, "pixel \(x), \(y)")
    }
  }
  for x in 0..<8 {
    let expected: UInt8 = x < 2 ? 0 : x == 2 || x == 7 ? 128 : 255
    #expect(image[x, 6].alpha == (x == 2 || x == 7 ? 64 : x < 2 ? 0 : 128), "pixel \(x), 6")
    #expect(image[x, 7].alpha == expected, "pixel \(x), 7")
  }
}

@Test func aPixelHalfCoveredRightOfASlantedEdgeHasCoverage128WhereverTheClipStarts() {
  // Each row's running sum passes the cells of a shallow slanted side (areas that are no exact
  // fractions, spread over several pixels) before the upright side at a pixel's middle takes half of
  // it away: the pixel must come out as exactly half, whether the row starts left of the slanted
  // side (the full fill) or right of it (a clip).
  let shapes = (0..<6).map { j in
    let (j, zig) = (Double(j), [0.2, 11.6, 0.4, 11.3, 0.7, 11.9, 0.1])
    let side = zip(zig, [33, 27.3, 21.1, 15.7, 9.2, 3.3, -1]).map { Point(x: $0 + 0.13 * j, y: $1) }
    return polygonPath([Point(x: 12.5 + j, y: -1), Point(x: 12.5 + j, y: 33)] + side)
  }
  for (j, shape) in shapes.enumerated() {
    for clip in [
      nil, Rect(x: 11, y: 0, width: 9, height: 32), Rect(x: 12 + Double(j), y: 3, width: 1, height: 20),
    ] {
      let image = render(width: 20, height: 32) {
        if let clip { $0.clip(to: clip) }
        $0.fill(shape, with: white)
      }
      let rows = clip.map { Int($0.minY)..<Int($0.maxY) } ?? 0..<32
      let column = 12 + j
      let wrong = rows.filter { image[column, $0].alpha != 128 }
      #expect(wrong.isEmpty, "shape \(j), clip \(String(describing: clip)): rows \(wrong)")
    }
  }
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func aPathFilledThroughAnyClipEqualsTheSameRegionOfTheFullFill(rule: FillRule) {
  // What a damaged rectangle's repaint relies on. Vertices on an eighth-pixel grid make many pixels'
  // coverage an exact fraction (ties like 127.5 levels), others are arbitrary; the polygons cross
  // every clip's sides.
  var state: UInt32 = 11
  func next() -> Double {
    state = state &* 1_664_525 &+ 1_013_904_223
    return Double(state >> 8) / Double(1 << 24)
  }
  let paths = (0..<24).map { i in
    polygonPath(
      (0..<7).map { _ in
        let (x, y) = (next() * 48 - 4, next() * 40 - 4)
        return i % 2 == 0 ? Point(x: (x * 8).rounded() / 8, y: (y * 8).rounded() / 8) : Point(x: x, y: y)
      })
  }
  let color = Paint.color(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))
  let draw = { (canvas: Canvas) in
    for path in paths { canvas.fill(path, rule: rule, with: color) }
  }
  let full = render(width: 40, height: 32, draw)
  let clips = [
    Rect(x: 3, y: 2, width: 11, height: 9), Rect(x: 17, y: 5, width: 20, height: 22),
    Rect(x: 1, y: 20, width: 38, height: 7), Rect(x: 29, y: 0, width: 3, height: 32),
  ]
  for clip in clips {
    let clipped = render(width: 40, height: 32) {
      $0.clip(to: clip)
      draw($0)
    }
    var differing = 0
    for y in Int(clip.minY)..<Int(clip.maxY) {
      for x in Int(clip.minX)..<Int(clip.maxX) where clipped[x, y] != full[x, y] { differing += 1 }
    }
    #expect(differing == 0, "clip \(clip)")
  }
}

@Test func polygonsSharingAnEdgeAddUpToAWholePixel() {
  // Two quadrilaterals on either side of a slanted edge, each drawn alone: on every pixel the two
  // coverages sum to 255 (both round up only on an exact half, 128 + 128).
  let (a, b) = (Point(x: 2.3, y: -1), Point(x: 9.65, y: 13))
  let left = render(width: 12, height: 12) {
    $0.fill(polygonPath([Point(x: 0, y: -1), a, b, Point(x: 0, y: 13)]), with: white)
  }
  let right = render(width: 12, height: 12) {
    $0.fill(polygonPath([a, Point(x: 12, y: -1), Point(x: 12, y: 13), b]), with: white)
  }
  var seam = 0
  for y in 0..<12 {
    for x in 0..<12 {
      let (l, r) = (Int(left[x, y].alpha), Int(right[x, y].alpha))
      if l != 0 && r != 0 { seam += 1 }
      #expect(l + r == 255 || (l == 128 && r == 128), "pixel \(x), \(y): \(l) + \(r)")
    }
  }
  #expect(seam >= 12)
}

@Test(arguments: [
  AffineTransform.identity, AffineTransform(a: 1.5, b: 0, c: 0, d: 1.25, tx: 0.3, ty: 0.6),
  AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 24, ty: 0.5),
  AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(translationX: 5, y: -2)),
])
func aRoundedClipHasTheCoverageOfAFillOfTheSameShape(transform: AffineTransform) {
  // The clip's mask, shown by clearing through it, against the fill: the same bytes everywhere.
  let shapes = [
    RoundedRect(rect: Rect(x: 2, y: 1, width: 17, height: 13), cornerRadius: 5),
    RoundedRect(
      rect: Rect(x: 1.3, y: 2.7, width: 15.6, height: 12.2),
      radii: CornerRadii(topLeft: 7.5, topRight: 0, bottomRight: 2.25, bottomLeft: 4.1)),
  ]
  for shape in shapes {
    let filled = render(width: 26, height: 22) {
      $0.concatenate(transform)
      $0.fill(shape, with: white)
    }
    let clipped = render(width: 26, height: 22) {
      $0.concatenate(transform)
      $0.clip(to: shape)
      $0.clear(.white)
    }
    #expect(maxChannelDifference(filled, clipped) == 0, "\(shape)")
  }
}

@Test(arguments: [
  (Rect(x: 2.3, y: 1.7, width: 21.4, height: 17.9), 1.0),
  (Rect(x: 2.3, y: 1.7, width: 21.4, height: 17.9), 3.2),
  (Rect(x: 3.2, y: 2.6, width: 1.4, height: 16.1), 1.0),
])
func strokedRoundedRectanglesHaveTheExactRingAreaWithinOneLevel(rect: Rect, width: Double) {
  // The ring between the outline grown and shrunk by half the width, in closed form: a wide hole
  // (its straight rows two strips) and one narrower than a pixel, square and round corners.
  let shape = RoundedRect(
    rect: rect, radii: CornerRadii(topLeft: 6, topRight: 0, bottomRight: 2.5, bottomLeft: 9))
  let image = render(width: 27, height: 23) { $0.stroke(shape, width: width, with: opaqueBlack) }
  let (outer, inner) = (shape.outset(by: width / 2), shape.outset(by: -width / 2))
  let outerPolygon = finePolygon(roundedRect: outer.rect, radii: outer.effectiveRadii)
  let innerPolygon = finePolygon(roundedRect: inner.rect, radii: inner.effectiveRadii)
  #expect(
    maxAlphaError(image) {
      exactCoverage(of: outerPolygon, pixelX: $0, pixelY: $1)
        - exactCoverage(of: innerPolygon, pixelX: $0, pixelY: $1)
    } <= 1)
}

@Test(arguments: [1.0, 2.6])
func strokedEllipsesHaveTheExactRingAreaWithinOneLevel(width: Double) {
  let rect = Rect(x: 3.3, y: 2.1, width: 19.4, height: 13.7)
  let image = render(width: 27, height: 20) { $0.strokeEllipse(in: rect, width: width, with: opaqueBlack) }
  let half = width / 2
  let outer = finePolygon(ellipseIn: rect.insetBy(dx: -half, dy: -half))
  let inner = finePolygon(ellipseIn: rect.insetBy(dx: half, dy: half))
  #expect(
    maxAlphaError(image) {
      exactCoverage(of: outer, pixelX: $0, pixelY: $1) - exactCoverage(of: inner, pixelX: $0, pixelY: $1)
    } <= 1)
}
