import Testing

@testable import TactileRaster

/// Word and line boundaries from ICU, in characters (issue 24): Chinese has no spaces, so its words come
/// from ICU's dictionary.
@Suite struct TextBoundariesTests {
  func words(_ text: String) -> [String] {
    let characters = Array(text)
    return TextBoundaries.words(in: text).filter(\.isWord).map { String(characters[$0.range]) }
  }

  @Test func chineseIsCutIntoDictionaryWords() {
    #expect(words("我们喜欢北京天安门。") == ["我们", "喜欢", "北京", "天安门"])
  }

  @Test func latinWordsAreSeparatedFromSpacesAndPunctuation() {
    let segments = TextBoundaries.words(in: "Hello,  world 42")
    #expect(segments.map(\.range) == [0..<5, 5..<6, 6..<8, 8..<13, 13..<14, 14..<16])
    #expect(segments.map(\.isWord) == [true, false, false, true, false, true])
  }

  @Test func boundariesAreCountedInCharactersNotCodeUnits() {
    // The family emoji is one character of five scalars (eight UTF-16 units).
    let segments = TextBoundaries.words(in: "a 👨‍👩‍👧 b")
    #expect(segments.last?.range.upperBound == 5)
    #expect(segments.contains { $0.range == 2..<3 })
  }

  @Test func linesMayBreakAfterSpacesAndBetweenIdeographs() {
    #expect(TextBoundaries.lineBreaks(in: "one two") == [4, 7])
    #expect(TextBoundaries.lineBreaks(in: "北京天安门") == [1, 2, 3, 4, 5])
    // Not before the full stop: it stays with the ideograph before it.
    #expect(TextBoundaries.lineBreaks(in: "北京。") == [1, 3])
  }

  @Test func wrappingChineseBreaksBetweenIdeographsAndEveryLineFits() {
    let font = Font.system(size: 14)
    let text = "我们喜欢北京天安门，也喜欢上海。"
    let lines = FontSystem.shared.wrapped(text, width: 60, font: font)
    #expect(lines.count > 2 && lines.joined() == text)
    #expect(lines.allSatisfy { FontSystem.shared.advance(of: $0, font: font) <= 60 })
    #expect(!lines.contains { $0.hasPrefix("，") || $0.hasPrefix("。") })
  }
}
