import TactileFakeSeat
import TactileGeometry
import TactileRaster
import Testing

@testable import Tactile
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
    let sent = TextInputBridge.surroundingText("naïve text", selection: 3..<5)
    #expect(sent.text == "naïve text")
    #expect(sent.anchor == 4)
    #expect(sent.cursor == 6)
  }

  @Test func longTextIsCutAroundTheSelectionToTheLimit() {
    let text = String(repeating: "é", count: 3000) + "[caret]" + String(repeating: "x", count: 5000)
    let sent = TextInputBridge.surroundingText(text, selection: 3001..<3006)
    #expect(sent.text.utf8.count <= TextInputBridge.surroundingLimit)
    #expect(sent.text.contains("[caret]"))
    let bytes = Array(sent.text.utf8)
    #expect(String(decoding: bytes[Int(sent.anchor)..<Int(sent.cursor)], as: UTF8.self) == "caret")
  }

  @Test func aSelectionLongerThanTheLimitIsSentAsACaretAtItsEnd() {
    let text = String(repeating: "a", count: 10_000)
    let sent = TextInputBridge.surroundingText(text, selection: 0..<9_000)
    #expect(sent.text.utf8.count == TextInputBridge.surroundingLimit)
    #expect(sent.cursor == sent.anchor)
  }
}
