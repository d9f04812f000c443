import TactileGeometry
import Testing

@testable import TactileRaster

/// Text as people write it, laid out by HarfBuzz, FriBidi and fontconfig (issue 24): the faces chosen
/// for each script, glyphs shaped into clusters, and right-to-left runs in visual order. The fonts are
/// Debian's (`.ci/install-packages`): DejaVu Sans, WenQuanYi Micro Hei, Lohit Devanagari, Noto Color
/// Emoji.
@Suite struct TextLayoutTests {
  let fonts = FontSystem()
  let font = Font.system(size: 16)

  /// The characters of each glyph of `line`, left to right.
  func visualCharacters(_ line: TextLine) -> [Int] { line.glyphs.map(\.character) }

  @Test func chineseMixedWithLatinTakesAFallbackFaceForTheChineseOnly() {
    let line = fonts.line("Hello 你好 world", font: font)
    #expect(line.glyphs.count == 14)
    #expect(line.glyphs.allSatisfy { $0.index != 0 })
    // The space after the ideographs stays in their face (it has one), so it does not cut their run.
    let chinese = line.glyphs.filter { (6...8).contains($0.character) }
    #expect(chinese.count == 3 && chinese.allSatisfy { $0.face.path.contains("wqy") })
    #expect(line.glyphs.filter { !(6...8).contains($0.character) }.allSatisfy { $0.face == .dejaVuSans })
    #expect(visualCharacters(line) == Array(0..<14))
  }

  @Test func japaneseKanaAndKanjiAllHaveGlyphs() {
    let line = fonts.line("日本語のテキストとABC", font: font)
    #expect(line.glyphs.count == 12)
    #expect(line.glyphs.allSatisfy { $0.index != 0 })
    #expect(line.glyphs.prefix(9).allSatisfy { $0.face != .dejaVuSans })
  }

  @Test func hebrewWithNumbersRunsRightToLeftWithTheNumberLeftToRight() {
    // שלום 123: the paragraph is right to left; the number keeps its own order, left of the word.
    let line = fonts.line("שלום 123", font: font)
    #expect(line.isRightToLeft)
    #expect(visualCharacters(line) == [5, 6, 7, 4, 3, 2, 1, 0])
    #expect(line.glyphs.allSatisfy { $0.index != 0 && $0.face == .dejaVuSans })
    // The caret before the first letter is at the line's right end; inside the number it moves right.
    #expect(abs(line.caretOffset(before: 0) - line.width) < 1e-6)
    #expect(line.caretOffset(before: 5) < line.caretOffset(before: 6))
  }

  @Test func arabicLettersJoinAndRunRightToLeftWithTheirNumber() {
    let word = fonts.line("مرحبا 42", font: font)
    #expect(word.isRightToLeft)
    #expect(visualCharacters(word) == [6, 7, 5, 4, 3, 2, 1, 0])
    // Joined, the first letter takes its initial form: not the glyph it has alone.
    let alone = fonts.line("م", font: font).glyphs[0].index
    let first = word.glyphs.first { $0.character == 0 }!.index
    #expect(first != alone && first != 0)
  }

  @Test func devanagariConjunctsHaveFewerGlyphsThanCodePoints() {
    // क्षत्रिय: two conjuncts (क्ष, त्र) and a vowel sign drawn before the consonant it follows.
    let text = "क्षत्रिय"
    let line = fonts.line(text, font: font)
    #expect(text.unicodeScalars.count == 8)
    #expect(line.glyphs.count < 8)
    #expect(line.glyphs.allSatisfy { $0.index != 0 && $0.face.path.contains("Lohit") })
    #expect(line.characterCount == text.count)
  }

  @Test(arguments: ["👨‍👩‍👧", "👍🏽", "🇫🇷", "❤️"])
  func anEmojiSequenceIsOneClusterOfOneColourGlyph(_ emoji: String) {
    let line = fonts.line(emoji, font: font)
    #expect(line.characterCount == 1)
    #expect(line.glyphs.count == 1)
    #expect(line.glyphs.allSatisfy { $0.index != 0 && $0.face.path.contains("NotoColorEmoji") })
  }

  @Test func aCharacterNoFontHasIsTheMissingGlyphBox() {
    // U+0378 is unassigned; the primary face's glyph 0 is its box, and it has ink.
    let line = fonts.line("a\u{378}b", font: font)
    #expect(line.glyphs.map(\.index).contains(0))
    #expect(line.glyphs.first { $0.character == 1 }!.face == .dejaVuSans)
    let image = render(width: 40, height: 24) {
      $0.draw("\u{378}", at: Point(x: 4, y: 18), font: .system(size: 16), with: opaqueBlack)
    }
    #expect(image.pixels.filter { $0 >> 24 > 128 }.count > 10)
  }

  @Test func latinPairsAreKerned() {
    // DejaVu kerns "AV": the pair is narrower than its letters apart.
    let pair = fonts.advance(of: "AV", font: font)
    #expect(pair < fonts.advance(of: "A", font: font) + fonts.advance(of: "V", font: font) - 0.5)
  }

  @Test func controlCharactersTakeNoRoomAndDrawNothing() {
    let plain = fonts.line("ab", font: font)
    let tabbed = fonts.line("a\tb", font: font)
    #expect(abs(tabbed.width - plain.width) < 1e-9)
    #expect(tabbed.glyphs.count == 2 && tabbed.characterCount == 3)
  }

  @Test func mixedDirectionsGiveASelectionSpanPerDirection() {
    // "abc אבג": the Hebrew is drawn reversed at the right; characters 2...4 cover "c", the space and
    // the first Hebrew letter, which sits at the line's right end.
    let line = fonts.line("abc אבג", font: font)
    #expect(!line.isRightToLeft)
    #expect(visualCharacters(line) == [0, 1, 2, 3, 6, 5, 4])
    let spans = line.spans(of: 2..<5)
    #expect(spans.count == 2)
    #expect(abs(spans[1].upperBound - line.width) < 1e-6)
    // Moving right from after "c" goes to after the space, then through the Hebrew right to left on
    // screen, which is backwards in the text.
    var index = 3
    var visited = [Int]()
    while let next = line.caretIndex(from: index, movingRight: true) {
      visited.append(next)
      index = next
    }
    #expect(visited == [7, 6, 5, 4])
  }

  @Test func tappingAHalfOfACharacterPutsTheCaretOnThatSide() {
    let line = fonts.line("אב", font: font)
    let first = line.spans(of: 0..<1)[0]
    // The first letter is on the right: its right half is before it.
    #expect(line.characterIndex(at: first.upperBound - 1) == 0)
    #expect(line.characterIndex(at: first.lowerBound + 1) == 1)
    #expect(line.characterIndex(at: -50) == 2 && line.characterIndex(at: 500) == 0)
  }
}
