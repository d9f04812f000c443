import TactileFakeSeat
import TactileGeometry
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

  @Test func preeditTextIsAcceptedWithoutChangingTheField() throws {
    let (app, field) = try fieldWithFocus()
    #expect(field.becomeFirstResponder())
    try app.sync()
    #expect(app.compositor.textInputPreedit("hel") == 1)
    try app.sync()
    #expect(field.text == "")
  }
}
