import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Records every control event as an action name.
@MainActor
private final class EventRecorder: Responder {
  var events: [String] = []
  static let names: [(Control.Events, String)] = [
    (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
    (.touchDragOutside, "dragOutside"), (.touchDragEnter, "dragEnter"), (.touchDragExit, "dragExit"),
    (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
    (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
    (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
    (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
  ]

  func observe(_ control: Control) {
    for (event, name) in Self.names {
      control.addTarget(self, action: Action(name), for: event)
    }
  }

  override func handler(for action: Action) -> ActionHandler? {
    { [weak self] _, _ in self?.events.append(action.rawValue) }
  }
}

@MainActor
@Suite struct ControlTests {
  private func setUp<C: Control>(_ control: C) -> (TestApplication, EventRecorder, TouchScript) {
    let app = TestApplication()
    control.frame = Rect(x: 100, y: 100, width: 100, height: 40)
    app.rootView.addSubview(control)
    let recorder = EventRecorder()
    recorder.observe(control)
    return (app, recorder, TouchScript(window: app.window))
  }

  @Test func buttonTapSendsDownUpInsideAndPrimaryAction() {
    let button = Button(frame: .zero)
    let (_, recorder, script) = setUp(button)
    script.down(1, at: Point(x: 150, y: 120))
    #expect(button.isHighlighted && button.isTracking)
    script.up(1)
    #expect(!button.isHighlighted && !button.isTracking)
    #expect(recorder.events == ["down", "upInside", "primary"])
  }

  @Test func draggingOutPastTheMarginExitsAndLiftingThereIsUpOutside() {
    let button = Button(frame: .zero)
    let (_, recorder, script) = setUp(button)
    script.down(1, at: Point(x: 150, y: 120))
    script.move(1, to: Point(x: 150, y: 200))
    #expect(button.isHighlighted)
    script.move(1, to: Point(x: 150, y: 211))
    #expect(!button.isHighlighted)
    script.move(1, to: Point(x: 150, y: 150))
    script.move(1, to: Point(x: 150, y: 400))
    script.up(1)
    #expect(
      recorder.events == [
        "down", "dragInside", "dragExit", "dragOutside", "dragEnter", "dragInside", "dragExit",
        "dragOutside", "upOutside",
      ])
  }

  @Test func pointerTrackingMarginIsSmall() {
    let button = Button(frame: .zero)
    let (_, recorder, script) = setUp(button)
    script.type = .pointer
    script.down(1, at: Point(x: 150, y: 120))
    script.move(1, to: Point(x: 150, y: 145))
    script.up(1)
    #expect(recorder.events == ["down", "dragExit", "dragOutside", "upOutside"])
  }

  @Test func cancelledTouchSendsTouchCancel() {
    let button = Button(frame: .zero)
    let (_, recorder, script) = setUp(button)
    script.down(1, at: Point(x: 150, y: 120))
    script.cancelAll()
    #expect(recorder.events == ["down", "cancel"])
    #expect(!button.isHighlighted)
  }

  @Test func doubleTapSendsTouchDownRepeat() {
    let button = Button(frame: .zero)
    let (_, recorder, script) = setUp(button)
    script.tap(at: Point(x: 150, y: 120))
    script.tap(at: Point(x: 150, y: 120))
    #expect(recorder.events == ["down", "upInside", "primary", "down", "downRepeat", "upInside", "primary"])
  }

  @Test func disabledControlIgnoresTouchesButStillCoversWhatIsBelow() {
    let button = Button(frame: .zero)
    let (app, recorder, script) = setUp(button)
    button.isEnabled = false
    #expect(app.window.hitTest(Point(x: 150, y: 120), with: nil) === button)
    script.tap(at: Point(x: 150, y: 120))
    #expect(recorder.events.isEmpty)
    #expect(button.state == .disabled)
  }

  @Test func removedTargetGetsNothingAndButtonTitlesFallBackToNormal() {
    let button = Button(frame: .zero)
    let (_, recorder, script) = setUp(button)
    button.removeTarget(recorder, action: nil, for: .allEvents)
    script.tap(at: Point(x: 150, y: 120))
    #expect(recorder.events.isEmpty)
    button.setTitle("OK", for: .normal)
    button.setTitle("Pressed", for: .highlighted)
    #expect(button.title(for: .selected) == "OK")
    #expect(button.currentTitle == "OK")
    button.isHighlighted = true
    #expect(button.currentTitle == "Pressed")
  }

  @Test func switchTogglesOnTapAndSendsValueChanged() {
    let toggle = Switch(frame: .zero)
    let (_, recorder, script) = setUp(toggle)
    script.tap(at: Point(x: 150, y: 120))
    #expect(toggle.isOn)
    toggle.setOn(false, animated: true)
    #expect(!toggle.isOn)
    #expect(recorder.events == ["down", "upInside", "valueChanged", "primary"])
  }

  @Test func sliderFollowsTheTouchAndClampsItsValue() {
    let slider = Slider(frame: .zero)
    let (_, recorder, script) = setUp(slider)
    slider.minimumValue = 0
    slider.maximumValue = 10
    script.down(1, at: Point(x: 125, y: 120))
    #expect(slider.value == 2.5)
    script.move(1, to: Point(x: 400, y: 120))
    #expect(slider.value == 10)
    script.up(1)
    #expect(
      recorder.events == ["down", "valueChanged", "dragExit", "dragOutside", "valueChanged", "upOutside"])
    slider.value = .nan
    #expect(slider.value == 10)
    slider.value = -3
    #expect(slider.value == 0)
  }

  @Test func nonContinuousSliderSendsOneValueChangedAtTheEnd() {
    let slider = Slider(frame: .zero)
    let (_, recorder, script) = setUp(slider)
    slider.isContinuous = false
    script.down(1, at: Point(x: 125, y: 120))
    script.move(1, to: Point(x: 175, y: 120))
    script.up(1)
    #expect(slider.value == 0.75)
    #expect(recorder.events == ["down", "dragInside", "valueChanged", "upInside"])
  }

  @Test func labelsAndImageViewsLetTouchesThrough() {
    let app = TestApplication()
    let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let image = ImageView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(label)
    app.rootView.addSubview(image)
    label.text = "Hello"
    #expect(app.window.hitTest(Point(x: 10, y: 10), with: nil) === app.rootView)
  }
}

/// Closure actions on controls, UIKit's `UIAction` (`addAction(_:for:)`, a button's primary action).
@MainActor
@Suite struct ControlClosureActionTests {
  @Test func aClosureActionAddedForAnEventRunsWithTheControlAsSender() {
    let app = TestApplication()
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    app.rootView.addSubview(button)
    var senders: [Bool] = []
    button.addAction(ClosureAction { senders.append($0.sender === button) }, for: .touchUpInside)
    TouchScript(window: app.window).tap(at: Point(x: 50, y: 25))
    #expect(senders == [true])
  }

  @Test func aButtonCreatedWithAPrimaryActionRunsItWhenTappedAndShowsItsTitle() {
    let app = TestApplication()
    var runs = 0
    let go = ClosureAction(title: "Go") { _ in runs += 1 }
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 50), primaryAction: go)
    app.rootView.addSubview(button)
    TouchScript(window: app.window).tap(at: Point(x: 50, y: 25))
    #expect(runs == 1)
    #expect(button.title(for: .normal) == "Go")
  }

  @Test func targetActionsAndClosureActionsAreSentInRegistrationOrder() {
    let app = TestApplication()
    let log = EventLog()
    let control = Control(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    app.rootView.addSubview(control)
    control.addAction(ClosureAction { _ in log.record("first closure") }, for: .valueChanged)
    control.setHandler({ _, _ in log.record("target") }, for: "changed")
    control.addTarget(control, action: "changed", for: .valueChanged)
    control.addAction(ClosureAction { _ in log.record("second closure") }, for: .valueChanged)
    control.sendActions(for: .valueChanged)
    #expect(log.entries == ["first closure", "target", "second closure"])
  }

  @Test func anActionWithAnIdentifierAlreadyAddedReplacesTheOldOne() {
    let control = Control(frame: .zero)
    let log = EventLog()
    control.addAction(ClosureAction(identifier: "save") { _ in log.record("old") }, for: .valueChanged)
    control.addAction(ClosureAction(identifier: "save") { _ in log.record("new") }, for: .editingChanged)
    control.sendActions(for: [.valueChanged, .editingChanged])
    #expect(log.entries == ["new"], "one registration, for both events")
    control.removeAction(identifiedBy: "save", for: .valueChanged)
    log.clear()
    control.sendActions(for: .valueChanged)
    control.sendActions(for: .editingChanged)
    #expect(log.entries == ["new"], "still registered for the other event")
  }

  @Test func aRemovedClosureActionNoLongerRuns() {
    let control = Control(frame: .zero)
    var runs = 0
    let action = ClosureAction { _ in runs += 1 }
    control.addAction(action, for: .valueChanged)
    control.removeAction(action, for: .valueChanged)
    control.sendActions(for: .valueChanged)
    #expect(runs == 0)
  }
}
