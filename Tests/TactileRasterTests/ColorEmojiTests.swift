import TactileGeometry
import Testing

@testable import TactileRaster

/// Colour emoji (issue 24): Noto Color Emoji's CBDT strike (109 pixels per em, Debian's
/// `fonts-noto-color-emoji`) loaded in colour, scaled to the text's size and drawn as images.
@Suite struct ColorEmojiTests {
  let fonts = FontSystem()
  let blue = Color(red: 0, green: 0, blue: 1)

  /// A colour image `text` draws at `size` with the pen at 0, with its box: its left column's device x
  /// and its top row's distance above the baseline.
  struct Drawn {
    var image: ColorGlyph
    var x: Int
    var top: Int
  }

  /// The colour images `text` draws at `size`, and how many coverage images.
  func images(_ text: String, size: Double, in fonts: FontSystem? = nil) -> (color: [Drawn], coverage: Int) {
    var color = [Drawn]()
    var coverage = 0
    (fonts ?? self.fonts).forEachGlyph(in: text, font: .system(size: size), pixelSize: size, start: 0) {
      image, x, up in
      switch image {
      case .color(let c): color.append(Drawn(image: c, x: x + c.left, top: up + c.top))
      case .coverage: coverage += 1
      }
    }
    return (color, coverage)
  }

  @Test func anEmojiDrawsInItsOwnColoursNotTheTextColour() throws {
    let size = 40.0
    let origin = Point(x: 10, y: 50)
    let image = render(width: 80, height: 70, background: Color.white.premultiplied) {
      Canvas(pixmap: $0.pixmap, fonts: fonts).draw(
        "😀", at: origin, font: .system(size: size), with: .color(blue))
    }
    let drawn = try #require(images("😀", size: size).color.first)
    // The centre of the glyph's box, not an anti-aliased edge: the face's yellow.
    let pixel = image[
      Int(origin.x) + drawn.x + drawn.image.width / 2, Int(origin.y) - drawn.top + drawn.image.height / 2]
    #expect(isColourful(pixel))
    #expect(pixel != blue.premultiplied)
    #expect(pixel.red > 200 && pixel.green > 120 && pixel.blue < 100)
    // A laid-out line (what text fields draw) draws the same pixels.
    let line = fonts.line("😀", font: .system(size: size))
    let fromLine = render(width: 80, height: 70, background: Color.white.premultiplied) {
      Canvas(pixmap: $0.pixmap, fonts: fonts).draw(line, at: origin, with: .color(blue))
    }
    #expect(fromLine == image)
  }

  @Test func anEmojiIsFadedByTheTextColoursAlphaButNotTinted() throws {
    let size = 40.0
    let origin = Point(x: 10, y: 50)
    func centre(_ paint: Color) throws -> PremultipliedColor {
      let image = render(width: 80, height: 70) {
        $0.draw("😀", at: origin, font: .system(size: size), with: .color(paint))
      }
      let drawn = try #require(images("😀", size: size).color.first)
      return image[
        Int(origin.x) + drawn.x + drawn.image.width / 2, Int(origin.y) - drawn.top + drawn.image.height / 2]
    }
    let opaque = try centre(blue)
    #expect(try centre(.black) == opaque)
    let half = try centre(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    #expect(abs(Int(half.alpha) - Int(opaque.alpha) / 2) <= 1)
    #expect(abs(Int(half.red) - Int(opaque.red) / 2) <= 1)
  }

  @Test func anEmojiThroughAClipMaskWithAGradientOrHalfGlobalAlphaIsCompositedLikeAnImage() {
    // A rounded clip makes a mask and a gradient paint a shader; where the mask is full and the
    // gradient opaque, the emoji is drawn as with a solid colour. The first emoji is cut by the left
    // edge. Global alpha fades the emoji as it fades an image.
    let (width, height) = (120, 40)
    func draw(_ canvas: Canvas, _ paint: Paint) {
      canvas.draw("😀a👍🏽", at: Point(x: -7.6, y: 30), font: .system(size: 28), with: paint)
    }
    let solid = render(width: width, height: height) { draw($0, .color(blue)) }
    let masked = render(width: width, height: height) {
      $0.clip(
        to: RoundedRect(rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), cornerRadius: 2)
      )
      draw($0, .color(blue))
    }
    let stops = [GradientStop(location: 0, color: blue), GradientStop(location: 1, color: blue)]
    let shaded = render(width: width, height: height) {
      draw(
        $0, .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 120, y: 0), stops: stops)))
    }
    let faded = render(width: width, height: height) {
      $0.globalAlpha = 0.5
      draw($0, .color(blue))
    }
    #expect(solid.pixels.filter { isColourful(PremultipliedColor(argb: $0)) }.count > 200)
    #expect(masked.pixels == solid.pixels)
    #expect(shaded.pixels == solid.pixels)
    let opaque = solid.pixels.indices.filter { solid.pixels[$0] >> 24 == 255 }
    #expect(opaque.count > 200)
    #expect(opaque.allSatisfy { abs(Int(faded.pixels[$0] >> 24) - 128) <= 1 })
  }

  @Test func underRotationOrUnequalScalingAnEmojiIsDrawnAsAnImageThroughTheTransform() {
    func colourfulBox(_ image: Image) -> (columns: Int, rows: Int, count: Int) {
      let points = image.pixels.indices.filter { isColourful(PremultipliedColor(argb: image.pixels[$0])) }
      let xs = points.map { $0 % image.width }
      let ys = points.map { $0 / image.width }
      return ((xs.max() ?? 0) - (xs.min() ?? 0) + 1, (ys.max() ?? 0) - (ys.min() ?? 0) + 1, points.count)
    }
    func draw(_ transform: (Canvas) -> Void) -> Image {
      render(width: 160, height: 120) {
        $0.translate(x: 40, y: 80)
        transform($0)
        $0.draw("😀", at: .zero, font: .system(size: 40), with: .color(blue))
      }
    }
    let plain = colourfulBox(draw { _ in })
    let stretched = colourfulBox(draw { $0.scale(x: 2, y: 1) })
    let rotated = colourfulBox(draw { $0.rotate(by: 0.4) })
    #expect(plain.count > 500)
    #expect(abs(stretched.columns - 2 * plain.columns) <= 3 && abs(stretched.rows - plain.rows) <= 2)
    #expect(abs(rotated.count - plain.count) < plain.count / 10)
  }

  @Test(arguments: ["👨‍👩‍👧", "👍🏽", "🇫🇷"])
  func aZWJFamilyASkinToneAndAFlagEachShapeToOneColourImage(_ emoji: String) {
    let line = fonts.line(emoji, font: .system(size: 24))
    #expect(line.glyphs.count == 1)
    #expect(line.glyphs.allSatisfy { $0.index != 0 && $0.face.path.contains("NotoColorEmoji") })
    let drawn = images(emoji, size: 24)
    #expect(drawn.color.count == 1 && drawn.coverage == 0)
  }

  @Test func scalingAColourGlyphAveragesTheStrikePixelsEachPixelCovers() {
    // A 4 × 2 strike of BGRA bytes: opaque red, opaque blue, transparent, half-transparent green.
    let red: [UInt8] = [0, 0, 255, 255]
    let blue: [UInt8] = [255, 0, 0, 255]
    let clear: [UInt8] = [0, 0, 0, 0]
    let green: [UInt8] = [0, 128, 0, 128]
    let row = red + blue + clear + green + [9, 9, 9, 9]  // and padding: the pitch is 20
    let strike = row + row
    func scaled(_ scale: Double) -> ColorGlyph {
      strike.withUnsafeBufferPointer {
        ColorGlyph(bgra: $0.baseAddress!, width: 4, height: 2, pitch: 20, left: 2, top: 10, scale: scale)
      }
    }
    let same = scaled(1)
    #expect(
      same.pixels == [0xFFFF_0000, 0xFF00_00FF, 0, 0x8000_8000, 0xFFFF_0000, 0xFF00_00FF, 0, 0x8000_8000])
    let half = scaled(0.5)
    #expect((half.width, half.height, half.left, half.top) == (2, 1, 1, 5))
    // Premultiplied means: red and blue make purple; clear and half green make a quarter green.
    #expect(half.pixels == [0xFF80_0080, 0x4000_4000])
    // A quarter: the whole strike in one pixel (half a row rounds up to one).
    let quarter = scaled(0.25)
    #expect(quarter.pixels == [0xA040_2040])
  }

  @Test(arguments: [9.0, 13, 16, 17.5, 32, 50, 109, 150])
  func theColourImageAndItsAdvanceFollowTheFontSize(_ size: Double) throws {
    let drawn = try #require(images("😀", size: size).color.first)
    // Noto's strike bitmap is 136 × 128 pixels at 109 per em, and advances 136.
    #expect(abs(Double(drawn.image.width) - 136 * size / 109) <= 0.5)
    #expect(abs(Double(drawn.image.height) - 128 * size / 109) <= 0.5)
    let advance = fonts.advance(of: "😀", font: .system(size: size))
    #expect(abs(advance - 136 * size / 109) < 1e-9)
  }

  @Test func aLineMixingEmojiIsAsWideAsItsShapedPiecesAndDrawsThemWhereTheyAdvanceTo() throws {
    let size = 20.0
    let font = Font.system(size: size)
    let pieces = ["Hi ", "😀 ", "你好 ", "👍🏽 ", "ok"]
    let text = pieces.joined()
    let widths = pieces.map { fonts.advance(of: $0, font: font) }
    #expect(abs(fonts.line(text, font: font).width - widths.reduce(0, +)) < 1e-9)
    #expect(abs(fonts.advance(of: text, font: font) - widths.reduce(0, +)) < 1e-9)
    // Each emoji's image starts where the pieces before it end, and is as wide as its advance.
    let drawn = images(text, size: size).color
    try #require(drawn.count == 2)
    for (emoji, (piece, alone)) in zip(drawn, [(1, "😀"), (3, "👍🏽")]) {
      let pen = widths[..<piece].reduce(0, +)
      #expect(abs(Double(emoji.x) - pen) <= 1.5)
      #expect(abs(Double(emoji.image.width) - fonts.advance(of: alone, font: font)) <= 1)
    }
  }

  @Test func manyEmojiAtManySizesKeepTheColourGlyphCacheWithinItsBound() {
    let fonts = FontSystem()
    let emoji = (0x1F600...0x1F637).map { String(Character(Unicode.Scalar($0)!)) }.joined()
    var images = 0
    var bytes = 0
    // Small sizes pass the image limit, large ones the byte limit.
    for size in stride(from: 8.0, to: 30, by: 1) {
      let drawn = self.images(emoji, size: size, in: fonts).color
      images += drawn.count
      bytes += drawn.reduce(0) { $0 + $1.image.pixels.count * 4 }
    }
    for size in stride(from: 200.0, to: 400, by: 10) {
      let drawn = self.images("😀", size: size, in: fonts).color
      images += drawn.count
      bytes += drawn.reduce(0) { $0 + $1.image.pixels.count * 4 }
    }
    #expect(images > FontSystem.colorGlyphCacheLimit)
    #expect(bytes > FontSystem.colorGlyphCacheByteLimit)
    let (count, cost) = fonts.state.withLock { ($0.colorGlyphs.count, $0.colorGlyphs.cost) }
    #expect(count > 0 && count <= FontSystem.colorGlyphCacheLimit)
    #expect(cost > 0 && cost <= FontSystem.colorGlyphCacheByteLimit)
  }

  @Test func withoutAColourEmojiFontAnEmojiDrawsInTheTextColourWithoutColour() {
    // A system with DejaVu only: no emoji face, so the primary face's missing-glyph box (or a
    // monochrome emoji of another face) is drawn, in the text's colour.
    let chooser = FontFallback(fontDirectories: ["/usr/share/fonts/truetype/dejavu"])
    #expect(chooser.face(for: "Ж", language: "ru")?.path.contains("DejaVu") == true)
    // DejaVu Sans has a monochrome 😀; the flag's regional indicators get the missing-glyph box.
    #expect(chooser.face(for: "😀", language: nil, emoji: true)?.path.contains("DejaVu") == true)
    let dejaVuOnly = FontSystem(fallbacks: [], fontFallback: chooser)
    let text = "😀👍🏽🇫🇷"
    let line = dejaVuOnly.line(text, font: .system(size: 24))
    #expect(line.characterCount == 3)
    #expect(!line.glyphs.isEmpty)
    #expect(line.glyphs.allSatisfy { $0.face.path.contains("DejaVu") })
    #expect(line.glyphs.contains { $0.index == 0 } && line.glyphs.contains { $0.index != 0 })
    #expect(images(text, size: 24, in: dejaVuOnly).color.isEmpty)
    var image = try! Image(width: 160, height: 40)
    image.withPixmap { pixmap in
      Canvas(pixmap: pixmap, fonts: dejaVuOnly).draw(
        text, at: Point(x: 4, y: 30), font: .system(size: 24), with: .color(blue))
    }
    let inked = image.pixels.map(PremultipliedColor.init(argb:)).filter { $0.alpha > 0 }
    #expect(!inked.isEmpty)
    #expect(inked.allSatisfy { $0.red == 0 && $0.green == 0 && $0.blue == $0.alpha })
  }
}

/// Whether a pixel is far from grey: its colour channels differ by more than 60.
func isColourful(_ pixel: PremultipliedColor) -> Bool {
  let channels = [pixel.red, pixel.green, pixel.blue]
  return channels.max()! - channels.min()! > 60
}
