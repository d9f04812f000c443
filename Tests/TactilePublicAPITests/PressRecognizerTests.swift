import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A first responder that logs its presses.
@MainActor
private final class KeyView: View {
  let name: String
  let log: EventLog
  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
    super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100))
  }
  override var canBecomeFirstResponder: Bool { true }
  override func pressesBegan(_ presses: Set<Press>, with event: Event?) { record("began", presses) }
  override func pressesChanged(_ presses: Set<Press>, with event: Event?) { record("changed", presses) }
  override func pressesEnded(_ presses: Set<Press>, with event: Event?) { record("ended", presses) }
  override func pressesCancelled(_ presses: Set<Press>, with event: Event?) { record("cancelled", presses) }
  private func record(_ phase: String, _ presses: Set<Press>) {
    for press in presses { log.record("\(name).\(phase)(\(press.key.name))") }
  }
}

/// Presses reach the gesture recognizers of the views on the responder chain before the responder
/// (rules: `GestureCoordinator+Presses.swift`), with a recognizer defined outside the module.
@MainActor
@Suite struct PressRecognizerTests {
  let app = TestApplication()
  let log = EventLog()
  let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
  private let field: KeyView
  let hold = HoldKeyGestureRecognizer()
  let up = Key(keyCode: 103, name: .upArrow, characters: "")
  let letter = Key(keyCode: 30, name: .character("a"), characters: "a")

  init() {
    field = KeyView("field", log: log)
    container.addSubview(field)
    app.rootView.addSubview(container)
    hold.addAction { [log] in log.record("hold.\($0.state)") }
    container.addGestureRecognizer(hold)
    field.becomeFirstResponder()
  }

  func key(_ key: Key, _ phase: KeyStroke.Phase, at time: Double) {
    app.window.deliver(key: KeyStroke(phase: phase, key: key, timestamp: time))
  }

  @Test func aRecognizerOnTheResponderChainGetsThePressFirstAndItsRecognitionCancelsItInTheResponder() {
    key(up, .down, at: 0)
    key(up, .repeat, at: 0.5)
    key(up, .repeat, at: 0.55)
    key(up, .up, at: 1)
    #expect(
      log.entries == [
        "field.began(upArrow)", "field.cancelled(upArrow)", "hold.began", "hold.changed", "hold.ended",
      ])
    #expect(hold.calls == ["pressesBegan", "pressesChanged", "pressesChanged", "pressesEnded", "reset"])
  }

  @Test func aPressOfATypeTheRecognizerDoesNotAllowGoesToTheResponderAlone() {
    hold.allowedPressTypes = [.downArrow]
    key(up, .down, at: 0)
    key(up, .repeat, at: 0.5)
    key(up, .up, at: 1)
    #expect(log.entries == ["field.began(upArrow)", "field.changed(upArrow)", "field.ended(upArrow)"])
    #expect(hold.calls.isEmpty)
  }

  @Test func aRecognizerOffTheResponderChainNeverSeesThePress() {
    let elsewhere = HoldKeyGestureRecognizer()
    let sibling = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
    sibling.addGestureRecognizer(elsewhere)
    app.rootView.addSubview(sibling)
    key(up, .down, at: 0)
    key(up, .up, at: 1)
    #expect(elsewhere.calls.isEmpty)
    #expect(hold.calls == ["pressesBegan", "pressesEnded", "reset"])
  }

  @Test func delaysTouchesBeganHoldsTheResponderPressUntilTheRecognizerFails() {
    hold.delaysTouchesBegan = true
    key(up, .down, at: 0)
    #expect(log.entries.isEmpty)
    key(up, .up, at: 0.2)
    #expect(log.entries == ["field.began(upArrow)", "field.ended(upArrow)"])
  }

  @Test func aPressHeldByDelaysTouchesBeganIsNeverDeliveredWhenTheRecognizerRecognizes() {
    hold.delaysTouchesBegan = true
    key(up, .down, at: 0)
    key(up, .repeat, at: 0.5)
    key(up, .up, at: 1)
    #expect(log.entries == ["hold.began", "hold.ended"])
  }

  @Test func aPressCancelledWhileItsBeginningIsHeldNeverReachesTheResponder() {
    hold.delaysTouchesBegan = true
    key(up, .down, at: 0)
    app.window.cancelAllPresses(timestamp: 0.1)
    key(up, .up, at: 0.2)
    #expect(log.entries.isEmpty)
    #expect(hold.calls == ["pressesBegan", "pressesCancelled", "reset"])
  }

  @Test func withoutCancelsTouchesInViewTheResponderKeepsThePressBesideTheGesture() {
    hold.cancelsTouchesInView = false
    key(up, .down, at: 0)
    key(up, .repeat, at: 0.5)
    key(up, .up, at: 1)
    #expect(
      log.entries == [
        "field.began(upArrow)", "hold.began", "field.changed(upArrow)", "hold.ended", "field.ended(upArrow)",
      ])
  }

  @Test func anIgnoredPressStaysWithTheResponderWhenTheRecognizerRecognizes() {
    key(letter, .down, at: 0)
    key(up, .down, at: 0.1)
    key(up, .repeat, at: 0.5)
    key(letter, .repeat, at: 0.6)
    key(letter, .up, at: 0.7)
    key(up, .up, at: 1)
    #expect(
      log.entries == [
        "field.began(a)", "field.began(upArrow)", "field.cancelled(upArrow)", "hold.began",
        "field.changed(a)", "field.ended(a)", "hold.ended",
      ])
  }

  @Test func aBuiltInTapBesideThePressRecognizerNeitherTakesKeysNorCompetesWithThem() {
    let tap = TapGestureRecognizer { [log] _ in log.record("tap") }
    #expect(tap.allowedPressTypes.isEmpty)
    container.addGestureRecognizer(tap)
    let script = TouchScript(window: app.window)
    key(up, .down, at: 0)
    key(up, .repeat, at: 0.5)
    script.time = 0.6
    script.tap(at: Point(x: 150, y: 150))
    key(up, .up, at: 1)
    #expect(
      log.entries == ["field.began(upArrow)", "field.cancelled(upArrow)", "hold.began", "tap", "hold.ended"])
  }
}
