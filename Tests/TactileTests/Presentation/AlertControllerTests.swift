import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct AlertControllerTests {
  /// An alert (or action sheet) with "Cancel" added first, then "Keep" and "Delete", each logging its
  /// title when chosen, presented without animation over a 375×667 window.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let log = EventLog()
    let alert: AlertController

    init(style: AlertController.Style, cancel: Bool = true) {
      alert = AlertController(title: "Delete photo?", message: "It cannot be undone.", preferredStyle: style)
      let log = log
      if cancel {
        alert.addAction(AlertAction(title: "Cancel", style: .cancel) { log.record($0.title) })
      }
      alert.addAction(AlertAction(title: "Keep", style: .default) { log.record($0.title) })
      alert.addAction(AlertAction(title: "Delete", style: .destructive) { log.record($0.title) })
      app.rootViewController.present(alert, animated: false)
      app.window.layoutIfNeeded()
    }

    var titles: [String] { alert.alertView.actionList.buttons.map { $0.currentTitle ?? "" } }

    func tap(_ title: String) {
      guard let button = alert.alertView.actionList.buttons.first(where: { $0.currentTitle == title }) else {
        Issue.record("no \(title) button")
        return
      }
      TouchScript(window: app.window).tap(at: button.convert(button.bounds.center, to: app.window))
    }

    func pressEscape() { TactileTests.pressEscape(in: app.window) }
  }

  @Test func theButtonsKeepTheOrderAddedWithTheCancelActionLast() {
    let scene = Scene(style: .alert)
    #expect(scene.alert.actions.map(\.title) == ["Cancel", "Keep", "Delete"])
    #expect(scene.titles == ["Keep", "Delete", "Cancel"])
    #expect(scene.alert.alertView.actionList.rows.map(\.style) == [.default, .destructive, .cancel])
    #expect(scene.alert.alertView.titleLabel.text == "Delete photo?")
    #expect(scene.alert.alertView.messageLabel.text == "It cannot be undone.")
  }

  @Test func aSecondCancelActionIsIgnored() {
    let alert = AlertController(title: nil, message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Cancel", style: .cancel))
    alert.addAction(AlertAction(title: "Close", style: .cancel))
    #expect(alert.actions.map(\.title) == ["Cancel"])
  }

  @Test func anAlertIsCentredAndFadesIn() {
    let app = TestApplication()
    let alert = AlertController(title: "Hello", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "OK", style: .default))
    app.rootViewController.present(alert, animated: true)
    #expect(alert.view.alpha == 0)
    #expect(alert.view.transform == .identity, "an alert does not slide")
    app.scheduler.advance(by: 1)
    app.window.layoutIfNeeded()
    #expect(alert.view.alpha == 1)
    #expect(alert.view.frame.width == AlertController.alertWidth)
    #expect(alert.view.frame.midX == 187.5)
    #expect(abs(alert.view.frame.midY - 333.5) < 0.001)
    #expect(alert.view.frame.height > ActionListView.rowHeight, "the title and the button")
  }

  @Test func tappingAButtonDismissesTheAlertThenRunsItsHandler() {
    let scene = Scene(style: .alert)
    scene.tap("Delete")
    #expect(scene.log.entries.isEmpty, "the handler waits for the dismissal")
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["Delete"])
    #expect(scene.app.rootViewController.presentedViewController == nil)
    #expect(scene.alert.view.window == nil)
  }

  @Test func escapeChoosesTheCancelAction() {
    let scene = Scene(style: .alert)
    scene.pressEscape()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["Cancel"])
    #expect(scene.app.rootViewController.presentedViewController == nil)
  }

  @Test func escapeLeavesAnAlertWithoutACancelAction() {
    let scene = Scene(style: .alert, cancel: false)
    scene.pressEscape()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries.isEmpty)
    #expect(scene.app.rootViewController.presentedViewController === scene.alert)
  }

  @Test func returnChoosesThePreferredAction() {
    let scene = Scene(style: .alert)
    scene.alert.preferredAction = scene.alert.actions.first { $0.title == "Keep" }
    pressReturn(in: scene.app.window)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["Keep"])
    #expect(scene.app.rootViewController.presentedViewController == nil)
  }

  @Test func returnLeavesAnAlertWithoutAnEnabledPreferredAction() {
    let scene = Scene(style: .alert)
    pressReturn(in: scene.app.window)
    let keep = scene.alert.actions.first { $0.title == "Keep" }
    scene.alert.preferredAction = keep
    keep?.isEnabled = false
    pressReturn(in: scene.app.window)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries.isEmpty)
    #expect(scene.app.rootViewController.presentedViewController === scene.alert)
  }

  @Test func aPreferredActionThatIsNotTheAlertsIsIgnored() {
    let scene = Scene(style: .alert)
    scene.alert.preferredAction = AlertAction(title: "Elsewhere", style: .default)
    #expect(scene.alert.preferredAction == nil)
  }

  @Test func returnIsAnOrdinaryPressWhenNoResponderChoosesAPreferredAction() {
    let app = TestApplication()
    let key = Key(keyCode: 28, name: .return, characters: "\r")
    #expect(Action.command(forShortcut: key) == .choosePreferredAction)
    #expect(app.window.target(forAction: .choosePreferredAction, withSender: nil) == nil)
  }

  @Test func aDragDoesNotDismissAnAlert() {
    let scene = Scene(style: .actionSheet)
    let script = TouchScript(window: scene.app.window, step: 0.016)
    let start = scene.alert.view.frame.center
    script.down(1, at: start)
    for dy in [40.0, 80, 120, 160] { script.move(1, to: Point(x: start.x, y: start.y - dy)) }
    script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.rootViewController.presentedViewController === scene.alert)
    #expect(scene.alert.view.transform == .identity)
    #expect(scene.log.entries.isEmpty, "the finger left the button's tracking area")
  }

  @Test func anActionSheetSitsAlongTheBottomEdgeAndSlidesUp() {
    let app = TestApplication()
    let sheet = AlertController(title: nil, message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Share", style: .default))
    sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
    app.rootViewController.present(sheet, animated: true)
    #expect(sheet.view.transform.ty > 0)
    app.scheduler.advance(by: 1)
    app.window.layoutIfNeeded()
    #expect(sheet.view.frame == Rect(x: 8, y: 667 - 8 - 88, width: 359, height: 88))
    #expect(sheet.view.transform == .identity)
  }

  @Test func aTapOutsideAnActionSheetChoosesCancel() {
    let scene = Scene(style: .actionSheet)
    TouchScript(window: scene.app.window).tap(at: Point(x: 187, y: 40))
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["Cancel"])
    #expect(scene.app.rootViewController.presentedViewController == nil)
  }

  @Test func aTapOutsideAnAlertDoesNothing() {
    let scene = Scene(style: .alert)
    TouchScript(window: scene.app.window).tap(at: Point(x: 187, y: 40))
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries.isEmpty)
    #expect(scene.app.rootViewController.presentedViewController === scene.alert)
  }

  @Test func aDisabledActionCannotBeChosen() {
    let app = TestApplication()
    let log = EventLog()
    let alert = AlertController(title: "Sign in", message: nil, preferredStyle: .alert)
    let signIn = AlertAction(title: "Sign In", style: .default) { _ in log.record("signed in") }
    signIn.isEnabled = false
    alert.addAction(signIn)
    app.rootViewController.present(alert, animated: false)
    app.window.layoutIfNeeded()
    let button = alert.alertView.actionList.buttons[0]
    TouchScript(window: app.window).tap(at: button.convert(button.bounds.center, to: app.window))
    alert.choose(signIn)
    app.scheduler.advance(by: 1)
    #expect(log.entries.isEmpty)
    #expect(app.rootViewController.presentedViewController === alert)
  }
}

/// Presses and releases Return on `window`.
@MainActor
private func pressReturn(in window: Window) {
  let key = Key(keyCode: 28, name: .return, characters: "\r")
  window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 1))
  window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 2))
}
