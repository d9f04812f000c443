import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// A text view's lines: wrapping to its width at Unicode line breaks, hard newlines, and the content
/// size and scrolling that follow the text.
@MainActor @Suite struct TextViewLayoutTests {
  private let font = Font.system(size: 17)

  private func layout(_ text: String, width: Double) -> [String] {
    let characters = Array(text)
    return TextViewLayout(text, font: font, width: width).lines.map { String(characters[$0.range]) }
  }

  private func advance(_ text: String) -> Double { FontSystem.shared.advance(of: text, font: font) }

  @Test func latinTextWrapsAfterTheLastSpaceThatFits() {
    let width = advance("hello big") + 1
    #expect(layout("hello big world of text", width: width) == ["hello big ", "world of ", "text"])
  }

  @Test func chineseTextWrapsBetweenIdeographs() {
    let width = advance("你好世") + 0.5
    #expect(layout("你好世界你好世界", width: width) == ["你好世", "界你好", "世界"])
  }

  @Test func chineseAndLatinMixedBreakBetweenIdeographsAndAtSpaces() {
    let width = advance("我们用Swift") + 0.5
    #expect(layout("我们用Swift写代码", width: width) == ["我们用Swift", "写代码"])
  }

  @Test func aLineOfAHebrewParagraphThatStartsInLatinRunsRightToLeftAndIsRightAligned() throws {
    let width = advance("שלום לכולם out") - 1
    let lines = TextViewLayout("שלום לכולם out שלום", font: font, width: width).lines
    try #require(lines.count == 2)
    #expect(lines[1].text.text == "out שלום")
    #expect(lines[1].text.isRightToLeft)
    #expect(abs(lines[1].x - (width - lines[1].text.width)) < 1e-9)
  }

  @Test func punctuationDoesNotStartALine() {
    // UAX #14: the ideographic full stop stays with the ideograph before it.
    let width = advance("你好世") + 0.5
    let lines = layout("你好世界。再见", width: width)
    #expect(lines.allSatisfy { !$0.hasPrefix("。") })
    #expect(lines.joined() == "你好世界。再见")
  }

  @Test func hardNewlinesEndLinesAndEmptyParagraphsAreLines() {
    #expect(layout("one\n\ntwo\n", width: 500) == ["one", "", "two", ""])
  }

  @Test func aWordWiderThanTheLineIsCutBetweenCharacters() {
    let width = advance("abcd") + 0.5
    let lines = layout("abcdefghij", width: width)
    #expect(lines == ["abcd", "efgh", "ij"])
  }

  @Test func theLinesCoverTheTextExceptItsNewlines() {
    let text = "The quick brown fox\njumps over 懒狗 and\n\nrests."
    let lines = TextViewLayout(text, font: font, width: advance("quick brown")).lines
    var covered = 0
    for line in lines {
      #expect(line.range.lowerBound == covered || line.range.lowerBound == covered + 1)
      covered = line.range.upperBound
    }
    #expect(covered == text.count)
    #expect(lines.count > 4)
  }

  @Test func theContentSizeIsTheTextsHeightAndFollowsTheWidth() {
    let setup = TextViewSetup(text: "one\ntwo\nthree")
    let view = setup.textView
    let lineHeight = FontSystem.shared.metrics(of: font).lineHeight
    let insets = view.textContainerInset.top + view.textContainerInset.bottom
    #expect(view.contentSize.height == 3 * lineHeight + insets)
    #expect(view.contentSize.width == view.bounds.width)
    view.text = String(repeating: "word ", count: 40)
    let wide = view.contentSize.height
    view.frame = Rect(x: 10, y: 10, width: 100, height: 120)
    #expect(view.contentSize.height > wide, "a narrower view has more lines")
  }

  @Test func aTextTallerThanTheViewScrolls() {
    let setup = TextViewSetup(text: (1...30).map { "line \($0)" }.joined(separator: "\n"))
    let view = setup.textView
    #expect(view.maximumContentOffset.y > 0)
    view.setContentOffset(Point(x: 0, y: 100), animated: false)
    #expect(view.contentOffset.y == 100)
  }

  @Test func tappingBeyondAWrappedLinesEndPutsTheCaretOnThatLine() {
    let setup = TextViewSetup(text: "hello big world")
    let view = setup.textView
    view.frame = Rect(x: 10, y: 10, width: advance("hello big") + 12, height: 120)
    #expect(setup.lineTexts == ["hello big ", "world"])
    let layout = view.textLayout
    // After the trailing space, the boundary that is also the next line's start, kept on this line by
    // its upstream affinity (before there was an affinity, the caret had to stop before the space).
    let caret = layout.caretPosition(at: Point(x: 1000, y: layout.lineHeight / 2))
    #expect(caret.index == 10)
    #expect(caret.affinity == .upstream)
    #expect(layout.lineIndex(ofCaret: 10, affinity: caret.affinity) == 0)
    #expect(layout.lineIndex(ofCaret: 10) == 1)
  }

  @Test func rightToLeftLinesAreAlignedRight() {
    let layout = TextViewLayout("שלום עולם\nhello", font: font, width: 300)
    #expect(layout.lines[0].x > 0)
    #expect(layout.lines[0].x + layout.lines[0].text.width == 300)
    #expect(layout.lines[1].x == 0)
  }
}
