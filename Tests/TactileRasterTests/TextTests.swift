import TactileGeometry
import Testing

@testable import TactileRaster

@Test func textDrawsInkAboveTheBaselineWithinItsAdvance() {
  let font = Font.system(size: 14)
  let image = render(width: 60, height: 24) {
    $0.draw("Hello", at: Point(x: 2, y: 18), font: font, with: opaqueBlack)
  }
  let advance = FontSystem.shared.advance(of: "Hello", font: font)
  var inked = [(Int, Int)]()
  for y in 0..<24 { for x in 0..<60 where image[x, y].alpha > 0 { inked.append((x, y)) } }
  #expect(inked.count > 40)
  #expect(inked.allSatisfy { $0.0 >= 2 && Double($0.0) <= 2 + advance && $0.1 < 19 && $0.1 >= 18 - 14 })
}

@Test func advanceOfTextIsTheSumOfItsCharacters() {
  let font = Font.system(size: 13)
  let one = FontSystem.shared.advance(of: "W", font: font)
  #expect(one > 5 && one < 20)
  #expect(abs(FontSystem.shared.advance(of: "WWW", font: font) - 3 * one) < 1e-9)
}

@Test func truncatedTextEndsWithAnEllipsisAndFits() {
  let font = Font.system(size: 12)
  let text = "A rather long label that cannot fit"
  let short = FontSystem.shared.truncated(text, toWidth: 80, font: font)
  #expect(short.hasSuffix("…"))
  #expect(FontSystem.shared.advance(of: short, font: font) <= 80)
  #expect(FontSystem.shared.truncated("Hi", toWidth: 80, font: font) == "Hi")
}

@Test func wrappedTextBreaksBetweenWordsAndEveryLineFits() {
  let font = Font.system(size: 12)
  let lines = FontSystem.shared.wrapped("one two three four five six seven", width: 60, font: font)
  #expect(lines.count > 2)
  #expect(lines.joined(separator: " ") == "one two three four five six seven")
  #expect(lines.allSatisfy { FontSystem.shared.advance(of: $0, font: font) <= 60 })
}

@Test func wrappingBreaksAWordWiderThanTheLine() {
  let font = Font.system(size: 12)
  let lines = FontSystem.shared.wrapped("abcdefghijklmnopqrstuvwxyz", width: 40, font: font)
  #expect(lines.count > 1 && lines.joined() == "abcdefghijklmnopqrstuvwxyz")
  #expect(lines.allSatisfy { FontSystem.shared.advance(of: $0, font: font) <= 40 })
}

@Test func theRestOfABrokenWordKeepsTheSpaceBeforeTheNextWord() throws {
  let font = Font.system(size: 12)
  let word = "abcdefghijklmnopqrstuvwxyz"
  let rest = try #require(FontSystem.shared.wrapped(word, width: 60, font: font).last)
  try #require(FontSystem.shared.advance(of: rest + " ab", font: font) <= 60)
  #expect(FontSystem.shared.wrapped(word + " ab", width: 60, font: font).last == rest + " ab")
}

@Test func aLineOfARightToLeftParagraphThatStartsInLatinRunsRightToLeft() {
  let font = Font.system(size: 16)
  let text = "out שלום"
  // On its own the line runs left to right, "out" first; as a line of a Hebrew paragraph, the Hebrew
  // word after it goes to its left.
  let own = FontSystem.shared.line(text, font: font)
  let inParagraph = FontSystem.shared.line(text, font: font, paragraphRightToLeft: true)
  #expect(!own.isRightToLeft && own.glyphs.first?.character == 0)
  #expect(inParagraph.isRightToLeft && inParagraph.glyphs.first.map { $0.character >= 4 } == true)
  #expect(inParagraph.glyphs.last?.character == 2)
  let lines = FontSystem.shared.wrappedLines("שלום לכולם out שלום", width: 1000, font: font)
  #expect(lines.map(\.rightToLeft) == [true])
}

@Test func glyphImagesAreCachedPerQuarterPixelOffset() {
  let fonts = FontSystem()
  let glyph = fonts.layout("a", font: .system(size: 14), pixelSize: 14).glyphs[0]
  let key = GlyphKey(face: glyph.faceID, glyph: glyph.glyph, size: 14 * 64, subpixel: 0)
  let first = fonts.bitmap(key)
  #expect(first != nil && first === fonts.bitmap(key))
  var shifted = key
  shifted.subpixel = 2
  #expect(fonts.bitmap(shifted) !== first)
}

@Test func chineseTextUsesAFallbackFaceWhenOneIsInstalled() {
  let fonts = FontSystem.shared
  let placed = fonts.layout("中文", font: .system(size: 14), pixelSize: 14).glyphs
  #expect(placed.count == 2)
  if let fallback = FontFace.cjkFallbacks.first(where: fonts.canLoad) {
    #expect(placed.allSatisfy { $0.face == fallback && $0.glyph != 0 })
    let image = render(width: 40, height: 20) {
      $0.draw("中文", at: Point(x: 2, y: 16), font: .system(size: 14), with: opaqueBlack)
    }
    #expect(image.pixels.filter { $0 >> 24 > 128 }.count > 20)
  } else {
    // Without a CJK font the primary face's missing-glyph box is drawn.
    #expect(placed.allSatisfy { $0.face == .dejaVuSans && $0.glyph == 0 })
  }
}

@Test func rotatedTextIsFilledFromGlyphOutlines() {
  let image = render(width: 40, height: 40) {
    $0.translate(x: 20, y: 20)
    $0.rotate(by: Double.pi / 2)
    $0.draw("IIII", at: Point(x: -8, y: 5), font: .system(size: 16), with: opaqueBlack)
  }
  // Unrotated, "IIII" is about 16 px wide and 12 px tall; a quarter turn swaps the two.
  var (minX, maxX, minY, maxY) = (40, 0, 40, 0)
  for y in 0..<40 {
    for x in 0..<40 where image[x, y].alpha > 128 {
      (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
    }
  }
  #expect(maxY - minY > maxX - minX, "ink \(minX)...\(maxX) × \(minY)...\(maxY)")
  #expect(maxX - minX > 8)
}

@Test func glyphsDrawnThroughAClipMaskOrWithAShaderEqualTheSolidColourKernel() {
  // A solid colour without a clip mask composites each glyph in one call; a mask or a shader goes row
  // by row through the span path. Where the mask is full and the shader gives the same colour, the
  // pictures are the same. The first glyph is cut by the left edge (rows narrower than the image's).
  let (width, height) = (150, 30)
  func draw(_ canvas: Canvas, _ paint: Paint) {
    canvas.draw("Wavy glyphs 0123 ÉÅ", at: Point(x: -4.3, y: 21), font: .system(size: 15), with: paint)
  }
  let solid = render(width: width, height: height) { draw($0, opaqueBlack) }
  let masked = render(width: width, height: height) {
    // Rounded corners make the clip a mask; the text stays clear of them.
    $0.clip(
      to: RoundedRect(rect: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), cornerRadius: 3))
    draw($0, opaqueBlack)
  }
  let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
  let shaded = render(width: width, height: height) {
    let stops = [GradientStop(location: 0, color: black), GradientStop(location: 1, color: black)]
    draw(
      $0, .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 150, y: 0), stops: stops)))
  }
  #expect(solid.pixels.filter { $0 != 0 }.count > 200)
  #expect(masked.pixels == solid.pixels)
  #expect(shaded.pixels == solid.pixels)
}
