import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// `zwp_text_input_v3` from the fake compositor into a multi-line text view: surrounding text and the
/// cursor rectangle across lines, and a pre-edit committed as 你好.
@MainActor @Suite struct SeatTextViewInputTests {
  func textViewWithFocus(_ text: String) throws -> (SeatHarness, TextView) {
    let app = try SeatHarness()
    let view = TextView(frame: Rect(x: 10, y: 10, width: 200, height: 150))
    view.text = text
    app.window.addSubview(view)
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    #expect(view.becomeFirstResponder())
    try app.settle()
    return (app, view)
  }

  /// `rect` (in `view`'s coordinates) on the surface, as the text field's tests compute it.
  func surfaceRect(_ rect: Rect?, of view: View) throws -> Rect {
    try SeatTextInputTests().surfaceRect(rect, of: view)
  }

  @Test func theCursorRectangleIsTheCaretOnItsLineAndTheSurroundingTextSpansLines() throws {
    let (app, view) = try textViewWithFocus("one\ntwo\nthree")
    #expect(
      app.compositor.textInputSurroundingTexts == [.init(text: "one\ntwo\nthree", cursor: 13, anchor: 13)])
    let last = try surfaceRect(view.caretRect, of: view)
    #expect(app.compositor.textInputCursorRectangles == [last])
    try app.compositor.press(keyNamed: "Up")
    try app.settle()
    #expect(view.selectedRange == 7..<7)
    let middle = try surfaceRect(view.caretRect, of: view)
    #expect(app.compositor.textInputCursorRectangles == [middle])
    #expect(middle.minY < last.minY, "one line up")
    #expect(app.compositor.textInputSurroundingTexts.first?.cursor == 7)
  }

  @Test func aLongTextIsSentAroundTheCaretWithinTheLimit() throws {
    let line = String(repeating: "x", count: 99)
    let (app, view) = try textViewWithFocus(Array(repeating: line, count: 100).joined(separator: "\n"))
    view.select(5000..<5000)
    try app.settle()
    let sent = try #require(app.compositor.textInputSurroundingTexts.first)
    #expect(sent.text.utf8.count <= 4000)
    #expect(sent.text.utf8.count > 3900)
    #expect(sent.cursor > 1000 && sent.cursor < 3000, "the caret is in the middle of what is sent")
  }

  @Test func aPreeditIsShownAtTheCaretAndItsCommitInserts你好() throws {
    let (app, view) = try textViewWithFocus("first\nsecond")
    #expect(app.compositor.textInputPreedit("nihao", cursorBegin: 5, cursorEnd: 5) == 1)
    try app.sync()
    #expect(view.markedText == "nihao")
    #expect(view.text == "first\nsecond")
    try app.settle()
    let caret = try surfaceRect(view.caretRect, of: view)
    #expect(app.compositor.textInputCursorRectangles == [caret], "the caret inside the pre-edit")
    #expect(app.compositor.textInputCommit("你好") == 1)
    try app.sync()
    #expect(view.markedText == nil)
    #expect(view.text == "first\nsecond你好")
    try app.settle()
    #expect(
      app.compositor.textInputSurroundingTexts == [
        .init(text: "first\nsecond你好", cursor: Int32("first\nsecond你好".utf8.count), anchor: 18)
      ])
  }
}

/// Only a responder that takes typed text gets the input method: a read-only text view is first
/// responder for selecting and copying, with no on-screen keyboard.
@MainActor @Suite struct SeatReadOnlyTextInputTests {
  @Test func aReadOnlyTextViewThatIsFirstResponderLeavesTextInputDisabled() throws {
    let (app, view) = try SeatTextViewInputTests().textViewWithFocus("")
    view.isEditable = false
    view.text = "read me"
    #expect(view.resignFirstResponder())
    #expect(view.becomeFirstResponder())
    try app.settle()
    #expect(view.isFirstResponder)
    #expect(app.compositor.textInputSurroundingTexts.isEmpty, "text input is not enabled")
  }

  @Test func aTextViewMadeReadOnlyWhileFirstResponderDisablesTextInputAndEditableEnablesItAgain() throws {
    let (app, view) = try SeatTextViewInputTests().textViewWithFocus("words")
    #expect(app.compositor.textInputSurroundingTexts.count == 1)
    view.isEditable = false
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts.isEmpty)
    #expect(app.compositor.textInputCommit("typed") == 0, "no enabled text input to type into")
    view.isEditable = true
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "words", cursor: 5, anchor: 5)])
  }

  @Test func aTextFieldDisabledWhileFirstResponderDisablesTextInput() throws {
    let (app, field) = try SeatClipboardTests().fieldWithFocus("on")
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts.count == 1)
    field.isEnabled = false
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts.isEmpty)
    field.isEnabled = true
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts.count == 1)
  }
}
