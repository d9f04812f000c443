import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct TableViewUpdateTests {
  private func path(_ row: Int, _ section: Int = 0) -> IndexPath { IndexPath(row: row, section: section) }

  @Test func deletingARowFadesItOutAndSlidesTheRowsBelowUpOnTheClock() {
    let scene = TableScene(TestRows([10]))
    let deleted = scene.table.cellForRow(at: path(1))!
    let below = scene.table.cellForRow(at: path(2))!
    scene.rows.rowCounts = [9]
    scene.table.deleteRows(at: [path(1)], animated: true)
    #expect(scene.table.indexPath(for: below) == path(1))
    #expect(below.frame.minY == 88, "starts where it was")
    scene.app.scheduler.advance(by: TableView.updateDuration / 2)
    #expect(below.frame.minY > 44 && below.frame.minY < 88)
    #expect(deleted.alpha > 0 && deleted.alpha < 1)
    #expect(deleted.superview === scene.table)
    scene.app.scheduler.advance(by: TableView.updateDuration)
    #expect(below.frame.minY == 44)
    #expect(deleted.superview == nil, "back in the reuse queue")
    #expect(scene.table.contentSize.height == 9 * 44)
  }

  @Test func insertingARowFadesItInAndPushesTheRowsBelowDown() {
    let scene = TableScene(TestRows([3]))
    let second = scene.table.cellForRow(at: path(1))!
    scene.table.selectRow(at: path(1), animated: false, scrollPosition: .none)
    scene.rows.rowCounts = [4]
    scene.table.insertRows(at: [path(0)], animated: true)
    let inserted = scene.table.cellForRow(at: path(0))!
    #expect(inserted.alpha == 0)
    #expect(scene.table.indexPath(for: second) == path(2))
    #expect(scene.table.indexPathForSelectedRow == path(2), "the selection follows its row")
    scene.app.scheduler.advance(by: 1)
    #expect(inserted.alpha == 1)
    #expect(second.frame.minY == 88)
    #expect(scene.shownTexts.count == 4)
  }

  @Test func movingARowSlidesItToItsNewPlace() {
    let scene = TableScene(TestRows([4]))
    let first = scene.table.cellForRow(at: path(0))!
    scene.table.moveRow(at: path(0), to: path(3), animated: true)
    #expect(scene.table.indexPath(for: first) == path(3))
    #expect(first.frame.minY == 0)
    scene.app.scheduler.advance(by: TableView.updateDuration / 2)
    #expect(first.frame.minY > 0 && first.frame.minY < 132)
    scene.app.scheduler.advance(by: 1)
    #expect(first.frame.minY == 132)
    #expect(scene.table.cellForRow(at: path(0))?.frame.minY == 0)
  }

  @Test func anUnanimatedUpdateTakesEffectAtOnce() {
    let scene = TableScene(TestRows([5]))
    let removed = scene.table.cellForRow(at: path(0))!
    scene.rows.rowCounts = [4]
    scene.table.deleteRows(at: [path(0)], animated: false)
    #expect(removed.superview == nil)
    #expect(scene.table.cellForRow(at: path(0))?.frame.minY == 0)
  }

  @Test func aNewUpdateFinishesTheRunningOneFirst() {
    let scene = TableScene(TestRows([5]))
    let fading = scene.table.cellForRow(at: path(0))!
    scene.rows.rowCounts = [4]
    scene.table.deleteRows(at: [path(0)], animated: true)
    scene.app.scheduler.advance(by: 0.1)
    scene.rows.rowCounts = [3]
    scene.table.deleteRows(at: [path(0)], animated: true)
    #expect(fading.superview == nil)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.table.visibleCells.map(\.frame.minY) == [0, 44, 88])
  }

  @Test func anUpdateThatDisagreesWithTheDataSourceReloadsInstead() {
    let scene = TableScene(TestRows([5]))
    scene.table.deleteRows(at: [path(0)], animated: true)
    scene.table.layoutIfNeeded()
    #expect(scene.table.numberOfRows(inSection: 0) == 5, "the data source still says 5")
    scene.table.insertRows(at: [path(9)], animated: true)
    scene.table.moveRow(at: path(7), to: path(0), animated: true)
    scene.table.layoutIfNeeded()
    #expect(scene.shownTexts == ["0.0", "0.1", "0.2", "0.3", "0.4"])
  }

  @Test func scrollingDuringAnUpdateShowsTheRowsWhereTheyEnd() {
    let scene = TableScene(TestRows([50]))
    scene.rows.rowCounts = [49]
    scene.table.deleteRows(at: [path(0)], animated: true)
    scene.scroll(to: 440)
    scene.app.scheduler.advance(by: 1)
    scene.table.layoutIfNeeded()
    for cell in scene.table.visibleCells {
      #expect(cell.frame.minY == Double(scene.table.indexPath(for: cell)!.row) * 44)
    }
  }
}
