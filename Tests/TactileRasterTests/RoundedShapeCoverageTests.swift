import Glibc
import TactileGeometry
import Testing

@testable import TactileRaster

// Rounded rectangles and ellipses under axis-aligned transforms get their coverage in closed form
// (RoundedShapeCoverage); these check it against the exact area of a fine polygon (±2 levels of 255),
// in the cases the closed form has to get right: tiny and oversized radii, per-corner radii, fractional
// positions, elliptical corners, clipping; and that other transforms still draw the exact shape.

@Test func ellipseEdgesMatchTheExactArea() {
  for rect in [
    Rect(x: 1.3, y: 2.7, width: 21.4, height: 9.2), Rect(x: 3.55, y: 0.45, width: 6.3, height: 14.9),
  ] {
    let image = render(width: 24, height: 16) { $0.fillEllipse(in: rect, with: opaqueBlack) }
    let reference = finePolygon(ellipseIn: rect)
    #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2, "\(rect)")
  }
}

@Test func ellipsesSmallerThanAPixelCoverTheirExactArea() {
  for rect in [
    Rect(x: 1.2, y: 1.6, width: 0.7, height: 0.3), Rect(x: 1.8, y: 0.9, width: 0.5, height: 1.3),
    Rect(x: 0.5, y: 0.5, width: 2, height: 2),
  ] {
    let image = render(width: 4, height: 4) { $0.fillEllipse(in: rect, with: opaqueBlack) }
    let reference = finePolygon(ellipseIn: rect)
    #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2, "\(rect)")
  }
}

@Test func largeCircleEdgesMatchTheExactArea() {
  // Radius 150: the top rows cross dozens of pixels each. Checked on the top 24 rows and a band at
  // the left side.
  let rect = Rect(x: 4.37, y: 2.81, width: 300, height: 300)
  let image = render(width: 310, height: 310) { $0.fillEllipse(in: rect, with: opaqueBlack) }
  let reference = finePolygon(ellipseIn: rect, vertices: 16384)
  var worst = 0
  for y in 0..<310 {
    for x in 0..<310 where y < 24 || (y > 140 && y < 170 && x < 12) || (y == 152 && x > 290) {
      let want = Int((exactCoverage(of: reference, pixelX: x, pixelY: y) * 255).rounded())
      worst = max(worst, abs(Int(image[x, y].alpha) - want))
    }
  }
  #expect(worst <= 2)
  #expect(image[155, 155].alpha == 255 && image[0, 0].alpha == 0)
}

@Test func roundedRectanglesWithTinyRadiiMatchTheExactArea() {
  let rect = Rect(x: 1.35, y: 1.6, width: 9.3, height: 6.7)
  for radius in [0.005, 0.3, 0.9, 1.6] {
    let radii = CornerRadii(all: radius)
    let image = render(width: 12, height: 10) {
      $0.fill(RoundedRect(rect: rect, radii: radii), with: opaqueBlack)
    }
    let reference = finePolygon(roundedRect: rect, radii: radii)
    #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2, "r \(radius)")
  }
}

@Test func radiiLargerThanHalfTheSizeMakeAStadium() {
  // Radius 20 on a 17.6 × 7.4 rectangle: scaled down to 3.7 (half the height), a stadium.
  let rect = Rect(x: 2.2, y: 1.3, width: 17.6, height: 7.4)
  let image = render(width: 22, height: 10) {
    $0.fill(RoundedRect(rect: rect, cornerRadius: 20), with: opaqueBlack)
  }
  let reference = finePolygon(roundedRect: rect, radii: CornerRadii(all: 3.7))
  #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func perCornerRadiiAtFractionalPositionsMatchTheExactArea() {
  let rect = Rect(x: 1.72, y: 0.38, width: 19.1, height: 15.45)
  for radii in [
    CornerRadii(topLeft: 7.3, topRight: 0, bottomRight: 2.45, bottomLeft: 5.1),
    CornerRadii(topLeft: 0, topRight: 15.45, bottomRight: 0, bottomLeft: 0.6),
    CornerRadii(topLeft: 9.55, topRight: 9.55, bottomRight: 3, bottomLeft: 12.2),
  ] {
    let shape = RoundedRect(rect: rect, radii: radii)
    let image = render(width: 22, height: 17) { $0.fill(shape, with: opaqueBlack) }
    let reference = finePolygon(roundedRect: rect, radii: shape.effectiveRadii)
    #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2, "\(radii)")
  }
}

@Test func unevenScalingGivesEllipticalCornersOfTheExactArea() {
  let shape = RoundedRect(rect: Rect(x: 0.4, y: 0.7, width: 9.1, height: 5.3), cornerRadius: 2.2)
  let image = render(width: 30, height: 14) {
    $0.translate(x: 0.3, y: 0.55)
    $0.scale(x: 3, y: 2)
    $0.fill(shape, with: opaqueBlack)
  }
  let reference = finePolygon(roundedRect: shape.rect, radii: shape.radii).map {
    Point(x: 0.3 + 3 * $0.x, y: 0.55 + 2 * $0.y)
  }
  #expect(maxAlphaError(image) { exactCoverage(of: reference, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func mirroringSwapsTheCornersOfRoundedRectangles() {
  let rect = Rect(x: 1.4, y: 2.2, width: 17.3, height: 13.6)
  let radii = CornerRadii(topLeft: 6, topRight: 0, bottomRight: 2.5, bottomLeft: 4)
  let image = render(width: 20, height: 20) {
    $0.translate(x: 20, y: 0)
    $0.scale(x: -1, y: 1)
    $0.fill(RoundedRect(rect: rect, radii: radii), with: opaqueBlack)
  }
  let mirrored = finePolygon(roundedRect: rect, radii: radii).map { Point(x: 20 - $0.x, y: $0.y) }
  #expect(maxAlphaError(image) { exactCoverage(of: mirrored, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func rotatedRoundedRectanglesAndEllipsesStillCoverTheExactArea() {
  let transform = AffineTransform(rotationAngle: 0.35).concatenating(
    AffineTransform(translationX: 11.3, y: 9.6))
  let rect = Rect(x: -8, y: -5.5, width: 16, height: 11)
  let radii = CornerRadii(topLeft: 4, topRight: 1.5, bottomRight: 0, bottomLeft: 3)
  let rounded = render(width: 24, height: 20) {
    $0.concatenate(transform)
    $0.fill(RoundedRect(rect: rect, radii: radii), with: opaqueBlack)
  }
  let roundedReference = finePolygon(roundedRect: rect, radii: radii).map { transform.apply(to: $0) }
  #expect(maxAlphaError(rounded) { exactCoverage(of: roundedReference, pixelX: $0, pixelY: $1) } <= 2)
  let ellipse = render(width: 24, height: 20) {
    $0.concatenate(transform)
    $0.fillEllipse(in: rect, with: opaqueBlack)
  }
  let ellipseReference = finePolygon(ellipseIn: rect).map { transform.apply(to: $0) }
  #expect(maxAlphaError(ellipse) { exactCoverage(of: ellipseReference, pixelX: $0, pixelY: $1) } <= 2)
}

@Test func clippedRoundedShapesEqualTheUnclippedPixelsInsideTheClip() {
  let draws: [(Canvas) -> Void] = [
    { $0.fillEllipse(in: Rect(x: 2.3, y: 1.8, width: 37.4, height: 29.9), with: opaqueBlack) },
    {
      $0.fill(
        RoundedRect(
          rect: Rect(x: 1.6, y: 2.45, width: 36.2, height: 28.3),
          radii: CornerRadii(topLeft: 11.2, topRight: 3.3, bottomRight: 14.1, bottomLeft: 0)),
        with: .color(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)))
    },
  ]
  for draw in draws {
    let full = render(width: 42, height: 34, background: PremultipliedColor(argb: 0xFFFF_FFFF), draw)
    for clip in [
      Rect(x: 0, y: 0, width: 9, height: 7), Rect(x: 5, y: 3, width: 3, height: 20),
      Rect(x: 30, y: 20, width: 12, height: 14), Rect(x: 17, y: 0, width: 1, height: 34),
    ] {
      let clipped = render(width: 42, height: 34, background: PremultipliedColor(argb: 0xFFFF_FFFF)) {
        $0.clip(to: clip)
        draw($0)
      }
      var mismatches = 0
      for y in 0..<34 {
        for x in 0..<42 {
          let inside = clip.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
          let want = inside ? full[x, y] : PremultipliedColor(argb: 0xFFFF_FFFF)
          if clipped[x, y] != want { mismatches += 1 }
        }
      }
      #expect(mismatches == 0, "clip \(clip)")
    }
  }
}
