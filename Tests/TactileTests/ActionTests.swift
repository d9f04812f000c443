import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

extension Action {
  fileprivate static let greenButtonDidTouchUpInside: Action =
    "ykNoteEventHandlingGreenButtonDidTouchUpInside"
}

/// A button, its view and its controller, each of which can "have" the action method or not.
@MainActor
private final class HandlingButton: Button {
  var hasMethod = true
  let log: EventLog
  init(log: EventLog) {
    self.log = log
    super.init(frame: Rect(x: 60, y: 60, width: 100, height: 100))
  }
  override func handler(for action: Action) -> ActionHandler? {
    guard action == .greenButtonDidTouchUpInside, hasMethod else { return super.handler(for: action) }
    return { [log] sender, _ in log.record("button handled, sender is button: \(sender is HandlingButton)") }
  }
}

@MainActor
private final class HandlingView: View {
  var hasMethod = true
  let log: EventLog
  init(log: EventLog) {
    self.log = log
    super.init(frame: Rect(x: 50, y: 100, width: 200, height: 200))
  }
  override func handler(for action: Action) -> ActionHandler? {
    guard action == .greenButtonDidTouchUpInside, hasMethod else { return super.handler(for: action) }
    return { [log] sender, _ in log.record("view handled, sender is button: \(sender is HandlingButton)") }
  }
}

@MainActor
private final class HandlingController: ViewController {
  let log: EventLog
  let handlingView: HandlingView
  let button: HandlingButton
  init(log: EventLog) {
    self.log = log
    handlingView = HandlingView(log: log)
    button = HandlingButton(log: log)
    super.init()
  }
  override func viewDidLoad() {
    view.addSubview(handlingView)
    handlingView.addSubview(button)
    button.addTarget(nil, action: .greenButtonDidTouchUpInside, for: .touchUpInside)
  }
  override func handler(for action: Action) -> ActionHandler? {
    guard action == .greenButtonDidTouchUpInside else { return super.handler(for: action) }
    return { [log] sender, _ in
      log.record("controller handled, sender is button: \(sender is HandlingButton)")
    }
  }
}

@MainActor
@Suite struct ActionTests {
  /// A nil-target action is handled by the button, then (method removed) by its superview, then
  /// (removed too) by the controller.
  @Test func seedArticle0NilTargetActionIsHandledByButtonThenViewThenController() {
    let app = TestApplication()
    let log = EventLog()
    let controller = HandlingController(log: log)
    app.window.rootViewController = controller
    let script = TouchScript(window: app.window)
    let onButton = Point(x: 120, y: 170)
    script.tap(at: onButton)
    controller.button.hasMethod = false
    script.tap(at: onButton)
    controller.handlingView.hasMethod = false
    script.tap(at: onButton)
    #expect(
      log.entries == [
        "button handled, sender is button: true", "view handled, sender is button: true",
        "controller handled, sender is button: true",
      ])
  }

  /// Passing a button's touch to its superview, two ways: the button's hitTest returns nil, or the
  /// view's hitTest returns itself — either way the touch goes to the view.
  @Test func seedArticle0ButtonEventGoesToItsParentThroughHitTest() {
    final class TransparentButton: Button {
      override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
    }
    final class Greedy: RecordingView {
      override func hitTest(_ point: Point, with event: Event?) -> View? {
        super.hitTest(point, with: event) == nil ? nil : self
      }
    }
    for greedyParent in [false, true] {
      let app = TestApplication()
      let log = EventLog()
      let frame = Rect(x: 50, y: 100, width: 200, height: 200)
      let parent =
        greedyParent ? Greedy("view", frame: frame, log: log) : RecordingView("view", frame: frame, log: log)
      let button: Button = greedyParent ? Button(frame: .zero) : TransparentButton(frame: .zero)
      button.frame = Rect(x: 60, y: 60, width: 100, height: 100)
      app.rootView.addSubview(parent)
      parent.addSubview(button)
      TouchScript(window: app.window).tap(at: Point(x: 120, y: 170))
      #expect(log.entries == ["view.began(1)", "view.ended(1)"])
    }
  }

  @Test func nilTargetActionStartsAtTheFirstResponderWhenThereIsOne() {
    final class Field: View {
      override var canBecomeFirstResponder: Bool { true }
    }
    let app = TestApplication()
    let log = EventLog()
    let field = Field(frame: .zero)
    let sender = Button(frame: .zero)
    app.rootView.addSubview(field)
    app.rootView.addSubview(sender)
    sender.setHandler({ _, _ in log.record("sender") }, for: "save")
    field.setHandler({ _, _ in log.record("field") }, for: "save")
    #expect(app.application.sendAction("save", to: nil, from: sender, for: nil))
    field.becomeFirstResponder()
    #expect(app.application.sendAction("save", to: nil, from: sender, for: nil))
    #expect(log.entries == ["sender", "field"])
  }

  @Test func nilTargetActionThatNobodyHandlesReturnsFalse() {
    let app = TestApplication()
    #expect(!app.application.sendAction("nothing", to: nil, from: app.rootView, for: nil))
    #expect(!app.application.sendAction("nothing", to: nil, from: nil, for: nil))
    #expect(app.rootView.target(forAction: "nothing", withSender: nil) == nil)
  }

  @Test func explicitTargetRunsOnlyThatTarget() {
    let app = TestApplication()
    let log = EventLog()
    let child = View(frame: .zero)
    app.rootView.addSubview(child)
    app.rootView.setHandler({ _, _ in log.record("parent") }, for: "go")
    #expect(!app.application.sendAction("go", to: child, from: nil, for: nil))
    #expect(app.application.sendAction("go", to: app.rootView, from: nil, for: nil))
    #expect(log.entries == ["parent"])
  }

  @Test func actionsReachTheApplicationAndItsDelegateAtTheEndOfTheChain() {
    final class Delegate: Responder {}
    let app = TestApplication()
    let delegate = Delegate()
    app.application.delegate = delegate
    let log = EventLog()
    delegate.setHandler({ _, _ in log.record("delegate") }, for: "about")
    #expect(app.application.sendAction("about", to: nil, from: app.rootView, for: nil))
    #expect(app.rootView.target(forAction: "about", withSender: nil) === delegate)
    delegate.setHandler(nil, for: "about")
    #expect(!app.application.sendAction("about", to: nil, from: app.rootView, for: nil))
    #expect(log.entries == ["delegate"])
  }

  @Test func canPerformActionOverrideRedirectsTheChain() {
    final class Refusing: View {
      override func canPerformAction(_ action: Action, withSender sender: AnyObject?) -> Bool { false }
    }
    let app = TestApplication()
    let refusing = Refusing(frame: .zero)
    app.rootView.addSubview(refusing)
    refusing.setHandler({ _, _ in }, for: .copy)
    app.rootView.setHandler({ _, _ in }, for: .copy)
    #expect(refusing.target(forAction: .copy, withSender: nil) === app.rootView)
  }
}
