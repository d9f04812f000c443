import Glibc
import TactileGeometry
import Testing

@testable import TactileRaster

// Anti-aliased edges against an exact-area reference: the shape clipped to each pixel square and
// measured with the shoelace formula. Tolerance: ±2 levels of 255.

@Test func fractionalRectangleEdgesMatchTheExactArea() {
  let rect = Rect(x: 1.3, y: 0.6, width: 5.45, height: 3.8)
  let image = render(width: 9, height: 6) { $0.fill(rect, with: opaqueBlack) }
  let polygon = ShapeOutline.rect(rect, .identity)
  #expect(maxAlphaError(image) { exactCoverage(of: polygon, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func rotatedRectangleEdgesMatchTheExactArea() {
  let rect = Rect(x: -4, y: -2.5, width: 8, height: 5)
  let transform = AffineTransform(rotationAngle: 0.4).concatenating(
    AffineTransform(translationX: 7.2, y: 6.9))
  let image = render(width: 14, height: 14) {
    $0.concatenate(transform)
    $0.fill(rect, with: opaqueBlack)
  }
  let polygon = ShapeOutline.rect(rect, transform)
  #expect(maxAlphaError(image) { exactCoverage(of: polygon, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func circleEdgesMatchTheExactArea() {
  let center = Point(x: 9.3, y: 8.7)
  let image = render(width: 19, height: 18) {
    $0.fillEllipse(
      in: Rect(x: center.x - 7.6, y: center.y - 7.6, width: 15.2, height: 15.2), with: opaqueBlack)
  }
  let reference = finePolygon(circleAt: center, radius: 7.6)
  #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func cubicCurveEdgesMatchTheExactArea() {
  var path = Path()
  path.move(to: Point(x: 1, y: 14))
  path.addCurve(to: Point(x: 15, y: 13.5), control1: Point(x: 2, y: -6), control2: Point(x: 13, y: 3))
  path.closeSubpath()
  let image = render(width: 16, height: 16) { $0.fill(path, with: opaqueBlack) }
  var reference = [Point(x: 1, y: 14)]
  PathFlattener.appendCubic(
    Point(x: 1, y: 14), Point(x: 2, y: -6), Point(x: 13, y: 3), Point(x: 15, y: 13.5), 1e-5, &reference)
  #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func roundedRectangleKeepsSquareCornersSquareAndRoundsTheOthers() {
  let shape = RoundedRect(
    rect: Rect(x: 0, y: 0, width: 20, height: 20),
    radii: CornerRadii(topLeft: 0, topRight: 8, bottomRight: 0, bottomLeft: 8))
  let image = render(width: 20, height: 20) { $0.fill(shape, with: opaqueBlack) }
  #expect(image[0, 0].alpha == 255)
  #expect(image[19, 19].alpha == 255)
  #expect(image[19, 0].alpha == 0)
  #expect(image[0, 19].alpha == 0)
  // The top-right arc against the exact area of a quarter circle of radius 8 centred at (12, 8).
  let arc = finePolygon(circleAt: Point(x: 12, y: 8), radius: 8)
  for (x, y) in [(17, 1), (18, 2), (16, 0), (19, 4)] {
    let want = Int((exactCoverage(of: arc, pixelX: x, pixelY: y) * 255).rounded())
    #expect(abs(Int(image[x, y].alpha) - want) <= 2, "pixel \(x), \(y)")
  }
}

@Test func evenOddLeavesOverlapsEmptyWhereNonzeroFillsThem() {
  var path = Path()
  path.addRect(Rect(x: 0, y: 0, width: 6, height: 6))
  path.addRect(Rect(x: 2, y: 2, width: 6, height: 6))
  let nonZero = render(width: 8, height: 8) { $0.fill(path, rule: .nonZero, with: opaqueBlack) }
  let evenOdd = render(width: 8, height: 8) { $0.fill(path, rule: .evenOdd, with: opaqueBlack) }
  #expect(nonZero[3, 3].alpha == 255)
  #expect(evenOdd[3, 3].alpha == 0)
  #expect(evenOdd[1, 1].alpha == 255 && evenOdd[7, 7].alpha == 255)
}

@Test func roundedClipCutsTheCornersAndKeepsTheMiddle() {
  let image = render(width: 16, height: 16) { canvas in
    canvas.clip(to: RoundedRect(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 6))
    canvas.fill(Rect(x: 0, y: 0, width: 16, height: 16), with: opaqueBlack)
  }
  let reference = finePolygon(circleAt: Point(x: 6, y: 6), radius: 6)
  #expect(image[0, 0].alpha == 0)
  #expect(image[8, 8].alpha == 255)
  for (x, y) in [(1, 1), (2, 1), (0, 4), (3, 0)] {
    let want = Int((exactCoverage(of: reference, pixelX: x, pixelY: y) * 255).rounded())
    #expect(abs(Int(image[x, y].alpha) - want) <= 2, "pixel \(x), \(y)")
  }
}

@Test func roundCapsTurnAZeroLengthLineIntoADot() {
  var path = Path()
  path.move(to: Point(x: 5, y: 5))
  path.addLine(to: Point(x: 5, y: 5))
  let image = render(width: 10, height: 10) {
    $0.stroke(path, style: StrokeStyle(width: 6, cap: .round), with: opaqueBlack)
  }
  let reference = finePolygon(circleAt: Point(x: 5, y: 5), radius: 3)
  #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func strokedPolylineWithMiterJoinCoversTheExactOutline() {
  var path = Path()
  path.move(to: Point(x: 2, y: 2.5))
  path.addLine(to: Point(x: 12, y: 2.5))
  path.addLine(to: Point(x: 12, y: 11))
  let image = render(width: 15, height: 14) {
    $0.stroke(path, style: StrokeStyle(width: 3, join: .miter), with: opaqueBlack)
  }
  // The stroke is an L-shaped hexagon.
  let outline = [
    Point(x: 2, y: 1), Point(x: 13.5, y: 1), Point(x: 13.5, y: 11), Point(x: 10.5, y: 11),
    Point(x: 10.5, y: 4), Point(x: 2, y: 4),
  ]
  #expect(maxAlphaError(image) { exactCoverage(of: outline, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func linearGradientRunsFromTheFirstToTheLastStop() {
  let gradient = LinearGradient(
    start: Point(x: 0, y: 0), end: Point(x: 256, y: 0),
    stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
  let image = render(width: 256, height: 1) {
    $0.fill(Rect(x: 0, y: 0, width: 256, height: 1), with: .linearGradient(gradient))
  }
  for x in [0, 64, 128, 200, 255] {
    #expect(abs(Int(image[x, 0].red) - Int((Double(x) + 0.5).rounded(.down))) <= 2, "pixel \(x)")
    #expect(image[x, 0].alpha == 255)
  }
}

@Test func radialGradientIsTheFirstStopAtTheCentreAndTheLastOutside() {
  let gradient = RadialGradient(
    center: Point(x: 8.5, y: 8.5), radius: 6,
    stops: [GradientStop(location: 0, color: .red), GradientStop(location: 1, color: .blue)])
  let image = render(width: 16, height: 16) {
    $0.fill(Rect(x: 0, y: 0, width: 16, height: 16), with: .radialGradient(gradient))
  }
  #expect(image[8, 8].argb == 0xFFFF_0000)
  #expect(image[0, 0].argb == 0xFF00_00FF)
}

@Test func circlesCrossingTheClipEdgesKeepTheirExactCoverage() {
  let center = Point(x: 3.4, y: 10.2)
  let reference = finePolygon(circleAt: center, radius: 8.3)
  for clip in [Rect(x: 0, y: 0, width: 20, height: 20), Rect(x: 2, y: 4, width: 5, height: 9)] {
    let image = render(width: 20, height: 20) { canvas in
      canvas.clip(to: clip)
      canvas.fillEllipse(
        in: Rect(x: center.x - 8.3, y: center.y - 8.3, width: 16.6, height: 16.6), with: opaqueBlack)
    }
    let error = maxAlphaError(image) { x, y in
      clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
        ? exactCoverage(of: reference, pixelX: x, pixelY: y) : 0
    }
    #expect(error <= 2, "clip \(clip)")
  }
}

@Test func shapesCrossingTheRightEdgeOfTheClipStillFillUpToIt() {
  let image = render(width: 40, height: 6) { canvas in
    canvas.clip(to: Rect(x: 0, y: 0, width: 30, height: 6))
    canvas.fill(
      RoundedRect(rect: Rect(x: 1.5, y: 1, width: 60, height: 4), cornerRadius: 1), with: opaqueBlack)
  }
  #expect((2..<30).allSatisfy { image[$0, 3].alpha == 255 })
  #expect((30..<40).allSatisfy { image[$0, 3].alpha == 0 })
}

@Test func strokedRoundedRectangleMatchesTheExactRingArea() {
  let rect = Rect(x: 2.3, y: 1.7, width: 21.4, height: 17.9)
  let image = render(width: 27, height: 23) {
    $0.stroke(RoundedRect(rect: rect, cornerRadius: 5), width: 1.5, with: opaqueBlack)
  }
  let outer = finePolygon(roundedRect: rect.insetBy(dx: -0.75, dy: -0.75), radii: CornerRadii(all: 5.75))
  let inner = finePolygon(roundedRect: rect.insetBy(dx: 0.75, dy: 0.75), radii: CornerRadii(all: 4.25))
  #expect(
    maxAlphaError(image) {
      exactCoverage(of: outer, pixelX: $0, pixelY: $1) - exactCoverage(of: inner, pixelX: $0, pixelY: $1)
    } <= 2)
}

@Test func roundedRectangleUnderAFlipMatchesTheExactArea() {
  let rect = Rect(x: 1.4, y: 2.2, width: 17.3, height: 13.6)
  let radii = CornerRadii(topLeft: 6, topRight: 0, bottomRight: 2.5, bottomLeft: 0)
  let image = render(width: 20, height: 20) {
    $0.translate(x: 0, y: 20)
    $0.scale(x: 1, y: -1)
    $0.fill(RoundedRect(rect: rect, radii: radii), with: opaqueBlack)
  }
  let flipped = finePolygon(roundedRect: rect, radii: radii).map { Point(x: $0.x, y: 20 - $0.y) }
  #expect(maxAlphaError(image) { exactCoverage(of: flipped, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func horizontalGradientGivesEveryRowTheSameColours() {
  let gradient = LinearGradient(
    start: Point(x: 2, y: 0), end: Point(x: 30, y: 0),
    stops: [GradientStop(location: 0, color: .red), GradientStop(location: 1, color: .blue)])
  let image = render(width: 32, height: 5) {
    $0.fill(Rect(x: 0, y: 0, width: 32, height: 5), with: .linearGradient(gradient))
  }
  for y in 1..<5 {
    #expect((0..<32).allSatisfy { image[$0, y] == image[$0, 0] }, "row \(y)")
  }
  #expect(image[0, 0].argb == 0xFFFF_0000 && image[31, 0].argb == 0xFF00_00FF)
}

@Test func roundedClipMasksGradientsAndImagesToo() throws {
  let source = try Image(width: 1, height: 1, pixels: [0xFF00_FF00])
  let gradient = LinearGradient(
    start: .zero, end: Point(x: 0, y: 12),
    stops: [GradientStop(location: 0, color: .red), GradientStop(location: 1, color: .red)])
  for draw: (Canvas) -> Void in [
    { $0.draw(source, in: Rect(x: 0, y: 0, width: 12, height: 12), filter: .nearest) },
    { $0.fill(Rect(x: 0, y: 0, width: 12, height: 12), with: .linearGradient(gradient)) },
  ] {
    let image = render(width: 12, height: 12) { canvas in
      canvas.clip(to: RoundedRect(rect: Rect(x: 0, y: 0, width: 12, height: 12), cornerRadius: 6))
      draw(canvas)
    }
    #expect(image[0, 0].alpha == 0 && image[11, 11].alpha == 0)
    #expect(image[6, 6].alpha == 255)
    #expect(image[1, 1].alpha > 0 && image[1, 1].alpha < 255)
  }
}

@Test func aGradientDrawsWithItsNewStopsAfterTheyChange() {
  let rect = Rect(x: 0, y: 0, width: 32, height: 2)
  let redToBlue = [GradientStop(location: 0, color: .red), GradientStop(location: 1, color: .blue)]
  let greenToWhite = [GradientStop(location: 0, color: .green), GradientStop(location: 1, color: .white)]
  var gradient = LinearGradient(start: .zero, end: Point(x: 32, y: 0), stops: redToBlue)
  let canvasImage = render(width: 32, height: 2) { canvas in
    canvas.fill(rect, with: .linearGradient(gradient))  // makes and keeps the red-to-blue table
    gradient.stops = greenToWhite
    canvas.fill(rect, with: .linearGradient(gradient))
    gradient.stops[1].color = .black
    canvas.fill(rect, with: .linearGradient(gradient))
  }
  let fresh = LinearGradient(
    start: .zero, end: Point(x: 32, y: 0),
    stops: [GradientStop(location: 0, color: .green), GradientStop(location: 1, color: .black)])
  let reference = render(width: 32, height: 2) { $0.fill(rect, with: .linearGradient(fresh)) }
  #expect(canvasImage.pixels == reference.pixels)
  #expect(gradient == fresh && gradient.hashValue == fresh.hashValue, "equal as their values")
}
