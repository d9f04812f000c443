import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A recognizer subclass defined outside the module (this test target imports `TactileCore` without
/// `@testable`) works with the built-in recognizers.
@MainActor
@Suite struct CustomRecognizerTests {
  let app = TestApplication()
  let log = EventLog()
  let view: RecordingView
  let script: TouchScript

  init() {
    view = RecordingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 300), log: log)
    view.isMultipleTouchEnabled = true
    app.rootView.addSubview(view)
    script = TouchScript(window: app.window)
  }

  @discardableResult
  func attach<R: GestureRecognizer>(_ recognizer: R, named name: String) -> R {
    recognizer.name = name
    recognizer.addAction { [log] in log.record("\(name).\($0.state)") }
    view.addGestureRecognizer(recognizer)
    return recognizer
  }

  /// Draws a check mark with finger `id` starting at `start`, without lifting it; `between` runs
  /// between the downstroke and the upstroke.
  func drawCheckMark(
    _ id: Int, from start: Point, with script: TouchScript? = nil, between: () -> Void = {}
  ) {
    let script = script ?? self.script
    script.down(id, at: start)
    for step in 1...3 { script.move(id, to: start + Point(x: 8 * Double(step), y: 10 * Double(step))) }
    between()
    for step in 1...4 {
      script.move(id, to: start + Point(x: 24 + 15 * Double(step), y: 30 - 15 * Double(step)))
    }
  }

  var recognizerEntries: [String] { log.entries.filter { !$0.hasPrefix("view.") } }

  @Test func aCustomRecognizerDefinedOutsideTheModuleRecognizesItsGesture() {
    let check = attach(CheckMarkGestureRecognizer(), named: "check")
    drawCheckMark(1, from: Point(x: 50, y: 100))
    script.up(1)
    #expect(recognizerEntries == ["check.ended"])
    #expect(check.state == .possible, "reset once the finger lifted")
    #expect(check.resetCount == 1)
  }

  @Test func aCustomRecognizerAndABuiltInTapEachRecognizeTheirOwnGesture() {
    attach(CheckMarkGestureRecognizer(), named: "check")
    attach(TapGestureRecognizer(), named: "tap")
    script.tap(at: Point(x: 100, y: 100))
    #expect(recognizerEntries == ["tap.ended"], "a tap is no check mark")
    log.clear()
    script.time += 1
    drawCheckMark(1, from: Point(x: 50, y: 100))
    script.up(1)
    #expect(recognizerEntries == ["check.ended"], "a check mark is no tap")
  }

  @Test func aCustomRecognizerCanMakeABuiltInRecognizerWaitForItToFail() {
    final class Demanding: CheckMarkGestureRecognizer {
      override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
        other is TapGestureRecognizer
      }
    }
    attach(TapGestureRecognizer(), named: "tap")
    attach(Demanding(), named: "check")
    var decisions: [GestureDecision] = []
    app.window.gestureDiagnostics = { decisions.append($0) }
    script.tap(at: Point(x: 100, y: 100))
    #expect(decisions.contains { $0.recognizer == "tap" && $0.outcome == .waiting })
    #expect(recognizerEntries == ["tap.ended"], "recognized once the check mark failed")
  }

  @Test func aTouchIgnoredByARecognizerIsNotCancelledInTheViewWhenItRecognizes() {
    attach(CheckMarkGestureRecognizer(), named: "check")
    drawCheckMark(1, from: Point(x: 50, y: 100)) { script.down(2, at: Point(x: 250, y: 250)) }
    script.up(1)
    #expect(recognizerEntries == ["check.ended"])
    #expect(log.entries.filter { $0.hasPrefix("view.cancelled") } == ["view.cancelled(1)"], "only the stroke")
    script.up(2)
    #expect(log.entries.last == "view.ended(1)", "the ignored finger ends normally")
  }

  @Test func aRecognizerReceivesOnlyItsAllowedTouchTypes() {
    let check = attach(CheckMarkGestureRecognizer(), named: "check")
    check.allowedTouchTypes = [.direct]
    let pointer = TouchScript(window: app.window, type: .pointer)
    drawCheckMark(1, from: Point(x: 50, y: 100), with: pointer)
    pointer.up(1)
    #expect(recognizerEntries.isEmpty)
    #expect(check.resetCount == 0, "it never received the pointer")
  }

  @Test func aRecognizerThatRequiresAnExclusiveTouchTypeTakesNoOtherKindUntilItResets() {
    let check = attach(GestureRecognizer(), named: "plain")
    let pointer = TouchScript(window: app.window, type: .pointer)
    script.down(1, at: Point(x: 50, y: 100))
    pointer.down(2, at: Point(x: 200, y: 200))
    #expect(check.numberOfTouches == 1, "the pointer is another kind")
    pointer.up(2)
    script.up(1)
    check.requiresExclusiveTouchType = false
    script.down(1, at: Point(x: 50, y: 100))
    pointer.down(2, at: Point(x: 200, y: 200))
    #expect(check.numberOfTouches == 2)
    pointer.up(2)
    script.up(1)
  }
}

/// An illegal state change from a subclass is a clear failure in a debug build, not a silent one.
@Test(.enabled(if: _isDebugAssertConfiguration()))
func aSubclassSettingAnIllegalStateStopsADebugBuild() async {
  await #expect(processExitsWith: .failure) {
    await MainActor.run {
      let check = CheckMarkGestureRecognizer()
      check.state = .began
    }
  }
}
