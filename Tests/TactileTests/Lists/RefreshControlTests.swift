import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct RefreshControlTests {
  /// A table with a refresh control that counts its value changes.
  @MainActor
  private final class Scene {
    let table = TableScene(TestRows([50]))
    let control = RefreshControl()
    var refreshes = 0

    init() {
      table.table.refreshControl = control
      control.addTarget(table.app.rootViewController, action: "refresh", for: .valueChanged)
      table.app.rootViewController.setHandler({ [unowned self] _, _ in refreshes += 1 }, for: "refresh")
    }

    /// Pulls the content down by moving finger 1 from y = 10 by `distance`, in ten frames.
    func pull(_ distance: Double) {
      table.script.down(1, at: Point(x: 100, y: 10))
      for step in 1...10 { table.script.move(1, to: Point(x: 100, y: 10 + distance * Double(step) / 10)) }
    }
  }

  @Test func pullingPastTheTriggerDistanceStartsRefreshingOnce() {
    let scene = Scene()
    scene.pull(450)
    #expect(-scene.table.table.contentOffset.y >= RefreshControl.triggerDistance)
    #expect(scene.control.isRefreshing)
    #expect(scene.refreshes == 1)
    scene.table.script.move(1, to: Point(x: 100, y: 200))
    scene.table.script.move(1, to: Point(x: 100, y: 460))
    #expect(scene.refreshes == 1, "once per pull")
    scene.table.script.up(1)
  }

  @Test func afterReleaseTheContentRestsBelowTheControlUntilEndRefreshing() {
    let scene = Scene()
    scene.pull(450)
    scene.table.script.up(1)
    scene.table.app.scheduler.advance(by: 3)
    #expect(scene.table.table.contentOffset.y == -RefreshControl.height)
    #expect(scene.control.frame == Rect(x: 0, y: -60, width: 320, height: 60))
    scene.control.endRefreshing()
    #expect(!scene.control.isRefreshing)
    scene.table.app.scheduler.advance(by: 1)
    #expect(scene.table.table.contentOffset.y == 0)
    #expect(scene.table.table.contentInset.top == 0)
  }

  @Test func aShortPullDoesNotRefresh() {
    let scene = Scene()
    scene.pull(100)
    #expect(scene.table.table.contentOffset.y < 0)
    scene.table.script.up(1)
    scene.table.app.scheduler.advance(by: 3)
    #expect(scene.refreshes == 0)
    #expect(scene.table.table.contentOffset.y == 0)
  }
}
