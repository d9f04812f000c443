import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore

/// Editing in a text view: typing, newlines, deletion, caret keys by line, undo grouped by typing
/// run, the edit commands, the delegate, read-only views, and the caret kept in view.
@MainActor @Suite struct TextViewEditingTests {
  private final class Recorder: TextViewDelegate {
    var changes = 0
    var selections = 0
    var began = 0
    var ended = 0
    func textViewDidChange(_ textView: TextView) { changes += 1 }
    func textViewDidChangeSelection(_ textView: TextView) { selections += 1 }
    func textViewDidBeginEditing(_ textView: TextView) { began += 1 }
    func textViewDidEndEditing(_ textView: TextView) { ended += 1 }
  }

  @Test func typingInsertsAtTheCaretAndReturnInsertsANewline() {
    let setup = TextViewSetup(focused: true)
    setup.typeText("ab")
    setup.press(.return)
    setup.typeText("c")
    #expect(setup.textView.text == "ab\nc")
    #expect(setup.textView.selectedRange == 4..<4)
    #expect(setup.lineTexts == ["ab", "c"])
    setup.press(.backspace)
    setup.press(.backspace)
    #expect(setup.textView.text == "ab")
  }

  @Test func deleteRemovesTheCharacterAfterTheCaretAndBackspaceASelection() {
    let setup = TextViewSetup(text: "abc\ndef", focused: true)
    setup.textView.select(3..<3)
    setup.press(.delete)
    #expect(setup.textView.text == "abcdef")
    setup.textView.select(1..<4)
    setup.press(.backspace)
    #expect(setup.textView.text == "aef")
  }

  @Test func downAndUpMoveByLineKeepingTheCaretsColumn() {
    let setup = TextViewSetup(text: "abcdefgh\nab\nabcdefgh", focused: true)
    setup.textView.select(6..<6)
    setup.press(.downArrow)
    #expect(setup.textView.selectedRange == 11..<11, "the short line's end")
    setup.press(.downArrow)
    #expect(setup.textView.selectedRange == 18..<18, "back in the column it started in")
    setup.press(.upArrow)
    setup.press(.upArrow)
    #expect(setup.textView.selectedRange == 6..<6)
    setup.press(.upArrow)
    #expect(setup.textView.selectedRange == 0..<0, "above the first line: the start")
    setup.press(.downArrow, modifiers: .shift)
    #expect(setup.textView.selectedRange == 0..<11, "the series keeps its column: the short line's end")
  }

  @Test func upAndDownFollowWrappedLines() {
    let font = Font.system(size: 17)
    let width = FontSystem.shared.advance(of: "hello big", font: font) + 12
    let setup = TextViewSetup(text: "hello big world", frame: Rect(x: 0, y: 0, width: width, height: 100))
    setup.textView.becomeFirstResponder()
    #expect(setup.lineTexts == ["hello big ", "world"])
    setup.textView.select(2..<2)
    setup.press(.downArrow)
    #expect(setup.textView.selectedRange == 12..<12)
    setup.press(.upArrow)
    #expect(setup.textView.selectedRange == 2..<2)
  }

  @Test func homeAndEndGoToTheEndsOfTheCaretsLine() {
    let setup = TextViewSetup(text: "one\ntwo three\nfour", focused: true)
    setup.textView.select(6..<6)
    setup.press(.end)
    #expect(setup.textView.selectedRange == 13..<13)
    setup.press(.home, modifiers: .shift)
    #expect(setup.textView.selectedRange == 4..<13)
    #expect(setup.textView.selectionCursor == 4)
  }

  @Test func leftAndRightCrossLineEnds() {
    let setup = TextViewSetup(text: "ab\ncd", focused: true)
    setup.textView.select(2..<2)
    setup.press(.rightArrow)
    #expect(setup.textView.selectedRange == 3..<3)
    setup.press(.leftArrow)
    setup.press(.leftArrow)
    #expect(setup.textView.selectedRange == 1..<1)
  }

  @Test func undoRestoresTextAndSelectionAndGroupsATypingRun() {
    let setup = TextViewSetup(text: "keep ", focused: true)
    setup.typeText("abc")
    setup.textView.select(0..<4)
    setup.type("x", modifiers: .control)
    #expect(setup.textView.text == " abc")
    setup.type("z", modifiers: .control)
    #expect(setup.textView.text == "keep abc")
    #expect(setup.textView.selectedRange == 0..<4, "the cut selection is selected again")
    setup.type("z", modifiers: .control)
    #expect(setup.textView.text == "keep ", "the typing run is one step")
    #expect(setup.textView.selectedRange == 5..<5)
    setup.type("z", modifiers: [.control, .shift])
    setup.type("z", modifiers: [.control, .shift])
    #expect(setup.textView.text == " abc")
  }

  @Test func movingTheCaretEndsATypingRun() {
    let setup = TextViewSetup(focused: true)
    setup.typeText("ab")
    setup.press(.leftArrow)
    setup.typeText("X")
    #expect(setup.textView.text == "aXb")
    setup.type("z", modifiers: .control)
    #expect(setup.textView.text == "ab")
    setup.type("z", modifiers: .control)
    #expect(setup.textView.text == "")
  }

  @Test func pasteAndDeleteAreUndoneOneByOne() {
    let setup = TextViewSetup(text: "ab", focused: true)
    setup.pasteboard.setString("line\nbreak")
    setup.type("v", modifiers: .control)
    #expect(setup.textView.text == "abline\nbreak")
    setup.press(.backspace)
    setup.type("z", modifiers: .control)
    #expect(setup.textView.text == "abline\nbreak")
    setup.type("z", modifiers: .control)
    #expect(setup.textView.text == "ab")
    #expect(setup.textView.selectedRange == 2..<2)
  }

  @Test func copyAndSelectAllWorkInAReadOnlyViewThatIgnoresTyping() {
    let setup = TextViewSetup(text: "read only", focused: false)
    setup.textView.isEditable = false
    #expect(setup.textView.becomeFirstResponder())
    setup.typeText("x")
    setup.press(.backspace)
    #expect(setup.textView.text == "read only")
    setup.type("a", modifiers: .control)
    setup.type("c", modifiers: .control)
    #expect(setup.pasteboard.string == "read only")
    setup.type("x", modifiers: .control)
    setup.type("v", modifiers: .control)
    #expect(setup.textView.text == "read only", "cut and paste need an editable view")
  }

  @Test func aViewNeitherEditableNorSelectableIsNeverFirstResponder() {
    let setup = TextViewSetup(text: "static")
    setup.textView.isEditable = false
    setup.textView.isSelectable = false
    #expect(!setup.textView.becomeFirstResponder())
  }

  @Test func theDelegateHearsTheUsersChangesButNotCode() {
    let setup = TextViewSetup()
    let recorder = Recorder()
    setup.textView.delegate = recorder
    setup.textView.becomeFirstResponder()
    #expect(recorder.began == 1)
    setup.typeText("hi")
    #expect(recorder.changes == 2)
    setup.textView.text = "code"
    #expect(recorder.changes == 2)
    #expect(recorder.selections > 0)
    setup.textView.resignFirstResponder()
    #expect(recorder.ended == 1)
  }

  @Test func typingKeepsTheCaretVisible() {
    let setup = TextViewSetup(frame: Rect(x: 0, y: 0, width: 200, height: 80), focused: true)
    for _ in 0..<12 {
      setup.typeText("x")
      setup.press(.return)
    }
    let view = setup.textView
    #expect(view.contentOffset.y > 0)
    let caret = try! #require(view.caretRect)
    #expect(view.bounds.contains(caret))
    #expect(view.contentOffset.y == view.maximumContentOffset.y)
  }

  @Test func movingTheCaretUpScrollsBack() {
    let text = (1...20).map { "line \($0)" }.joined(separator: "\n")
    let setup = TextViewSetup(text: text, frame: Rect(x: 0, y: 0, width: 200, height: 80), focused: true)
    let view = setup.textView
    view.select(0..<0)
    for _ in 0..<10 { setup.press(.downArrow) }
    #expect(view.contentOffset.y > 0)
    #expect(view.bounds.contains(try! #require(view.caretRect)))
    for _ in 0..<10 { setup.press(.upArrow) }
    #expect(view.contentOffset.y == view.minimumContentOffset.y)
  }

  @Test func markedTextIsShownAtTheCaretAndCommittedAsTyping() {
    let setup = TextViewSetup(text: "ab\ncd", focused: true)
    let view = setup.textView
    view.select(4..<4)
    view.setMarkedText("ni", selectedRange: 2..<2)
    #expect(view.displayedText == "ab\ncnid")
    #expect(view.text == "ab\ncd")
    let caret = try! #require(view.caretRect)
    #expect(caret.minY > view.textOrigin.y, "on the second line")
    view.insertText("你")
    #expect(view.text == "ab\nc你d")
    #expect(view.markedText == nil)
    #expect(view.selectedRange == 5..<5)
  }
}

/// Page Up and Page Down, and Ctrl+Home and Ctrl+End, in a text view taller than its bounds.
@MainActor @Suite struct TextViewPageKeyTests {
  static let text = (1...40).map { "line \($0)" }.joined(separator: "\n")

  func setup() -> TextViewSetup {
    let setup = TextViewSetup(
      text: Self.text, frame: Rect(x: 0, y: 0, width: 200, height: 120), focused: true)
    setup.textView.select(0..<0)
    return setup
  }

  /// The lines a page moves: those the view shows between its insets.
  func pageLines(_ view: TextView) -> Int {
    Int(
      ((view.bounds.height - view.textContainerInset.top - view.textContainerInset.bottom)
        / view.textLayout.lineHeight).rounded(.down))
  }

  @Test func pageDownMovesTheCaretAPageOfLinesAndScrollsByAsMuch() throws {
    let setup = setup()
    let view = setup.textView
    let lines = pageLines(view)
    #expect(lines >= 2)
    let caretOnScreen = try #require(view.caretRect).minY - view.contentOffset.y
    setup.press(.pageDown)
    #expect(view.textLayout.lineIndex(ofCaret: view.selectionCursor) == lines)
    #expect(view.contentOffset.y == view.minimumContentOffset.y + Double(lines) * view.textLayout.lineHeight)
    #expect(try #require(view.caretRect).minY - view.contentOffset.y == caretOnScreen, "same place on screen")
  }

  @Test func pageUpReturnsAndStopsAtTheStart() {
    let setup = setup()
    let view = setup.textView
    setup.press(.pageDown)
    setup.press(.pageDown)
    setup.press(.pageUp)
    #expect(view.textLayout.lineIndex(ofCaret: view.selectionCursor) == pageLines(view))
    setup.press(.pageUp)
    setup.press(.pageUp)
    #expect(view.selectedRange == 0..<0)
    #expect(view.contentOffset.y == view.minimumContentOffset.y)
  }

  @Test func pageDownWithShiftExtendsTheSelection() {
    let setup = setup()
    let view = setup.textView
    setup.press(.pageDown, modifiers: .shift)
    #expect(view.selectionAnchor == 0)
    #expect(view.selectedRange.upperBound > 0)
  }

  @Test func pageDownPastTheLastLineGoesToTheEnd() {
    let setup = setup()
    let view = setup.textView
    for _ in 0..<20 { setup.press(.pageDown) }
    #expect(view.selectedRange == Self.text.count..<Self.text.count)
    #expect(view.contentOffset.y == view.maximumContentOffset.y)
  }

  @Test func controlHomeAndEndGoToTheEndsOfTheText() throws {
    let setup = setup()
    let view = setup.textView
    setup.press(.end, modifiers: .control)
    #expect(view.selectedRange == Self.text.count..<Self.text.count)
    #expect(view.bounds.contains(try #require(view.caretRect)))
    setup.press(.home, modifiers: [.control, .shift])
    #expect(view.selectedRange == 0..<Self.text.count)
    #expect(view.contentOffset.y == view.minimumContentOffset.y)
  }
}
