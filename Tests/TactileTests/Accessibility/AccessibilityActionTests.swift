import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Activation, adjustment and custom actions: what assistive technology does without touches.
@MainActor
@Suite struct AccessibilityActionTests {
  /// Counts the actions it receives, by name.
  private final class Counter: Responder {
    var received: [String] = []
    override func handler(for action: Action) -> ActionHandler? {
      { [weak self] _, _ in self?.received.append(action.rawValue) }
    }
  }

  private func install<C: Control>(_ control: C, in app: TestApplication) -> Counter {
    control.frame = Rect(x: 10, y: 10, width: 120, height: 40)
    app.rootView.addSubview(control)
    let counter = Counter()
    control.addTarget(counter, action: "upInside", for: .touchUpInside)
    control.addTarget(counter, action: "valueChanged", for: .valueChanged)
    control.addTarget(counter, action: "primary", for: .primaryActionTriggered)
    return counter
  }

  @Test func activatingAButtonSendsWhatATapSends() {
    let app = TestApplication()
    let button = Button()
    let counter = install(button, in: app)
    #expect(button.accessibilityActivate())
    #expect(counter.received == ["upInside", "primary"])
  }

  @Test func aDisabledControlOrOneInNoWindowIsNotActivated() {
    let app = TestApplication()
    let button = Button()
    let counter = install(button, in: app)
    button.isEnabled = false
    #expect(!button.accessibilityActivate())
    let loose = Button()
    #expect(!loose.accessibilityActivate())
    #expect(counter.received.isEmpty)
  }

  @Test func activatingASwitchTogglesItAndSendsValueChanged() {
    let app = TestApplication()
    let toggle = Switch()
    let counter = install(toggle, in: app)
    #expect(toggle.accessibilityActivate())
    #expect(toggle.isOn)
    #expect(counter.received == ["upInside", "valueChanged", "primary"])
  }

  @Test func activatingATextFieldFocusesIt() {
    let app = TestApplication()
    let field = TextField()
    field.text = "abc"
    _ = install(field, in: app)
    #expect(field.accessibilityActivate())
    #expect(field.isFirstResponder)
    #expect(field.selectedRange == 3..<3)
  }

  @Test func aPlainViewIsNotActivated() {
    let app = TestApplication()
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    app.rootView.addSubview(view)
    #expect(!view.accessibilityActivate())
  }

  @Test func incrementAndDecrementStepASliderByATenthOfItsRangeAndSendValueChanged() {
    let app = TestApplication()
    let slider = Slider()
    slider.maximumValue = 50
    let counter = install(slider, in: app)
    slider.accessibilityIncrement()
    #expect(slider.value == 5)
    slider.accessibilityDecrement()
    slider.accessibilityDecrement()
    #expect(slider.value == 0)
    // The second decrement changed nothing (clamped at the minimum): one value change each way.
    #expect(counter.received == ["valueChanged", "valueChanged"])
    #expect(!slider.accessibilityActivate())
  }

  @Test func aDisabledSliderIsNotAdjusted() {
    let app = TestApplication()
    let slider = Slider()
    _ = install(slider, in: app)
    slider.isEnabled = false
    slider.accessibilityIncrement()
    #expect(slider.value == 0)
  }

  @Test func incrementAndDecrementTurnAPageControlsPagesWithinItsRange() {
    let app = TestApplication()
    let pages = PageControl()
    pages.numberOfPages = 2
    let counter = install(pages, in: app)
    pages.accessibilityIncrement()
    pages.accessibilityIncrement()
    #expect(pages.currentPage == 1)
    pages.accessibilityDecrement()
    #expect(pages.currentPage == 0)
    #expect(counter.received == ["valueChanged", "primary", "valueChanged", "primary"])
  }

  @Test func aCustomActionRunsItsHandlerAndReturnsItsResult() {
    let view = View()
    var deleted = 0
    view.accessibilityCustomActions = [
      AccessibilityCustomAction(name: "Delete") { action in
        deleted += 1
        return action.name == "Delete"
      }
    ]
    #expect(view.accessibilityCustomActions.map(\.name) == ["Delete"])
    #expect(view.accessibilityCustomActions[0].perform())
    #expect(deleted == 1)
  }

  @Test func replacingARangeWithTextIsAnEditTheAppSeesAndCanUndo() {
    let app = TestApplication()
    let field = TextField()
    field.text = "hello world"
    let counter = Counter()
    _ = install(field, in: app)
    field.addTarget(counter, action: "changed", for: .editingChanged)
    field.replace(6..<11, withText: "there")
    #expect(field.text == "hello there" && field.selectedRange == 11..<11)
    // A range past the text is clamped to it.
    field.replace(5..<99, withText: "!")
    #expect(field.text == "hello!")
    #expect(counter.received == ["changed", "changed"])
    #expect(field.canPerformAction(.undo, withSender: nil))
  }
}
