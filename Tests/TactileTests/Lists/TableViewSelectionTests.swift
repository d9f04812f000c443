import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct TableViewSelectionTests {
  private let row2 = IndexPath(row: 2, section: 0)
  /// A point on row 2 (44-point rows), in window coordinates.
  private let onRow2 = Point(x: 100, y: 100)

  @Test func aQuickTapSelectsTheRowWhenTheFingerLifts() {
    let scene = TableScene(TestRows([50]))
    scene.script.down(1, at: onRow2)
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == false, "held while the pan decides")
    scene.script.up(1)
    #expect(scene.rows.log == ["select [0, 2]", "action [0, 2]"])
    #expect(scene.table.indexPathForSelectedRow == row2)
    #expect(scene.table.cellForRow(at: row2)?.isSelected == true)
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == false)
  }

  @Test func aHeldTouchHighlightsAfterTheContentTouchDelayAndSelectsOnRelease() {
    let scene = TableScene(TestRows([50]))
    scene.script.down(1, at: onRow2)
    scene.app.scheduler.advance(by: 0.14)
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == false)
    scene.app.scheduler.advance(by: 0.02)
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == true)
    #expect(scene.rows.log.isEmpty, "selection waits for the finger to lift")
    scene.script.up(1)
    #expect(scene.rows.log == ["select [0, 2]", "action [0, 2]"])
  }

  @Test func aTouchThatBecomesAScrollDoesNotSelect() {
    let scene = TableScene(TestRows([50]))
    scene.script.down(1, at: onRow2)
    for step in 1...5 { scene.script.move(1, to: onRow2 + Point(x: 0, y: -12 * Double(step))) }
    scene.script.up(1)
    #expect(scene.table.contentOffset.y > 0)
    #expect(scene.rows.log.isEmpty)
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == false)
  }

  @Test func aHighlightedRowThatStartsScrollingLosesItsHighlightAndIsNotSelected() {
    let scene = TableScene(TestRows([50]))
    scene.script.down(1, at: onRow2)
    scene.app.scheduler.advance(by: 0.2)
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == true)
    for step in 1...5 { scene.script.move(1, to: onRow2 + Point(x: 0, y: -12 * Double(step))) }
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == false)
    scene.script.up(1)
    #expect(scene.rows.log.isEmpty)
  }

  @Test func aFingerThatSlidesOffTheRowWithScrollingDisabledDoesNotSelect() {
    let scene = TableScene(TestRows([50]))
    scene.table.isScrollEnabled = false
    scene.script.down(1, at: onRow2)
    scene.app.scheduler.advance(by: 0.2)
    scene.script.move(1, to: onRow2 + Point(x: 0, y: 40))
    #expect(scene.table.cellForRow(at: row2)?.isHighlighted == false)
    scene.script.up(1)
    #expect(scene.rows.log.isEmpty)
  }

  @Test func selectingAnotherRowDeselectsTheFirst() {
    let scene = TableScene(TestRows([50]))
    scene.script.tap(at: onRow2)
    scene.script.tap(at: Point(x: 100, y: 10))
    #expect(
      scene.rows.log == [
        "select [0, 2]", "action [0, 2]", "deselect [0, 2]", "select [0, 0]", "action [0, 0]",
      ])
    #expect(scene.table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    #expect(scene.table.cellForRow(at: row2)?.isSelected == false)
  }

  @Test func withMultipleSelectionATapAddsARowAndASecondTapDeselectsIt() {
    let scene = TableScene(TestRows([50]))
    scene.table.allowsMultipleSelection = true
    scene.script.tap(at: onRow2)
    scene.script.tap(at: Point(x: 100, y: 10))
    #expect(scene.table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), row2])
    scene.script.tap(at: onRow2)
    #expect(scene.rows.log.last == "deselect [0, 2]")
    #expect(scene.table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
  }

  @Test func aRowTheDelegateWillNotHighlightIsNotSelected() {
    final class Refusing: TableViewDelegate {
      var selected = 0
      func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { false }
      func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected += 1 }
    }
    let scene = TableScene(TestRows([50]))
    let refusing = Refusing()
    scene.table.delegate = refusing
    scene.script.tap(at: onRow2)
    #expect(refusing.selected == 0)
    scene.table.delegate = scene.rows
    scene.table.allowsSelection = false
    scene.script.tap(at: onRow2)
    #expect(scene.rows.log.isEmpty)
  }

  @Test func aTapSelectionMakesTheTableFirstResponder() {
    let scene = TableScene(TestRows([50]))
    scene.script.tap(at: onRow2)
    #expect(scene.table.isFirstResponder)
  }

  @Test func selectingInCodeTellsTheDelegateNothingAndCanScrollTheRowToTheTop() {
    let scene = TableScene(TestRows([50]))
    scene.table.selectRow(at: IndexPath(row: 20, section: 0), animated: false, scrollPosition: .top)
    #expect(scene.table.contentOffset.y == 20 * 44)
    scene.table.layoutIfNeeded()
    #expect(scene.table.cellForRow(at: IndexPath(row: 20, section: 0))?.isSelected == true)
    scene.table.selectRow(at: nil, animated: false, scrollPosition: .none)
    #expect(scene.table.indexPathForSelectedRow == nil)
    #expect(scene.rows.log.isEmpty)
  }
}

@MainActor
@Suite struct TableViewKeyboardAndPointerTests {
  @Test func arrowKeysMoveTheSelectionAcrossSectionsAndScrollItIntoView() {
    let scene = TableScene(TestRows([2, 0, 6], titles: ["A", "B", "C"]))
    #expect(scene.table.becomeFirstResponder())
    scene.press(.downArrow)
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    scene.press(.downArrow)
    scene.press(.downArrow)
    #expect(
      scene.table.indexPathForSelectedRow == IndexPath(row: 0, section: 2), "the empty section is skipped")
    for _ in 0..<4 { scene.press(.downArrow) }
    let last = IndexPath(row: 4, section: 2)
    #expect(scene.table.indexPathForSelectedRow == last)
    let rect = scene.table.rectForRow(at: last)
    #expect(scene.table.contentOffset.y == rect.maxY - 200, "scrolled the least that shows it")
    scene.press(.upArrow)
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 3, section: 2))
    #expect(scene.rows.log.filter { $0.hasPrefix("select") }.count == 8)
  }

  @Test func returnPerformsTheSelectedRowsPrimaryAction() {
    let scene = TableScene(TestRows([5]))
    _ = scene.table.becomeFirstResponder()
    scene.press(.return)
    #expect(scene.rows.log.isEmpty, "nothing selected")
    scene.press(.downArrow)
    scene.press(.return)
    #expect(scene.rows.log == ["select [0, 0]", "action [0, 0]"])
  }

  @Test func theLastRowStaysSelectedWhenTheDownArrowRepeats() {
    let scene = TableScene(TestRows([2]))
    _ = scene.table.becomeFirstResponder()
    let key = Key(keyCode: 0, name: .downArrow, characters: "")
    scene.app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: 1))
    for time in 2...4 {
      scene.app.window.deliver(key: KeyStroke(phase: .repeat, key: key, timestamp: Double(time)))
    }
    scene.app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: 5))
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    #expect(scene.rows.log == ["select [0, 0]", "deselect [0, 0]", "select [0, 1]"])
  }

  @Test func theWheelScrollsTheTableAndShowsTheRowsBelow() {
    let scene = TableScene(TestRows([100]))
    for _ in 0..<3 {
      scene.app.window.deliver(
        scroll: ScrollInput(location: Point(x: 100, y: 100), delta: Point(x: 0, y: 44), timestamp: 0))
    }
    scene.app.window.frameDidStart(at: 0)
    #expect(scene.table.contentOffset.y == 132)
    #expect(scene.shownTexts.first == "0.3")
  }

  @Test func thePointerHighlightsTheRowItIsOverUntilItLeaves() {
    let scene = TableScene(TestRows([10]))
    let window = scene.app.window
    window.deliver(hover: HoverInput(phase: .entered, location: Point(x: 50, y: 10), timestamp: 1))
    #expect(scene.table.cellForRow(at: IndexPath(row: 0, section: 0))?.isHovered == true)
    window.deliver(hover: HoverInput(phase: .moved, location: Point(x: 50, y: 60), timestamp: 2))
    #expect(scene.table.cellForRow(at: IndexPath(row: 0, section: 0))?.isHovered == false)
    #expect(scene.table.cellForRow(at: IndexPath(row: 1, section: 0))?.isHovered == true)
    window.deliver(hover: HoverInput(phase: .exited, location: Point(x: 50, y: 60), timestamp: 3))
    #expect(scene.table.visibleCells.allSatisfy { !$0.isHovered })
  }
}
