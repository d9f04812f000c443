import TactileGeometry
import Testing

@testable import TactileRaster

@Test func clearReplacesEveryPixelWithTheColour() {
  let image = render(width: 5, height: 3, background: PremultipliedColor(argb: 0xFF12_3456)) {
    $0.clear(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
  }
  #expect(image.pixels.allSatisfy { $0 == 0x8080_0000 })
}

@Test func clearOfAWholeLargeFrameReplacesEveryPixelAndNothingPastIt() {
  // 4,097 pixels, one more than the run from which a clear is one string store, and a guard word after.
  var words = [UInt32](repeating: 0xDEAD_BEEF, count: 17 * 241 + 1)
  words.withUnsafeMutableBytes { bytes in
    let pixmap = try! Pixmap(base: bytes.baseAddress!, width: 17, height: 241, stride: 17 * 4)
    Canvas(pixmap: pixmap).clear(Color(red8: 10, green8: 20, blue8: 30))
  }
  #expect(words.dropLast().allSatisfy { $0 == 0xFF0A_141E })
  #expect(words.last == 0xDEAD_BEEF)
}

@Test func opaqueFillOnWholePixelsIsBitExact() {
  let image = render(width: 8, height: 6, background: PremultipliedColor(argb: 0xFF00_00FF)) {
    $0.fill(Rect(x: 2, y: 1, width: 3, height: 4), with: .color(Color(red8: 10, green8: 20, blue8: 30)))
  }
  for y in 0..<6 {
    for x in 0..<8 {
      let inside = (2..<5).contains(x) && (1..<5).contains(y)
      #expect(image[x, y].argb == (inside ? 0xFF0A_141E : 0xFF00_00FF), "pixel \(x), \(y)")
    }
  }
}

@Test func translucentFillIsWithinOneLevelOfTheExactBlend() {
  let background = PremultipliedColor(argb: 0xFF40_80C0)
  let color = Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.37)
  let image = render(width: 4, height: 4, background: background) {
    $0.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: .color(color))
  }
  let a = color.alpha
  let expected: [Double] = [
    255,  // opaque background stays opaque
    color.red * a * 255 + 0x40 * (1 - a), color.green * a * 255 + 0x80 * (1 - a),
    color.blue * a * 255 + 0xC0 * (1 - a),
  ]
  let p = image[1, 2]
  let got = [p.alpha, p.red, p.green, p.blue].map(Double.init)
  for (g, e) in zip(got, expected) { #expect(abs(g - e) <= 1, "got \(got), expected \(expected)") }
}

@Test func oneToOneImageBlitCompositesEachPixelExactly() throws {
  let source = try Image(
    width: 3, height: 2, pixels: [0xFF11_2233, 0x8040_2000, 0, 0x0101_0101, 0xFFFF_FFFF, 0x7F7F_0000])
  let background: UInt32 = 0xFF20_4060
  let image = render(width: 6, height: 5, background: PremultipliedColor(argb: background)) {
    $0.translate(x: 1, y: 0.5)
    $0.draw(source, at: Point(x: 1, y: 1.5), filter: .bilinear)
  }
  for y in 0..<5 {
    for x in 0..<6 {
      let inside = (2..<5).contains(x) && (2..<4).contains(y)
      let expected = inside ? referenceOver(source[x - 2, y - 2].argb, background) : background
      #expect(image[x, y].argb == expected, "pixel \(x), \(y)")
    }
  }
}

/// Source-over computed channel by channel in integers with exact rounding.
func referenceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
  let inverse = 255 - (s >> 24)
  var out: UInt32 = 0
  for shift: UInt32 in [0, 8, 16, 24] {
    let sc = (s >> shift) & 0xFF
    let dc = (d >> shift) & 0xFF
    let blended = sc + UInt32((Double(dc * inverse) / 255).rounded())
    out |= blended << shift
  }
  return out
}

@Test func strokeOfAHalfPixelRectangleCoversWholePixelsExactly() {
  let image = render(width: 8, height: 8) {
    $0.stroke(Rect(x: 1.5, y: 1.5, width: 5, height: 4), width: 1, with: opaqueBlack)
  }
  for y in 0..<8 {
    for x in 0..<8 {
      let onBorder =
        ((x == 1 || x == 6) && (1...5).contains(y)) || ((y == 1 || y == 5) && (1...6).contains(x))
      #expect(image[x, y].alpha == (onBorder ? 255 : 0), "pixel \(x), \(y)")
    }
  }
}

@Test func clipLimitsDrawingAndRestoreRemovesIt() {
  let image = render(width: 6, height: 6) { canvas in
    canvas.withSavedState {
      canvas.clip(to: Rect(x: 1, y: 1, width: 2, height: 2))
      canvas.fill(Rect(x: 0, y: 0, width: 6, height: 6), with: opaqueBlack)
    }
    canvas.fill(Rect(x: 5, y: 5, width: 1, height: 1), with: opaqueBlack)
  }
  let inked = (0..<36).filter { image.pixels[$0] != 0 }
  #expect(inked == [7, 8, 13, 14, 35])
}

@Test func globalAlphaScalesTheColour() {
  let image = render(width: 2, height: 2) {
    $0.globalAlpha = 0.5
    $0.fill(Rect(x: 0, y: 0, width: 2, height: 2), with: .color(.white))
  }
  #expect(image[0, 0].argb == 0x8080_8080)
}

@Test func nearestNeighbourDoublingRepeatsEachPixelTwice() throws {
  let source = try Image(width: 2, height: 2, pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0x8080_8080])
  let image = render(width: 4, height: 4) {
    $0.scale(x: 2, y: 2)
    $0.draw(source, at: .zero, filter: .nearest)
  }
  for y in 0..<4 {
    for x in 0..<4 { #expect(image[x, y] == source[x / 2, y / 2], "pixel \(x), \(y)") }
  }
}

@Test func bilinearSamplingBetweenTwoPixelsAveragesThem() throws {
  let source = try Image(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFC8_C8C8])
  // 2 image pixels over 4 device pixels: centres at image x 0.25, 0.75, 1.25, 1.75.
  let image = render(width: 4, height: 1) {
    $0.draw(source, in: Rect(x: 0, y: 0, width: 4, height: 1), filter: .bilinear)
  }
  let reds = (0..<4).map { Int(image[$0, 0].red) }
  let expected = [0, 50, 150, 200]
  for (r, e) in zip(reds, expected) { #expect(abs(r - e) <= 1, "\(reds)") }
}

@Test func badInputDrawsNothing() {
  let before = render(width: 4, height: 4, background: PremultipliedColor(argb: 0xFF01_0203)) { _ in }
  let after = render(width: 4, height: 4, background: PremultipliedColor(argb: 0xFF01_0203)) { canvas in
    canvas.fill(Rect(x: .nan, y: 0, width: 2, height: 2), with: opaqueBlack)
    canvas.fill(Rect(x: 0, y: 0, width: -0.0, height: 2), with: opaqueBlack)
    canvas.fillEllipse(in: Rect(x: 0, y: 0, width: .infinity, height: 2), with: opaqueBlack)
    var path = Path()
    path.move(to: Point(x: 0, y: 0))
    path.addLine(to: Point(x: 3, y: .infinity))
    path.addLine(to: Point(x: 3, y: 3))
    canvas.fill(path, with: opaqueBlack)
    canvas.stroke(path, style: StrokeStyle(width: -1), with: opaqueBlack)
    canvas.stroke(Rect(x: 0, y: 0, width: 3, height: 3), width: .nan, with: opaqueBlack)
    canvas.draw("x", at: Point(x: 1, y: 3), font: .system(size: .nan), with: opaqueBlack)
    canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: .color(.clear))
    canvas.withSavedState {
      canvas.scale(x: 0, y: 1)
      canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: opaqueBlack)
      canvas.clip(to: Rect(x: 0, y: 0, width: 4, height: 4))
    }
    canvas.withSavedState {
      canvas.translate(x: 1e300, y: -1e300)
      canvas.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: opaqueBlack)
    }
  }
  #expect(after == before)
}

@Test(arguments: [(10, 6, 2.5), (40, 24, 0.45)])
func bilinearScalingMatchesThePerPixelTwoPassFilter(w: Int, h: Int, scale: Double) throws {
  // A scaled image is mixed vertically, then horizontally, with 8-bit weights and edge pixels
  // repeated; drawn onto transparent pixels the result is the filtered image itself. Every pixel
  // samples the image at its own centre. Enlarged, each row runs from the clamped left edge through
  // the interior to the clamped right edge; reduced, neighbours lie more than a pixel apart.
  let source = try Image(width: w, height: h, pixels: testPixels(w * h, seed: 7))
  let (width, height) = (Int(Double(w) * scale), Int(Double(h) * scale))
  // Device to image pixels, worked out as the canvas does.
  let inverse = AffineTransform(
    a: Double(width) / Double(w), b: 0, c: 0, d: Double(height) / Double(h), tx: 0, ty: 0
  ).inverted()!
  let image = render(width: width, height: height) {
    $0.draw(source, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), filter: .bilinear)
  }
  func fixed(_ v: Double) -> Int64 { Int64((v * 4_294_967_296).rounded(.down)) }
  func clamped(_ v: Int64, _ limit: Int) -> Int { Int(min(max(v, 0), Int64(limit - 1))) }
  for y in 0..<height {
    let v = fixed(inverse.apply(to: Point(x: 0.5, y: Double(y) + 0.5)).y - 0.5)
    let (top, bottom) = (clamped(v >> 32, h), clamped((v >> 32) + 1, h))
    let mixed = { (column: Int) in
      Bilinear.lerp(
        source.pixels[top * w + column], source.pixels[bottom * w + column], UInt32((v >> 24) & 0xFF))
    }
    for x in 0..<width {
      let u = fixed(inverse.apply(to: Point(x: Double(x) + 0.5, y: 0.5)).x - 0.5)
      let (left, right) = (clamped(u >> 32, w), clamped((u >> 32) + 1, w))
      let expected = Bilinear.lerp(mixed(left), mixed(right), UInt32((u >> 24) & 0xFF))
      #expect(image[x, y].argb == expected, "pixel \(x), \(y)")
    }
  }
}

@Test func aClippedBilinearDrawEqualsTheSameRegionOfAFullDraw() throws {
  // What a damage repaint relies on: a pixel's value does not depend on where the clip starts its run.
  let source = try Image(width: 16, height: 16, pixels: testPixels(256, seed: 9))
  let rect = Rect(x: 1.3, y: 0.7, width: 37.1, height: 29.9)
  let full = render(width: 40, height: 32) { $0.draw(source, in: rect, filter: .bilinear) }
  for clip in [Rect(x: 3, y: 2, width: 11, height: 9), Rect(x: 17, y: 5, width: 23, height: 27)] {
    let clipped = render(width: 40, height: 32) {
      $0.clip(to: clip)
      $0.draw(source, in: rect, filter: .bilinear)
    }
    for y in Int(clip.minY)..<Int(clip.maxY) {
      for x in Int(clip.minX)..<Int(clip.maxX) { #expect(clipped[x, y] == full[x, y], "pixel \(x), \(y)") }
    }
  }
}

@Test func aRectWithinAThousandthOfAPixelOfWholePixelsIsTheBoxOfThosePixels() {
  #expect(
    Canvas.wholePixels(Rect(x: 2.0004, y: -3, width: 10, height: 4.9996))
      == PixelBox(x0: 2, y0: -3, x1: 12, y1: 2))
  #expect(Canvas.wholePixels(Rect(x: 2.01, y: 0, width: 10, height: 5)) == nil)
  #expect(Canvas.wholePixels(Rect(x: 0, y: -0.002, width: 10, height: 5)) == nil)
  #expect(Canvas.wholePixels(Rect(x: 0, y: 0, width: 0x1p31, height: 5)) == nil)
  #expect(Canvas.wholePixels(Rect(x: -0x1p31, y: 0, width: 8, height: 5)) == nil)
}
