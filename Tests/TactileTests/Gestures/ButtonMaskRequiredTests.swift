import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// ``GestureRecognizer/buttonMaskRequired``: a recognizer of a non-primary button gets that button's
/// presses as touches, and no others (rules: `Window+ButtonGestures.swift`).
@MainActor
@Suite struct ButtonMaskRequiredTests {
  /// Counts the touches it begins.
  final class CountingView: View {
    var touchesBegun = 0
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
      touchesBegun += touches.count
    }
  }

  /// A window with a counting view at (0, 0, 200, 200) carrying `recognizer`, whose actions log its
  /// states.
  func setUp(_ recognizer: GestureRecognizer) -> (TestApplication, CountingView, Log) {
    let app = TestApplication()
    let view = CountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    app.rootView.addSubview(view)
    view.addGestureRecognizer(recognizer)
    let log = Log()
    recognizer.addAction { log.states.append($0.state) }
    return (app, view, log)
  }

  @MainActor final class Log {
    var states: [GestureRecognizer.State] = []
  }

  func button(
    _ button: ButtonMask, _ phase: PointerButtonInput.Phase, at location: Point, time: Double,
    in app: TestApplication
  ) {
    app.window.deliver(
      pointerButton: PointerButtonInput(
        button: button, phase: phase, location: location, timestamp: time,
        buttonMask: phase == .down ? button : []))
  }

  func move(holding buttons: ButtonMask, to location: Point, time: Double, in app: TestApplication) {
    app.window.deliver(
      hover: HoverInput(phase: .moved, location: location, timestamp: time, buttonMask: buttons))
  }

  /// A primary-button click (`type: .pointer`) or a finger tap (`.direct`) at `location`.
  func primaryTap(_ type: Touch.TouchType, at location: Point, time: Double, in app: TestApplication) {
    let mask: ButtonMask = type == .pointer ? .primary : []
    app.window.deliver(
      touchFrame: [
        TouchPoint(id: 1, phase: .down, location: location, timestamp: time, type: type, buttonMask: mask)
      ]
    )
    app.window.deliver(
      touchFrame: [TouchPoint(id: 1, phase: .up, location: location, timestamp: time + 0.05, type: type)])
  }

  @Test func aSecondaryTapRecognizerRecognizesARightClickButNoPrimaryClickOrFingerTap() {
    let tap = TapGestureRecognizer()
    tap.buttonMaskRequired = .secondary
    let (app, view, log) = setUp(tap)
    primaryTap(.pointer, at: Point(x: 50, y: 50), time: 1, in: app)
    primaryTap(.direct, at: Point(x: 50, y: 50), time: 2, in: app)
    #expect(log.states.isEmpty, "a primary click and a finger are not its button")
    #expect(view.touchesBegun == 2, "the view still gets them")
    app.scheduler.advance(by: 1)
    button(.secondary, .down, at: Point(x: 50, y: 50), time: 3, in: app)
    button(.secondary, .up, at: Point(x: 51, y: 50), time: 3.05, in: app)
    #expect(log.states == [.ended], "a right click is its tap")
    #expect(view.touchesBegun == 2, "no view gets the right click's touch")
    button(.middle, .down, at: Point(x: 50, y: 50), time: 4, in: app)
    button(.middle, .up, at: Point(x: 50, y: 50), time: 4.05, in: app)
    #expect(log.states == [.ended], "nor a middle click")
  }

  @Test func aDefaultTapRecognizerTakesPrimaryClicksAndFingersButNoRightClick() {
    let tap = TapGestureRecognizer()
    #expect(tap.buttonMaskRequired == .primary)
    let (app, _, log) = setUp(tap)
    app.window.deliver(secondaryClick: Point(x: 50, y: 50))
    #expect(log.states.isEmpty)
    primaryTap(.pointer, at: Point(x: 50, y: 50), time: 1, in: app)
    app.scheduler.advance(by: 1)
    primaryTap(.direct, at: Point(x: 50, y: 50), time: 3, in: app)
    #expect(log.states == [.ended, .ended])
  }

  @Test func aRightClickThatMovesPastTheSlopFailsASecondaryTap() {
    let tap = TapGestureRecognizer()
    tap.buttonMaskRequired = .secondary
    let (app, _, log) = setUp(tap)
    button(.secondary, .down, at: Point(x: 50, y: 50), time: 1, in: app)
    move(holding: .secondary, to: Point(x: 120, y: 50), time: 1.1, in: app)
    button(.secondary, .up, at: Point(x: 120, y: 50), time: 1.2, in: app)
    #expect(log.states.isEmpty)
    #expect(tap.state == .possible, "reset once the button lifted")
  }

  @Test func aSecondaryPanFollowsARightDragAndEndsAtTheRelease() {
    let pan = PanGestureRecognizer()
    pan.buttonMaskRequired = .secondary
    let (app, view, log) = setUp(pan)
    button(.secondary, .down, at: Point(x: 50, y: 50), time: 1, in: app)
    move(holding: .secondary, to: Point(x: 90, y: 60), time: 1.1, in: app)
    move(holding: .secondary, to: Point(x: 100, y: 70), time: 1.2, in: app)
    #expect(log.states.first == .began)
    #expect(pan.translation(in: view) == Point(x: 50, y: 20))
    button(.secondary, .up, at: Point(x: 100, y: 70), time: 1.3, in: app)
    #expect(log.states.last == .ended)
  }

  @Test func aSecondaryLongPressBeginsOnTheInjectedClockAndClosingTheWindowCancelsIt() {
    let press = LongPressGestureRecognizer()
    press.buttonMaskRequired = .secondary
    let (app, _, log) = setUp(press)
    button(.secondary, .down, at: Point(x: 50, y: 50), time: 1, in: app)
    app.scheduler.advance(by: 0.2)
    #expect(log.states.isEmpty)
    app.scheduler.advance(by: 1)
    #expect(log.states == [.began])
    app.window.close()
    #expect(log.states == [.began, .cancelled])
  }
}
