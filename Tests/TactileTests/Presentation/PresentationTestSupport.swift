import TactileCore
import TactileCoreTesting
import TactileGeometry

/// A controller that logs its appearance callbacks as "name.willAppear" and so on.
@MainActor
final class LoggingController: ViewController {
  let name: String
  let log: EventLog

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
    super.init()
  }

  override func viewWillAppear(_ animated: Bool) { log.record("\(name).willAppear") }
  override func viewDidAppear(_ animated: Bool) { log.record("\(name).didAppear") }
  override func viewWillDisappear(_ animated: Bool) { log.record("\(name).willDisappear") }
  override func viewDidDisappear(_ animated: Bool) { log.record("\(name).didDisappear") }
}

/// A presentation delegate that logs what it is told and answers ``shouldDismiss``.
@MainActor
final class LoggingPresentationDelegate: PresentationControllerDelegate {
  let log: EventLog
  var shouldDismiss = true

  init(log: EventLog) { self.log = log }

  func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
    shouldDismiss
  }
  func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
    log.record("didAttemptToDismiss")
  }
  func presentationControllerWillDismiss(_ presentationController: PresentationController) {
    log.record("willDismiss")
  }
  func presentationControllerDidDismiss(_ presentationController: PresentationController) {
    log.record("didDismiss")
  }
}

/// A 375×667 window whose root controller presents "Sheet" as a page sheet (10 points below the top,
/// 657 points tall), with a logging delegate.
@MainActor
struct SheetScene {
  let app = TestApplication()
  let log = EventLog()
  let sheet: LoggingController
  let delegate: LoggingPresentationDelegate
  let script: TouchScript

  init(animated: Bool = false) {
    sheet = LoggingController("Sheet", log: log)
    delegate = LoggingPresentationDelegate(log: log)
    sheet.presentationController?.delegate = delegate
    app.rootViewController.present(sheet, animated: animated)
    app.window.layoutIfNeeded()
    log.clear()
    script = TouchScript(window: app.window)
  }

  var presentation: PresentationController { sheet.presentationController! }
  var offset: Double { sheet.view.transform.ty }
  var dimming: Double { presentation.dimmingView.alpha }

  /// Drags finger 1 down the sheet from y = 100 through `ys`, one frame each, `step` seconds apart.
  func drag(through ys: [Double], step: Double) {
    script.step = step
    script.down(1, at: Point(x: 187, y: 100))
    for y in ys { script.move(1, to: Point(x: 187, y: y)) }
  }

  func pressEscape() { TactileTests.pressEscape(in: app.window) }
}

/// Presses and releases Escape on `window`.
@MainActor
func pressEscape(in window: Window) {
  let key = Key(keyCode: 1, name: .escape, characters: "\u{1b}")
  window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 1))
  window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 2))
}
