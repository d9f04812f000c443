import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// A text view lays out again only the paragraphs an edit changed: the others' lines are kept from
/// the previous layout, and the result is the layout made from scratch.
@MainActor @Suite struct TextViewParagraphLayoutTests {
  private let font = Font.system(size: 17)

  /// 100 paragraphs of mixed text, each long enough to wrap at 180 points.
  private static let document = (0..<100).map { "Paragraph \($0): 你好世界, a line that wraps ٣٤ עברית" }
    .joined(separator: "\n")

  /// What can be compared of a layout's lines: their ranges, positions, wrapping and widths.
  private func shape(of layout: TextViewLayout) -> [String] {
    layout.lines.map { "\($0.range) \($0.x) \($0.y) \($0.wraps) \($0.text.width)" }
  }

  @Test func typingInOneParagraphLaysOutOnlyThatParagraphAgain() {
    let setup = TextViewSetup(
      text: Self.document, frame: Rect(x: 0, y: 0, width: 190, height: 300), focused: true)
    let cache = setup.textView.paragraphLayouts
    // The empty text the view started with, then the document's 100 paragraphs.
    #expect(cache.paragraphsLaidOut == 101)
    let fiftieth = Self.document.split(separator: "\n")[..<50].map { $0.count + 1 }.reduce(0, +)
    setup.textView.select(fiftieth + 3..<fiftieth + 3)
    setup.typeText("x")
    _ = setup.textView.textLayout
    #expect(cache.paragraphsLaidOut == 102)
    setup.press(.return)
    _ = setup.textView.textLayout
    #expect(cache.paragraphsLaidOut == 104, "the split paragraph's two halves")
  }

  @Test func aLayoutThatKeepsParagraphsEqualsOneMadeFromScratch() {
    let cache = TextViewLayout.ParagraphCache()
    var text = Self.document
    _ = TextViewLayout(text, font: font, width: 180, paragraphs: cache)
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<20 {
      var characters = Array(text)
      let at = Int.random(in: 0..<characters.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: characters.insert(contentsOf: "ab 好", at: at)
      case 1: characters.remove(at: at)
      default: characters.insert("\n", at: at)
      }
      text = String(characters)
      let kept = TextViewLayout(text, font: font, width: 180, paragraphs: cache)
      #expect(shape(of: kept) == shape(of: TextViewLayout(text, font: font, width: 180)))
    }
  }

  @Test func anotherWidthOrFontLaysEveryParagraphOutAgain() {
    let cache = TextViewLayout.ParagraphCache()
    _ = TextViewLayout("one\ntwo\nthree", font: font, width: 180, paragraphs: cache)
    _ = TextViewLayout("one\ntwo\nthree", font: font, width: 180, paragraphs: cache)
    #expect(cache.paragraphsLaidOut == 3)
    _ = TextViewLayout("one\ntwo\nthree", font: font, width: 120, paragraphs: cache)
    #expect(cache.paragraphsLaidOut == 6)
    _ = TextViewLayout("one\ntwo\nthree", font: .system(size: 20), width: 120, paragraphs: cache)
    #expect(cache.paragraphsLaidOut == 9)
  }

  @Test func theCacheKeepsOnlyTheParagraphsOfTheLatestLayout() {
    let cache = TextViewLayout.ParagraphCache()
    _ = TextViewLayout("one\ntwo", font: font, width: 180, paragraphs: cache)
    _ = TextViewLayout("three", font: font, width: 180, paragraphs: cache)
    #expect(cache.paragraphsLaidOut == 3)
    _ = TextViewLayout("one\ntwo\nthree", font: font, width: 180, paragraphs: cache)
    #expect(cache.paragraphsLaidOut == 5, "one and two were dropped by the layout of three alone")
  }
}
