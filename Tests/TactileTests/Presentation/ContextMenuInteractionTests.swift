import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Gives a menu of "Share" and a destructive "Delete" (logging the chosen one), with a 120×80 preview
/// when `showsPreview`, or no menu when `givesMenu` is off.
@MainActor
private final class MenuDelegate: ContextMenuInteractionDelegate {
  let log: EventLog
  var showsPreview = false
  var givesMenu = true

  init(log: EventLog) { self.log = log }

  func contextMenuInteraction(
    _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
  ) -> ContextMenuConfiguration? {
    guard givesMenu else { return nil }
    log.record("asked at \(Int(location.x)),\(Int(location.y))")
    let log = log
    var preview: (@MainActor () -> View?)?
    if showsPreview { preview = { View(frame: Rect(x: 0, y: 0, width: 120, height: 80)) } }
    return ContextMenuConfiguration(previewProvider: preview) {
      let share = ClosureAction(title: "Share") { log.record($0.title) }
      let delete = ClosureAction(title: "Delete") { log.record($0.title) }
      delete.attributes = .destructive
      return [share, delete]
    }
  }

  func contextMenuInteractionDidEnd(_ interaction: ContextMenuInteraction) {
    log.record("ended")
  }
}

@MainActor
@Suite struct ContextMenuInteractionTests {
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let log = EventLog()
    let row = View(frame: Rect(x: 0, y: 200, width: 375, height: 44))
    let delegate: MenuDelegate
    let interaction: ContextMenuInteraction

    init() {
      delegate = MenuDelegate(log: log)
      interaction = ContextMenuInteraction(delegate: delegate)
      app.rootView.addSubview(row)
      row.contextMenuInteraction = interaction
    }

    /// Holds a finger on the row for a second.
    func longPress() -> PopupWindow? {
      TouchScript(window: app.window).down(1, at: Point(x: 100, y: 220))
      app.scheduler.advance(by: 1)
      return app.window.presentedPopup
    }

    func menu(of popup: PopupWindow?) -> ContextMenuView? { popup?.subviews.first as? ContextMenuView }
  }

  @Test func aLongPressWithoutAPreviewShowsTheActionsBelowTheView() {
    let scene = Scene()
    #expect(scene.interaction.view === scene.row)
    let popup = scene.longPress()
    let menu = scene.menu(of: popup)
    #expect(scene.log.entries == ["asked at 100,20"])
    #expect(menu?.preview == nil)
    #expect(menu?.actionList.rows.map(\.title) == ["Share", "Delete"])
    #expect(menu?.actionList.rows.map(\.style) == [.default, .destructive])
    #expect(popup?.frame.minY == 244 + ContextMenuInteraction.gap)
    #expect(popup?.frame.height == 2 * ActionListView.rowHeight)
    #expect(scene.interaction.presentedPopup === popup)
  }

  @Test func aLongPressWithAPreviewShowsThePreviewAboveTheActions() {
    let scene = Scene()
    scene.delegate.showsPreview = true
    let popup = scene.longPress()
    popup?.layoutIfNeeded()
    let menu = scene.menu(of: popup)
    #expect(menu?.preview?.frame == Rect(x: 0, y: 0, width: 120, height: 80))
    #expect(menu?.actionList.frame.minY == 80 + ContextMenuView.spacing)
    #expect(menu?.bounds.height == 80 + ContextMenuView.spacing + 2 * ActionListView.rowHeight)
  }

  @Test func choosingAnActionDismissesTheMenuThenRunsIt() {
    let scene = Scene()
    let popup = scene.longPress()!
    TouchScript(window: scene.app.window).up(1)
    popup.frameDidStart(at: 0)
    let button = scene.menu(of: popup)!.actionList.buttons[1]
    TouchScript(window: popup).tap(at: button.convert(button.bounds.center, to: popup))
    #expect(popup.isDismissed)
    #expect(scene.log.entries == ["asked at 100,20", "ended", "Delete"])
  }

  @Test func aTapOutsideDismissesTheMenuWithoutAnAction() {
    let scene = Scene()
    let popup = scene.longPress()!
    let script = TouchScript(window: scene.app.window, time: 2)
    script.up(1)
    script.tap(at: Point(x: 100, y: 600))
    #expect(popup.isDismissed)
    #expect(scene.log.entries == ["asked at 100,20", "ended"])
  }

  @Test func noConfigurationShowsNoMenu() {
    let scene = Scene()
    scene.delegate.givesMenu = false
    #expect(scene.longPress() == nil)
  }

  @Test func aShortTouchShowsNoMenu() {
    let scene = Scene()
    let script = TouchScript(window: scene.app.window)
    script.down(1, at: Point(x: 100, y: 220))
    scene.app.scheduler.advance(by: 0.2)
    script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.app.window.presentedPopup == nil)
  }

  @Test func aSecondaryClickShowsTheContextMenu() {
    let scene = Scene()
    scene.app.window.deliver(secondaryClick: Point(x: 30, y: 210))
    #expect(scene.menu(of: scene.app.window.presentedPopup) != nil)
    #expect(scene.log.entries == ["asked at 30,10"])
  }

  @Test func movingTheInteractionToAnotherViewDetachesItFromTheFirst() {
    let scene = Scene()
    let other = View(frame: Rect(x: 0, y: 400, width: 100, height: 44))
    scene.app.rootView.addSubview(other)
    other.contextMenuInteraction = scene.interaction
    #expect(scene.row.contextMenuInteraction == nil)
    #expect(!scene.row.gestureRecognizers.contains { $0 === scene.interaction.longPressRecognizer })
    #expect(scene.interaction.view === other)
  }
}
