import TactileTesting
import Testing

/// The TextAndControls example driven by its elements, as an app's UI tests are written: found in the
/// accessibility tree the app shows over AT-SPI2 (on the session's private accessibility bus), touched
/// through the fake seat.
@MainActor @Suite struct TextAndControlsElementTests {
  static func launch() throws -> (FakeSeatSession, AccessibleApplication) {
    let session = try FakeSeatSession()
    try session.startAccessibilityBus()
    let process = try session.launch([FingerPaintExampleTests.executable("TextAndControls").path])
    return (session, try session.accessibleApplication(process))
  }

  /// The example's last state line.
  static func state(_ session: FakeSeatSession) -> String {
    session.log(of: "TextAndControls").split(separator: "\n").last.map(String.init) ?? ""
  }

  @Test func typingIntoTheFieldFoundByItsIdentifierChangesItsValue() throws {
    let (session, app) = try Self.launch()
    try app.textFields["message"].typeText("hello")
    let field = try app.textFields["message"].wait(until: "valued hello") { $0.value == "hello" }
    #expect(field.label == "Type here")
    #expect(field.isFocused)
    #expect(Self.state(session).hasPrefix("text=hello "))
  }

  @Test func tappingTheSwitchFoundByItsLabelChecksIt() throws {
    let (session, app) = try Self.launch()
    let toggle = app.switches["On or off"]
    #expect(try toggle.waitForExistence().isChecked == false)
    try toggle.tap()
    try toggle.wait(until: "checked") { $0.isChecked }
    #expect(Self.state(session).contains(" switch=on "))
  }

  @Test func swipingRightAcrossTheSliderRaisesItsValue() throws {
    let (_, app) = try Self.launch()
    try app.sliders["Level"].swipe(.right)
    let slider = try app.sliders["Level"].wait(until: "above zero") { Double($0.value ?? "") ?? 0 > 0 }
    #expect(slider.isEnabled)
  }

  @Test func theEditButtonsAreFoundInTheTreeOrderAndByLabel() throws {
    let (_, app) = try Self.launch()
    try app.buttons["Paste"].waitForExistence()
    #expect(try app.buttons.count == 3)
    #expect(try app.buttons.element(boundBy: 1).snapshot().label == "Copy")
    #expect(try app.windows.firstMatch.snapshot().label == "Text and controls")
  }

  @Test func aMissingElementFailsWithTheTreeThatWasSearched() throws {
    let (_, app) = try Self.launch()
    try app.buttons["Paste"].waitForExistence()
    let error = #expect(throws: AccessibilityTestError.self) {
      try app.buttons["Save"].tap(timeoutMilliseconds: 300)
    }
    let message = error.map(String.init(describing:)) ?? ""
    #expect(message.hasPrefix("No button labelled or identified \"Save\" in the accessibility tree:"))
    #expect(message.contains("  frame \"Text and controls\""))
    #expect(message.contains("push button \"Copy\""))
    #expect(message.contains("entry \"Type here\" id=message value=\"\""))
  }
}
