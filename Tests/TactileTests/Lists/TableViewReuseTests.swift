import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct TableViewReuseTests {
  @Test func aTableShowsCellsForTheRowsInViewOnly() {
    let scene = TableScene(TestRows([1000]))
    #expect(scene.shownTexts == ["0.0", "0.1", "0.2", "0.3", "0.4"], "200 points of 44-point rows")
    #expect(scene.table.contentSize.height == 44_000)
    #expect(scene.table.subviews.count == 5)
  }

  @Test func scrollingReusesTheCellsThatLeftTheBounds() {
    let scene = TableScene(TestRows([1000]))
    var y = 0.0
    while y < 43_800 {
      y += 37
      scene.scroll(to: y)
      #expect(scene.table.visibleCells.count <= 6)
    }
    #expect(scene.rows.cellsHandedOut.count <= 6, "every row after the first screen reused a cell")
    #expect(scene.shownTexts.last == "0.999")
  }

  @Test func aHundredThousandRowsUseNoMoreCellsThanAThousand() {
    var handedOut: [Int] = []
    for count in [1000, 100_000] {
      let scene = TableScene(TestRows([count]))
      for step in 1...200 { scene.scroll(to: Double(step) * 37) }
      scene.scroll(to: Double(count) * 44 - 200)
      handedOut.append(scene.rows.cellsHandedOut.count)
      #expect(scene.shownTexts.last == "0.\(count - 1)")
    }
    #expect(handedOut[0] == handedOut[1])
  }

  @Test func aReusedCellIsPreparedAndGetsTheNewRowsText() {
    final class Cell: TableViewCell {
      var preparations = 0
      override func prepareForReuse() { preparations += 1 }
    }
    let scene = TableScene(TestRows([100])) { $0.register(Cell.self, forCellReuseIdentifier: "row") }
    let first = scene.table.cellForRow(at: IndexPath(row: 0, section: 0))
    #expect(first is Cell)
    scene.scroll(to: 220)
    #expect((first as? Cell)?.preparations == 1)
    #expect(scene.table.indexPath(for: first!) != nil)
    #expect(first?.textLabel.text == "0.\(scene.table.indexPath(for: first!)!.row)")
  }

  @Test func aRowWithoutADelegateHeightIsAsTallAsItsStack() {
    let rows = TestRows([50], rowHeight: nil)
    let scene = TableScene(rows)
    let cell = scene.table.cellForRow(at: IndexPath(row: 0, section: 0))!
    let natural = cell.textLabel.intrinsicContentSize.height + 22
    #expect(scene.table.rectForRow(at: IndexPath(row: 0, section: 0)).height == natural)
    #expect(cell.frame.height == natural)
    let shown = scene.table.visibleCells.count
    let expected = Double(shown) * natural + Double(50 - shown) * 44
    #expect(scene.table.contentSize.height == expected, "rows not yet shown keep the estimate")
  }

  @Test func aTallerStackMakesATallerRow() {
    @MainActor final class Rows: TableViewDataSource, TableViewDelegate {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "two lines")
        let column = StackView()
        column.axis = .vertical
        for text in ["title", "subtitle"] {
          let label = Label()
          label.text = text
          column.addArrangedSubview(label)
        }
        cell.contentView.addArrangedSubview(column)
        return cell
      }
    }
    let app = TestApplication()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
    let rows = Rows()
    table.dataSource = rows
    table.delegate = rows
    app.rootView.addSubview(table)
    table.layoutIfNeeded()
    let line = Label()
    line.text = "title"
    #expect(
      table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 2 * line.intrinsicContentSize.height + 22)
  }

  @Test func aRowAboveTheTopThatTurnsOutTallerMovesTheOffsetSoTheRowsInViewStayStill() {
    let rows = TestRows([200], rowHeight: 80)
    let scene = TableScene(rows)
    scene.scroll(to: 4000)
    let row = IndexPath(row: scene.table.indexPathsForVisibleRows[1].row, section: 0)
    let before = scene.table.rectForRow(at: row).minY - scene.table.contentOffset.y
    scene.scroll(to: scene.table.contentOffset.y - 60)
    let after = scene.table.rectForRow(at: row).minY - scene.table.contentOffset.y
    #expect(after == before + 60, "the rows moved by the scroll only, though a row above grew from 44 to 80")
  }

  @Test func reloadDataAsksAgainAndClearsTheSelection() {
    let rows = TestRows([10])
    let scene = TableScene(rows)
    scene.table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    rows.rowCounts = [2]
    scene.table.reloadData()
    #expect(scene.table.numberOfRows(inSection: 0) == 2)
    #expect(scene.table.indexPathForSelectedRow == nil)
    scene.table.layoutIfNeeded()
    #expect(scene.shownTexts == ["0.0", "0.1"])
    #expect(scene.table.subviews.count == 2)
  }

  @Test func aWidthChangeMeasuresTheRowsAgain() {
    let rows = TestRows([20], rowHeight: nil)
    let scene = TableScene(rows)
    let measured = scene.table.rectForRow(at: IndexPath(row: 10, section: 0)).minY
    scene.table.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    scene.table.layoutIfNeeded()
    #expect(scene.table.visibleCells.allSatisfy { $0.frame.width == 200 })
    #expect(scene.table.rectForRow(at: IndexPath(row: 10, section: 0)).minY == measured)
  }
}

@MainActor
@Suite struct TableViewHeaderTests {
  /// Three sections of ten 44-point rows, each with a 28-point header.
  private func scene() -> TableScene {
    TableScene(TestRows([10, 10, 10], titles: ["One", "Two", "Three"]))
  }

  @Test func eachTitledSectionStartsWithItsHeader() {
    let scene = scene()
    #expect(scene.table.headerView(forSection: 0)?.frame == Rect(x: 0, y: 0, width: 320, height: 28))
    #expect(scene.table.headerView(forSection: 0)?.textLabel.text == "ONE")
    #expect(scene.table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 28 + 440 + 28)
    #expect(scene.table.contentSize.height == 3 * (28 + 440))
    #expect(scene.table.indexPathForRow(at: Point(x: 10, y: 10)) == nil, "a header is no row")
  }

  @Test func aHeaderSticksToTheTopWhileItsRowsScrollUnderIt() {
    let scene = scene()
    scene.scroll(to: 200)
    let header = scene.table.headerView(forSection: 0)!
    #expect(header.frame.minY == 200)
    #expect(scene.table.subviews.last === header, "drawn over the rows")
  }

  @Test func theNextHeaderPushesThePinnedOneUp() {
    let scene = scene()
    scene.scroll(to: 468 - 10)
    #expect(scene.table.headerView(forSection: 0)?.frame.maxY == 468)
    #expect(scene.table.headerView(forSection: 1)?.frame.minY == 468)
    scene.scroll(to: 500)
    #expect(scene.table.headerView(forSection: 0) == nil)
    #expect(scene.table.headerView(forSection: 1)?.frame.minY == 500)
  }

  @Test func aSectionWithoutATitleHasNoHeader() {
    let scene = TableScene(TestRows([3, 3], titles: [nil, "Two"]))
    #expect(scene.table.headerView(forSection: 0) == nil)
    #expect(scene.table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 0)
    #expect(scene.table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 132 + 28)
  }
}
