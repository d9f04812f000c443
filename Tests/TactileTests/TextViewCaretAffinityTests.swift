import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// The caret at a soft line break: one position in the text, shown at the end of the wrapped line
/// (upstream) after End or a tap past that line's end, and at the next line's start (downstream)
/// otherwise.
@MainActor @Suite struct TextViewCaretAffinityTests {
  private static let font = Font.system(size: 17)

  /// "你好世界你好世界" in lines of three ideographs: 你好世 | 界你好 | 世界 (no spaces, so the break
  /// falls between two characters).
  private func wrappedSetup() -> TextViewSetup {
    let width = FontSystem.shared.advance(of: "你好世", font: Self.font) + 0.5 + 10
    let setup = TextViewSetup(text: "你好世界你好世界", frame: Rect(x: 0, y: 0, width: width, height: 120))
    setup.textView.becomeFirstResponder()
    return setup
  }

  private func lineTop(_ number: Int, in setup: TextViewSetup) -> Double {
    setup.textView.textOrigin.y + setup.textView.textLayout.lines[number].y
  }

  @Test func endOnAWrappedLineShowsTheCaretAtThatLinesEnd() throws {
    let setup = wrappedSetup()
    #expect(setup.lineTexts == ["你好世", "界你好", "世界"])
    setup.textView.select(1..<1)
    setup.press(.end)
    #expect(setup.textView.selectedRange == 3..<3, "after 世, the last character of the first line")
    #expect(setup.textView.selectionAffinity == .upstream)
    let caret = try #require(setup.textView.caretRect)
    #expect(caret.minY == lineTop(0, in: setup))
    let lineEnd = setup.textView.textOrigin.x + setup.textView.textLayout.lines[0].text.width
    #expect(abs(caret.midX - lineEnd) < 0.01)
  }

  @Test func homeFromTheEndOfAWrappedLineGoesToThatLinesStart() {
    let setup = wrappedSetup()
    setup.textView.select(4..<4)
    setup.press(.end)
    #expect(setup.textView.selectedRange == 6..<6)
    setup.press(.home)
    #expect(setup.textView.selectedRange == 3..<3)
    #expect(setup.textView.selectionAffinity == .downstream)
  }

  @Test func aTapPastAWrappedLinesEndPutsTheCaretThereAndAtTheNextLinesStartBefore() throws {
    let setup = wrappedSetup()
    let past = setup.windowPoint(
      Point(x: setup.textView.bounds.width - 2, y: lineTop(0, in: setup) + 5))
    setup.script(.direct).tap(at: past)
    #expect(setup.textView.selectedRange == 3..<3)
    #expect(setup.textView.selectionAffinity == .upstream)
    #expect(try #require(setup.textView.caretRect).minY == lineTop(0, in: setup))

    setup.script(.direct).tap(at: setup.boundary(3))
    #expect(setup.textView.selectedRange == 3..<3)
    #expect(setup.textView.selectionAffinity == .downstream)
    #expect(try #require(setup.textView.caretRect).minY == lineTop(1, in: setup))
  }

  @Test func downAndUpFromAWrappedLinesEndKeepItsColumnAndAffinity() {
    let setup = wrappedSetup()
    setup.textView.select(0..<0)
    setup.press(.end)
    setup.press(.downArrow)
    #expect(setup.textView.selectedRange == 6..<6, "the end of the second line, which wraps too")
    #expect(setup.textView.selectionAffinity == .upstream)
    setup.press(.upArrow)
    #expect(setup.textView.selectedRange == 3..<3)
    #expect(setup.textView.selectionAffinity == .upstream)
  }

  @Test func typingAtAnUpstreamCaretInsertsThereAndTheCaretFollowsDownstream() {
    let setup = wrappedSetup()
    setup.textView.select(0..<0)
    setup.press(.end)
    setup.typeText("a")
    #expect(setup.textView.text == "你好世a界你好世界")
    #expect(setup.textView.selectedRange == 4..<4)
    #expect(setup.textView.selectionAffinity == .downstream)
  }

  @Test func leftAndRightFromAnUpstreamCaretMoveFromThatLinesEnd() throws {
    let setup = wrappedSetup()
    setup.textView.select(0..<0)
    setup.press(.end)
    setup.press(.leftArrow)
    #expect(setup.textView.selectedRange == 2..<2, "before 世, on the first line")
    setup.press(.end)
    setup.press(.rightArrow)
    #expect(setup.textView.selectedRange == 3..<3, "the same position, now at the second line's start")
    #expect(setup.textView.selectionAffinity == .downstream)
    #expect(try #require(setup.textView.caretRect).minY == lineTop(1, in: setup))
  }

  @Test func anInputMethodsCursorRectangleFollowsTheAffinity() throws {
    let setup = wrappedSetup()
    setup.textView.select(0..<0)
    setup.press(.end)
    #expect(try #require(setup.textView.editingRect).minY == lineTop(0, in: setup))
  }
}
