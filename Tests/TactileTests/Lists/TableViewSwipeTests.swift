import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct TableViewSwipeTests {
  private let row2 = IndexPath(row: 2, section: 0)

  /// A table of 50 rows whose rows have Delete and Flag at the trailing edge and Pin at the leading.
  private func scene() -> TableScene {
    let rows = TestRows([50])
    rows.trailingActions = rows.actions(["Delete", "Flag"])
    rows.leadingActions = rows.actions(["Pin"])
    return TableScene(rows)
  }

  /// Drags finger 1 along row 2 from x = 300 (or 20) by `dx`, in frames of 20 points `step` seconds apart.
  private func drag(_ scene: TableScene, by dx: Double, step: Double = 0.2) {
    scene.script.step = step
    let start = Point(x: dx < 0 ? 300 : 20, y: 100)
    scene.script.down(1, at: start)
    let frames = Int((abs(dx) / 20).rounded(.up))
    for index in 1...frames {
      scene.script.move(1, to: start + Point(x: dx * Double(index) / Double(frames), y: 0))
    }
  }

  private func contentX(_ scene: TableScene) -> Double? {
    scene.table.cellForRow(at: row2)?.contentView.frame.minX
  }

  @Test func theRowsContentFollowsAHorizontalSwipeAndOpensPastHalfTheButtonsWidth() {
    let scene = scene()
    drag(scene, by: -100)
    #expect(contentX(scene) == -100)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == -148, "two 74-point buttons")
    #expect(scene.rows.log.isEmpty, "a swipe selects nothing")
  }

  @Test func aShortSwipeClosesAgain() {
    let scene = scene()
    drag(scene, by: -60)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == 0)
  }

  @Test func aQuickFlickOpensTheRowEvenAShortWay() {
    let scene = scene()
    drag(scene, by: -60, step: 0.016)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == -148)
  }

  @Test func aVerticalDragScrollsAndDoesNotSwipe() {
    let scene = scene()
    scene.script.down(1, at: Point(x: 300, y: 150))
    for step in 1...5 {
      scene.script.move(1, to: Point(x: 300 - 4 * Double(step), y: 150 - 12 * Double(step)))
    }
    scene.script.up(1)
    #expect(scene.table.contentOffset.y > 0)
    #expect(scene.table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
  }

  @Test func aFullSwipePerformsTheFirstActionAtOnce() {
    let scene = scene()
    drag(scene, by: -240)
    scene.script.up(1)
    #expect(scene.rows.log == ["Delete [0, 2]"])
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == 0, "closed after sliding out")
  }

  @Test func withoutFullSwipeTheContentResistsPastTheButtonsAndOpens() {
    let scene = scene()
    scene.rows.trailingActions?.performsFirstActionWithFullSwipe = false
    drag(scene, by: -240)
    #expect(abs(contentX(scene)! + 148 + (240 - 148) / 4) < 1e-9)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.rows.log.isEmpty)
    #expect(contentX(scene) == -148)
  }

  @Test func aSwipeTowardTheTrailingEdgeRevealsTheLeadingActions() {
    let scene = scene()
    drag(scene, by: 60)
    #expect(contentX(scene) == 60)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == 74)
  }

  @Test func aRowWithoutActionsOnThatSideDoesNotMove() {
    let scene = scene()
    scene.rows.leadingActions = nil
    drag(scene, by: 100)
    #expect(contentX(scene) == 0)
    scene.script.up(1)
  }

  @Test func aTapOnAButtonRunsItsActionAndClosesTheRow() {
    let scene = scene()
    drag(scene, by: -100)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    scene.script.step = 0.016
    scene.script.tap(at: Point(x: 320 - 37, y: 100))
    #expect(scene.rows.log == ["Delete [0, 2]"], "the first action is at the edge")
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == 0)
  }

  @Test func aTapElsewhereClosesTheOpenRowWithoutSelecting() {
    let scene = scene()
    drag(scene, by: -100)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    scene.script.tap(at: Point(x: 100, y: 10))
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == 0)
    #expect(scene.rows.log.isEmpty)
  }

  @Test func scrollingClosesTheOpenRow() {
    let scene = scene()
    drag(scene, by: -100)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    scene.script.step = 0.016
    scene.script.down(2, at: Point(x: 100, y: 180))
    for step in 1...5 { scene.script.move(2, to: Point(x: 100, y: 180 - 10 * Double(step))) }
    scene.script.up(2)
    scene.app.scheduler.advance(by: 1)
    #expect(contentX(scene) == 0)
  }
}
