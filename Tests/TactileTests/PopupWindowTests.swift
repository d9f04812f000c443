import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Popups in memory (no host): one per window, dismissed exactly once, by whoever ends them.
@MainActor
@Suite struct PopupWindowTests {
  private func popup(of window: Window, log: EventLog, name: String) -> PopupWindow {
    let popup = PopupWindow(
      placement: PopupPlacement(
        anchorRect: Rect(x: 100, y: 100, width: 50, height: 20), size: Size(width: 80, height: 40),
        anchor: .bottom, gravity: .bottom),
      parent: window)
    popup.onDismiss = { log.record("\(name) dismissed") }
    return popup
  }

  @Test func aPopupIsAWindowOfItsOwnPlacedInItsParentsCoordinates() {
    let app = TestApplication()
    let log = EventLog()
    let shown = popup(of: app.window, log: log, name: "menu")
    let inside = RecordingView("inside", frame: Rect(x: 0, y: 0, width: 80, height: 40), log: log)
    shown.addSubview(inside)
    app.window.present(shown)
    #expect(shown.frame == Rect(x: 85, y: 120, width: 80, height: 40))
    #expect(app.application.windows.contains { $0 === shown })
    TouchScript(window: shown).tap(at: Point(x: 10, y: 10))
    #expect(log.entries == ["inside.began(1)", "inside.ended(1)"])
    #expect(!shown.isDismissed)
  }

  @Test func presentingASecondPopupDismissesTheFirst() {
    let app = TestApplication()
    let log = EventLog()
    let first = popup(of: app.window, log: log, name: "first")
    let second = popup(of: app.window, log: log, name: "second")
    app.window.present(first)
    app.window.present(second)
    #expect(log.entries == ["first dismissed"])
    #expect(app.window.presentedPopup === second)
    first.dismiss()
    #expect(log.entries == ["first dismissed"])
  }

  @Test func closingTheParentDismissesItsPopupOnce() {
    let app = TestApplication()
    let log = EventLog()
    let shown = popup(of: app.window, log: log, name: "menu")
    app.window.present(shown)
    app.window.close()
    shown.dismiss()
    #expect(log.entries == ["menu dismissed"])
    #expect(shown.isClosed)
    #expect(app.application.windows.isEmpty)
  }

  @Test func aDismissedPopupCannotBeShownAgain() {
    let app = TestApplication()
    let shown = popup(of: app.window, log: EventLog(), name: "menu")
    app.window.present(shown)
    shown.dismiss()
    app.window.present(shown)
    #expect(app.window.presentedPopup == nil)
  }
}
