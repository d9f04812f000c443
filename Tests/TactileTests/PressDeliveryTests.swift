import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
private final class KeyLogger: View {
  let name: String
  let log: EventLog
  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
    super.init(frame: .zero)
  }
  override var canBecomeFirstResponder: Bool { true }
  override func pressesBegan(_ presses: Set<Press>, with event: Event?) { log.record("\(name).began") }
  override func pressesChanged(_ presses: Set<Press>, with event: Event?) { log.record("\(name).changed") }
  override func pressesEnded(_ presses: Set<Press>, with event: Event?) { log.record("\(name).ended") }
  var onCancel: (Set<Press>) -> Void = { _ in }
  override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
    log.record("\(name).cancelled(\(presses.count))")
    onCancel(presses)
  }
}

@MainActor
@Suite struct PressDeliveryTests {
  private let key = Key(keyCode: 38, name: .character("a"), characters: "a")

  @Test func pressStaysWithTheResponderThatGotItsBeginning() {
    let app = TestApplication()
    let log = EventLog()
    let first = KeyLogger("first", log: log)
    let second = KeyLogger("second", log: log)
    app.rootView.addSubview(first)
    app.rootView.addSubview(second)
    first.becomeFirstResponder()
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0))
    second.becomeFirstResponder()
    app.window.deliver(key: KeyStroke(phase: .repeat, key: key, timestamp: 0.5))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 1))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 1.1))
    #expect(log.entries == ["first.began", "first.changed", "first.ended"])
  }

  @Test func focusLossCancelsHeldKeysOnce() {
    let app = TestApplication()
    let log = EventLog()
    let view = KeyLogger("view", log: log)
    app.rootView.addSubview(view)
    view.becomeFirstResponder()
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0))
    let shift = Key(keyCode: 50, name: .modifier(.shift), characters: "")
    app.window.deliver(key: KeyStroke(phase: .down, key: shift, timestamp: 0))
    app.window.cancelAllPresses(timestamp: 1)
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 2))
    #expect(log.entries == ["view.began", "view.began", "view.cancelled(2)"])
  }

  @Test func closingTheWindowCancelsHeldPressesAtTheSchedulersCurrentTime() {
    let app = TestApplication()
    let view = KeyLogger("view", log: EventLog())
    app.rootView.addSubview(view)
    view.becomeFirstResponder()
    var cancelled: [Double] = []
    view.onCancel = { cancelled += $0.map(\.timestamp) }
    app.scheduler.advance(by: 5)
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 5))
    app.scheduler.advance(by: 2)
    app.window.close()
    #expect(cancelled == [7], "the close happens at 7 s on the app's clock, not at 0")
  }

  @Test func theSameKeyOnTwoKeyboardsIsTwoPressesEachEndedByItsOwnKeyboard() {
    let app = TestApplication()
    let log = EventLog()
    let view = KeyLogger("view", log: log)
    app.rootView.addSubview(view)
    view.becomeFirstResponder()
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0, keyboard: 1))
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0.1, keyboard: 2))
    app.window.cancelAllPresses(timestamp: 0.2, keyboard: 2)
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 0.3, keyboard: 2))
    app.window.deliver(key: KeyStroke(phase: .repeat, key: key, timestamp: 0.4, keyboard: 1))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 0.5, keyboard: 1))
    #expect(
      log.entries == ["view.began", "view.began", "view.cancelled(1)", "view.changed", "view.ended"],
      "keyboard 2's cancel and late up leave keyboard 1's press alone")
  }

  @Test func removingTheResponderCancelsItsPresses() {
    let app = TestApplication()
    let log = EventLog()
    let view = KeyLogger("view", log: log)
    app.rootView.addSubview(view)
    view.becomeFirstResponder()
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0))
    view.removeFromSuperview()
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 1))
    #expect(log.entries == ["view.began", "view.cancelled(1)"])
  }

  @Test func aWindowLetGoOfWithAKeyDownIsFreed() {
    weak var released: Window?
    do {
      let application = Application(scheduler: ManualScheduler())
      let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: application)
      window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0))
      released = window
    }
    #expect(released == nil)
  }

  @Test func withoutAFirstResponderPressesGoToTheWindowAndTextIsDropped() {
    final class KeyWindow: Window {
      var began = 0
      override func pressesBegan(_ presses: Set<Press>, with event: Event?) { began += 1 }
    }
    let application = Application(scheduler: ManualScheduler())
    let window = KeyWindow(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: application)
    window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 0))
    window.deliver(text: "ignored")
    #expect(window.began == 1)
  }
}
