import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// The TextAndControls example, run as a separate process under the fake seat.
@MainActor @Suite struct TextAndControlsExampleTests {
  /// Runs `script` and waits until the example's last state line is `line`.
  static func expectState(_ line: String, after script: String, in session: FakeSeatSession) throws {
    try session.run(script)
    try session.compositor.pump(until: "state '\(line)'") {
      session.log(of: "TextAndControls").split(separator: "\n").last.map(String.init) == line
    }
  }

  @Test func typingCopyPasteThroughTheChainSwitchSliderAndScrollingChangeTheState() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("TextAndControls").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))

    // The field, focused by a tap, takes hardware keys.
    try Self.expectState(
      "text=hello switch=off slider=0.00 top-row=0",
      after: "focus\ntap \(x + 100) \(y + 36)\ntype hello", in: session)
    // Select All and Copy have no target: the chain brings them to the field, which copies to the
    // system clipboard: the compositor reads "hello" from the app.
    try session.run("tap \(x + 372) \(y + 36)\ntap \(x + 474) \(y + 36)")
    try session.compositor.pump(until: "the app's selection") {
      session.compositor.selectionMimeTypes() != nil
    }
    let copied = try session.compositor.readSelection()
    try session.compositor.pump(until: "the copied text") { copied.isComplete }
    #expect(copied.text == "hello")
    // A tap at the field's right end puts the caret after the text; Paste inserts the copy there.
    try Self.expectState(
      "text=hellohello switch=off slider=0.00 top-row=0",
      after: "tap \(x + 310) \(y + 36)\ntap \(x + 576) \(y + 36)", in: session)
    try Self.expectState(
      "text=hellohello switch=on slider=0.00 top-row=0",
      after: "tap \(x + 40) \(y + 91)", in: session)
    try Self.expectState(
      "text=hellohello switch=on slider=1.00 top-row=0",
      after: "drag \(x + 110) \(y + 91) \(x + 500) \(y + 91) 200ms", in: session)
    try session.run("move \(x + 300) \(y + 300)\nscroll 0 5")
    try session.compositor.pump(until: "the rows scrolled") {
      !session.log(of: "TextAndControls").hasSuffix("top-row=0\n")
    }
    // The screenshot shows the typed text: dark pixels inside the field.
    let screen = session.compositor.screenshot()
    let dark = (x + 20..<x + 300).flatMap { px in (y + 20..<y + 52).map { screen[px, $0] } }
      .filter { ($0.argb & 0xFF) < 0x40 }
    #expect(dark.count > 50)
  }

  @Test func theOnScreenKeyboardTypesIntoTheFocusedField() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("TextAndControls").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))

    // A tap focuses the field, which enables text-input-v3 (asynchronously, in the app's process): the
    // keyboard commits its text as soon as an enabled text input exists, and the text lands in the field.
    try session.run("focus\ntap \(x + 100) \(y + 36)")
    try session.compositor.pump(until: "the field's text input to be enabled") {
      session.compositor.textInputCommit("hi there") > 0
    }
    try session.compositor.pump(until: "the committed text in the field") {
      session.log(of: "TextAndControls").hasSuffix(
        "text=hi there switch=off slider=0.00 top-row=0\n")
    }
  }
}
