import TactileFakeSeat
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore
@testable import TactileWayland

/// `zwp_text_input_v3` from the fake compositor (standing in for an on-screen keyboard) into a text field.
@MainActor @Suite struct SeatTextInputTests {
  func fieldWithFocus() throws -> (SeatHarness, TextField) {
    let app = try SeatHarness()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 150, height: 30))
    app.window.addSubview(field)
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    return (app, field)
  }

  @Test func aFirstResponderTextFieldEnablesTextInputAndReceivesCommittedText() throws {
    let (app, field) = try fieldWithFocus()
    #expect(app.compositor.textInputCommit("x") == 0, "not enabled before the field is first responder")
    #expect(field.becomeFirstResponder())
    try app.sync()
    #expect(try app.seat.textInput?.isEnabled == true)
    #expect(app.compositor.textInputCommit("héllo") == 1)
    try app.sync()
    #expect(field.text == "héllo")
  }

  @Test func deleteSurroundingTextRemovesCharactersBeforeTheCaret() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    field.insertText("naïve")
    try app.sync()
    let input = try #require(try app.seat.textInput)
    input.apply(deleteBefore: 2, commit: "f")
    #expect(field.text == "naïf")
    input.apply(deleteBefore: 3, commit: nil)
    #expect(field.text == "na", "a character is never split: \"ï\" is two bytes")
  }

  /// `rect` (in `field`'s coordinates) on the surface, as `set_cursor_rectangle` sends it: the
  /// harness's window fills its surface.
  func surfaceRect(_ rect: Rect?, of field: View) throws -> Rect {
    let frame = field.convert(try #require(rect), to: field.window)
    return Rect(
      x: frame.minX.rounded(), y: frame.minY.rounded(), width: frame.width.rounded(),
      height: frame.height.rounded())
  }

  @Test func theCursorRectangleIsTheCaretAndFollowsTypingArrowKeysAndTaps() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.settle()
    let empty = try surfaceRect(field.caretRect, of: field)
    #expect(app.compositor.textInputCursorRectangles == [empty])
    #expect(empty.width == 2, "the caret, not the field")
    try app.compositor.type("mmm")
    try app.settle()
    let typed = try surfaceRect(field.caretRect, of: field)
    #expect(app.compositor.textInputCursorRectangles == [typed])
    #expect(typed.minX > empty.minX + 10)
    try app.compositor.press(keyNamed: "Left")
    try app.settle()
    let left = try surfaceRect(field.caretRect, of: field)
    #expect(app.compositor.textInputCursorRectangles == [left])
    #expect(left.minX < typed.minX && left.minX > empty.minX)
    try app.compositor.touchDown(id: 1, at: app.at(12, 25))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.settle()
    #expect(field.selectedRange == 0..<0)
    #expect(app.compositor.textInputCursorRectangles == [empty], "a tap moved the caret to the start")
  }

  @Test func aSelectionIsSentAsTheCursorRectangleSpanningIt() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    field.insertText("mmm")
    field.select(1..<3)
    try app.settle()
    let sent = try #require(app.compositor.textInputCursorRectangles.first)
    #expect(sent == (try surfaceRect(field.editingRect, of: field)))
    #expect(sent.width > 10, "two characters wide")
  }

  /// A focused field inside `container` (at the window's origin) on a surface with keyboard focus,
  /// the state of its first enable drawn and sent.
  func focusedField(in container: View) throws -> (SeatHarness, TextField) {
    let app = try SeatHarness()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 150, height: 30))
    container.addSubview(field)
    app.window.addSubview(container)
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    #expect(field.becomeFirstResponder())
    _ = try drawn(app)
    return (app, field)
  }

  @Test func aFieldMovedOnlyByLayoutSendsItsMovedCursorRectangleOnceAndAFrameThatMovedNothingSendsNothing()
    throws
  {
    let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 60))
    let (app, _) = try focusedField(in: container)
    let before = try #require(app.compositor.textInputCursorRectangles.first)
    let commits = try #require(app.compositor.textInputCommitCounts.first)
    container.frame = container.frame.offsetBy(dx: 7, dy: 5)
    _ = try drawn(app)
    #expect(app.compositor.textInputCursorRectangles == [before.offsetBy(dx: 7, dy: 5)])
    #expect(app.compositor.textInputCommitCounts == [commits + 1])
    let frames = app.host.framesDrawn
    container.backgroundColor = .black
    _ = try drawn(app)
    #expect(app.host.framesDrawn == frames + 1, "a frame was drawn")
    #expect(app.compositor.textInputCommitCounts == [commits + 1], "nothing moved: nothing sent")
    container.transform = AffineTransform(translationX: -4, y: 3)
    _ = try drawn(app)
    #expect(app.compositor.textInputCursorRectangles == [before.offsetBy(dx: 3, dy: 8)])
    #expect(app.compositor.textInputCommitCounts == [commits + 2])
  }

  @Test func scrollingAFocusedFieldSendsItsCursorRectangleAgain() throws {
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 60))
    scrollView.contentSize = Size(width: 200, height: 300)
    let (app, _) = try focusedField(in: scrollView)
    let before = try #require(app.compositor.textInputCursorRectangles.first)
    let commits = try #require(app.compositor.textInputCommitCounts.first)
    scrollView.contentOffset = Point(x: 0, y: 6)
    _ = try drawn(app)
    #expect(app.compositor.textInputCursorRectangles == [before.offsetBy(dx: 0, dy: -6)])
    #expect(app.compositor.textInputCommitCounts == [commits + 1])
  }

  @Test func keyAndTouchChangesAreSentWithoutWaitingForTheInputMethodOncePerLoopTurn() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.settle()
    let before = try #require(app.compositor.textInputCommitCounts.first)
    try app.compositor.type("hello")
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 5, anchor: 5)])
    #expect(app.compositor.textInputCommitCounts == [before + 1], "five keys in one turn: one commit")
    try app.compositor.key(SeatKeyboardTests.shift, pressed: true)
    try app.compositor.press(keyNamed: "Left")
    try app.compositor.key(SeatKeyboardTests.shift, pressed: false)
    try app.settle()
    #expect(field.selectedRange == 4..<5)
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 4, anchor: 5)])
    #expect(app.compositor.textInputCommitCounts == [before + 2])
    try app.compositor.touchDown(id: 1, at: app.at(12, 25))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.settle()
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 0, anchor: 0)])
    #expect(app.compositor.textInputCommitCounts == [before + 3])
  }

  /// Presses `key` (a keymap name) `count` times with Shift held, then carries the state across.
  func shiftPress(_ key: String, times count: Int, in app: SeatHarness) throws {
    try app.compositor.key(SeatKeyboardTests.shift, pressed: true)
    for _ in 0..<count { try app.compositor.press(keyNamed: key) }
    try app.compositor.key(SeatKeyboardTests.shift, pressed: false)
    try app.settle()
  }

  @Test func theSelectionsMovingEndIsSentAsTheCursorAndItsFixedEndAsTheAnchorInBothDirections() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.compositor.type("hello")
    try app.compositor.press(keyNamed: "Home")
    try shiftPress("Right", times: 2, in: app)
    #expect(field.selectedRange == 0..<2)
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 2, anchor: 0)])
    field.select(5..<5)
    try shiftPress("Left", times: 3, in: app)
    #expect(field.selectedRange == 2..<5)
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 2, anchor: 5)])
    try shiftPress("Right", times: 1, in: app)
    #expect(field.selectedRange == 3..<5)
    #expect(
      app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 3, anchor: 5)],
      "shrinking moves the cursor, the anchor stays")
    try shiftPress("Right", times: 4, in: app)
    #expect(field.selectedRange == 5..<5)
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "hello", cursor: 5, anchor: 5)])
  }

  @Test func aPointerDragLeftwardsIsSentWithTheCursorBeforeTheAnchor() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    field.insertText("drag me")
    let y = field.frame.midY
    try app.compositor.pointerEnter(
      surface: app.surfaceID, x: field.frame.minX + field.xOffset(ofCharacter: 6), y: y)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(0x110, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerMotion(to: app.at(field.frame.minX + field.xOffset(ofCharacter: 1), y))
    app.compositor.pointerFrame()
    try app.settle()
    #expect(field.selectedRange == 1..<6)
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "drag me", cursor: 1, anchor: 6)])
    try app.compositor.pointerButton(0x110, pressed: false)
    app.compositor.pointerFrame()
    try shiftPress("Left", times: 1, in: app)
    #expect(field.selectedRange == 0..<6, "Shift and the arrows move the drag's cursor on")
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "drag me", cursor: 0, anchor: 6)])
  }

  @Test func aDoubleTapWordSelectionIsAnchoredAtItsStart() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    field.insertText("one two")
    let position = try app.at(field.frame.minX + field.xOffset(ofCharacter: 5), field.frame.midY)
    for _ in 0..<2 {
      try app.compositor.touchDown(id: 1, at: position)
      app.compositor.touchFrame()
      try app.compositor.touchUp(id: 1)
      app.compositor.touchFrame()
    }
    try app.settle()
    #expect(field.selectedText == "two")
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "one two", cursor: 7, anchor: 4)])
    try shiftPress("Left", times: 1, in: app)
    #expect(field.selectedText == "tw", "Shift+Left shrinks the word from its end")
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "one two", cursor: 6, anchor: 4)])
  }

  @Test func donesWithAStaleSerialAreAppliedAndTheirStateSentOnceWhenTheCompositorCaughtUp() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.settle()
    let before = try #require(app.compositor.textInputCommitCounts.first)
    field.insertText("a")
    #expect(app.compositor.textInputCommit("b") == 1, "sent before the compositor saw the app's commit")
    #expect(app.compositor.textInputCommit("c") == 1, "so is this one")
    try app.settle()
    try app.sync()  // the app's sync after the stale dones, answered: then its commit reaches the compositor
    #expect(field.text == "abc")
    #expect(
      app.compositor.textInputCommitCounts == [before + 2],
      "the key's commit, then one for both stale dones, not one each")
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "abc", cursor: 3, anchor: 3)])
    #expect(app.compositor.textInputCommit("d") == 1)
    try app.settle()
    #expect(field.text == "abcd")
    #expect(app.compositor.textInputCommitCounts == [before + 3], "a matching done sends its state")
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "abcd", cursor: 4, anchor: 4)])
  }

  @Test func aPreeditAnsweredByAStaleDoneSendsItsCaretOnceTheCompositorCaughtUp() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.settle()
    // As fcitx5's pinyin on sway 1.7 typed at once: the second key's pre-edit comes before the app's
    // commit for the first one reached the compositor, and then the input method is quiet.
    #expect(app.compositor.textInputPreedit("ni ha", cursorBegin: 0, cursorEnd: 5) == 1)
    #expect(app.compositor.textInputPreedit("ni hao", cursorBegin: 0, cursorEnd: 6) == 1)
    try app.settle()
    try app.sync()  // the app's sync after the stale done, answered: then its commit reaches the compositor
    #expect(field.markedText == "ni hao")
    let spanned = try surfaceRect(field.editingRect, of: field)
    #expect(app.compositor.textInputCursorRectangles == [spanned], "the whole pre-edit, the IME's range")
    #expect(spanned.width > FontSystem.shared.advance(of: "ni ha", font: field.font))
  }

  @Test func deleteSurroundingTextOverTheWireDeletesBytesBeforeAndAfterAsWholeCharacters() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    field.text = "naïve café"
    field.select(2..<2)
    try app.settle()
    #expect(app.compositor.textInputDone(commit: "X", deleteBefore: 1, deleteAfter: 3) == 1)
    try app.settle()
    #expect(field.text == "nXe café", "\"a\" before, \"ïv\" (3 bytes) after")
    #expect(field.selectedRange == 2..<2)
    #expect(app.compositor.textInputSurroundingTexts == [.init(text: "nXe café", cursor: 2, anchor: 2)])
    field.select(7..<7)
    try app.settle()
    app.compositor.textInputDone(deleteAfter: 1)
    try app.settle()
    #expect(field.text == "nXe caf", "a count ending inside \"é\" deletes all of it")
    field.select(3..<5)
    try app.settle()
    app.compositor.textInputDone(deleteBefore: 1, deleteAfter: 1000)
    try app.settle()
    #expect(field.text == "nX c", "the selection stays; the after length stops at the end")
    #expect(field.selectedRange == 2..<4)
    field.select(0..<0)
    try app.settle()
    app.compositor.textInputDone(deleteBefore: 5)
    try app.settle()
    #expect(field.text == "nX c", "nothing before the start")
  }

  @Test func resigningDisablesTextInput() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.sync()
    _ = field.resignFirstResponder()
    try app.sync()
    #expect(try app.seat.textInput?.isEnabled == false)
    #expect(app.compositor.textInputCommit("lost") == 0)
  }

  @Test func preeditIsShownAtTheCaretUntilCommittedTextReplacesIt() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.sync()
    #expect(app.compositor.textInputPreedit("hél", cursorBegin: 3, cursorEnd: 3) == 1)
    try app.sync()
    #expect(field.text == "")
    #expect(field.markedText == "hél")
    #expect(field.markedSelectedRange == 2..<2, "byte 3 is after \"é\", the second character")
    #expect(app.compositor.textInputDone(preedit: ("hell", 4, 4)) == 1)
    try app.sync()
    #expect(field.markedText == "hell", "the new preedit replaces the old")
    #expect(app.compositor.textInputCommit("hello") == 1)
    try app.sync()
    #expect(field.markedText == nil, "a done without preedit leaves none")
    #expect(field.text == "hello")
  }

  @Test func preeditWithCursorMinusOneShowsNoCaret() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.sync()
    app.compositor.textInputPreedit("ab", cursorBegin: -1, cursorEnd: -1)
    try app.sync()
    #expect(field.markedText == "ab")
    #expect(field.markedSelectedRange == nil)
    #expect(field.caretRect == nil)
  }

  @Test func resigningOrLosingTheFocusRemovesThePreedit() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.sync()
    app.compositor.textInputPreedit("ab")
    try app.sync()
    _ = field.resignFirstResponder()
    #expect(field.markedText == nil)
    #expect(field.becomeFirstResponder())
    try app.sync()
    app.compositor.textInputPreedit("cd")
    try app.sync()
    #expect(field.markedText == "cd")
    app.compositor.keyboardLeave()
    try app.sync()
    #expect(field.markedText == nil)
    #expect(field.text == "")
  }

  @Test func theCommittedFrameDiffersFromTheCommittedTextsOnlyByThePreeditUnderline() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.sync()
    app.compositor.textInputPreedit("mmm")
    let composing = try drawn(app)
    app.compositor.textInputCommit("mmm")
    let committed = try drawn(app)
    #expect(field.text == "mmm")
    var rows = Set<Int>()
    var columns = Set<Int>()
    for y in 0..<composing.height {
      for x in 0..<composing.width where composing[x, y] != committed[x, y] {
        rows.insert(y)
        columns.insert(x)
      }
    }
    let start = 10 + field.xOffset(ofCharacter: 0)
    let end = 10 + field.xOffset(ofCharacter: 3)
    #expect(Double(columns.count) >= end - start - 1, "an underline under the whole preedit")
    #expect(columns.allSatisfy { Double($0) >= start.rounded(.down) && Double($0) < end.rounded(.up) })
    #expect((1...2).contains(rows.count), "one thin line: \(rows.sorted())")
  }

  /// Carries the compositor's events across, waits until the app has drawn what they changed and
  /// returns the surface's committed pixels.
  func drawn(_ app: SeatHarness) throws -> Image {
    try app.sync()
    let pacer = app.host.surface.pacer
    #expect(try run(app.display) { !pacer.needsDisplay && !pacer.waitingForFrame })
    try app.settle()
    return try #require(try app.compositor.contents(ofSurface: app.surfaceID))
  }
}

/// `set_surrounding_text` stays within the protocol's 4000 bytes, whatever the field holds.
@MainActor @Suite struct SurroundingTextTests {
  @Test func shortTextIsSentWholeWithByteOffsets() {
    let sent = TextInputBridge.surroundingText("naïve text", anchor: 3, cursor: 5)
    #expect(sent.text == "naïve text")
    #expect(sent.anchor == 4)
    #expect(sent.cursor == 6)
  }

  @Test func aSelectionExtendedLeftwardsIsSentWithTheCursorBeforeTheAnchor() {
    let sent = TextInputBridge.surroundingText("naïve text", anchor: 5, cursor: 3)
    #expect(sent.cursor == 4, "after \"naï\"")
    #expect(sent.anchor == 6)
  }

  @Test func longTextIsCutAroundTheSelectionToTheLimit() {
    let text = String(repeating: "é", count: 3000) + "[caret]" + String(repeating: "x", count: 5000)
    let sent = TextInputBridge.surroundingText(text, anchor: 3001, cursor: 3006)
    #expect(sent.text.utf8.count <= TextInputBridge.surroundingLimit)
    #expect(sent.text.contains("[caret]"))
    let bytes = Array(sent.text.utf8)
    #expect(String(decoding: bytes[Int(sent.anchor)..<Int(sent.cursor)], as: UTF8.self) == "caret")
  }

  @Test func aSelectionLongerThanTheLimitIsSentAsACaretAtItsCursor() {
    let text = String(repeating: "a", count: 5_000) + String(repeating: "b", count: 5_000)
    let forwards = TextInputBridge.surroundingText(text, anchor: 0, cursor: 9_000)
    #expect(forwards.text.utf8.count == TextInputBridge.surroundingLimit)
    #expect(forwards.cursor == forwards.anchor)
    #expect(forwards.text.hasSuffix("b"), "the caret is at the far end, among the b's")
    let backwards = TextInputBridge.surroundingText(text, anchor: 9_000, cursor: 1_000)
    #expect(backwards.cursor == backwards.anchor)
    #expect(backwards.text.hasPrefix("a") && !backwards.text.contains("b"), "the caret is among the a's")
  }
}
