import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A grid's data source and delegate for tests: sections of items counted by `itemCounts`, the cells
/// ever handed out, and a log of selections.
@MainActor
private final class TestItems: CollectionViewDataSource, CollectionViewDelegate {
  var itemCounts: [Int]
  var log: [String] = []
  private(set) var cellsHandedOut = Set<ObjectIdentifier>()

  init(_ itemCounts: [Int]) { self.itemCounts = itemCounts }

  func numberOfSections(in collectionView: CollectionView) -> Int { itemCounts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    itemCounts[section]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    cellsHandedOut.insert(ObjectIdentifier(cell))
    return cell
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("select \(indexPath)")
  }
}

/// A 375×667 window filled by a grid of 100×100 items, 10 points apart: three columns 137.5 points
/// apart, rows 110 points apart.
@MainActor
private struct GridScene {
  let app = TestApplication()
  let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 667))
  let items: TestItems

  init(_ itemCounts: [Int], inset: EdgeInsets = .zero) {
    items = TestItems(itemCounts)
    var layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    layout.sectionInset = inset
    grid.collectionViewLayout = layout
    grid.dataSource = items
    grid.delegate = items
    app.rootView.addSubview(grid)
    app.window.layoutIfNeeded()
  }
}

@MainActor
@Suite struct CollectionViewTests {
  @Test func itemsFlowInRowsThatFillTheWidth() {
    let scene = GridScene([10])
    #expect(
      scene.grid.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: 0, y: 0, width: 100, height: 100)
    )
    #expect(
      scene.grid.frameForItem(at: IndexPath(item: 2, section: 0)).maxX == 375, "a full row reaches the edge")
    #expect(scene.grid.frameForItem(at: IndexPath(item: 1, section: 0)).minX == 137.5)
    #expect(
      scene.grid.frameForItem(at: IndexPath(item: 3, section: 0))
        == Rect(x: 0, y: 110, width: 100, height: 100))
    #expect(
      scene.grid.frameForItem(at: IndexPath(item: 9, section: 0)).minX == 0,
      "the short last row keeps the columns")
    #expect(scene.grid.contentSize.height == 4 * 110 - 10)
    #expect(scene.grid.cellForItem(at: IndexPath(item: 4, section: 0))?.frame.minX == 137.5)
  }

  @Test func theRowsReflowWhenTheWidthChanges() {
    let scene = GridScene([10])
    scene.grid.frame = Rect(x: 0, y: 0, width: 600, height: 667)
    scene.app.window.layoutIfNeeded()
    #expect(scene.grid.frameForItem(at: IndexPath(item: 4, section: 0)).maxX == 600, "five columns now")
    #expect(scene.grid.frameForItem(at: IndexPath(item: 5, section: 0)).origin == Point(x: 0, y: 110))
    #expect(scene.grid.cellForItem(at: IndexPath(item: 5, section: 0))?.frame.origin == Point(x: 0, y: 110))
    #expect(scene.grid.contentSize.height == 2 * 110 - 10)
    scene.grid.frame = Rect(x: 0, y: 0, width: 150, height: 667)
    scene.app.window.layoutIfNeeded()
    #expect(
      scene.grid.frameForItem(at: IndexPath(item: 1, section: 0)).origin == Point(x: 0, y: 110), "one column")
  }

  @Test func sectionsStackWithTheirInsets() {
    let scene = GridScene([4, 2], inset: EdgeInsets(top: 20, left: 15, bottom: 30, right: 15))
    #expect(scene.grid.frameForItem(at: IndexPath(item: 0, section: 0)).origin == Point(x: 15, y: 20))
    #expect(scene.grid.frameForItem(at: IndexPath(item: 2, section: 0)).maxX == 360)
    let secondTop = 20 + 210 + 30.0
    #expect(
      scene.grid.frameForItem(at: IndexPath(item: 0, section: 1)).origin == Point(x: 15, y: secondTop + 20))
    #expect(scene.grid.contentSize.height == secondTop + 20 + 100 + 30)
    #expect(scene.grid.frameForItem(at: IndexPath(item: 2, section: 1)) == .zero, "no such item")
  }

  @Test func onlyTheItemsInViewHaveCells() {
    let scene = GridScene([100_000])
    #expect(scene.grid.visibleCells.count == 7 * 3, "rows 0 to 6 meet the 667-point bounds")
    #expect(scene.items.cellsHandedOut.count == 21)
  }

  @Test func scrollingReusesTheCellsThatLeftTheBounds() {
    let scene = GridScene([100_000])
    for step in 1...50 {
      scene.grid.contentOffset = Point(x: 0, y: Double(step) * 37)
      scene.app.window.layoutIfNeeded()
    }
    #expect(scene.items.cellsHandedOut.count <= 24, "at most one row more than a screenful was ever made")
    let first = scene.grid.indexPathsForVisibleItems.first
    #expect(first == IndexPath(item: 3 * 16, section: 0), "offset 1850 shows row 16 (1760 ..< 1860) first")
    #expect(scene.grid.visibleCells.allSatisfy { $0.superview === scene.grid })
  }

  @Test func aTapSelectsTheItemAndTellsTheDelegate() {
    let scene = GridScene([10])
    TouchScript(window: scene.app.window).tap(at: Point(x: 180, y: 150))
    #expect(scene.items.log == ["select [0, 4]"])
    #expect(scene.grid.indexPathForSelectedItem == IndexPath(item: 4, section: 0))
    #expect(scene.grid.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
    TouchScript(window: scene.app.window, time: 1).tap(at: Point(x: 20, y: 20))
    #expect(scene.grid.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == false)
  }

  @Test func aTapBetweenItemsSelectsNothing() {
    let scene = GridScene([10])
    TouchScript(window: scene.app.window).tap(at: Point(x: 118, y: 50))
    #expect(scene.items.log.isEmpty)
    #expect(scene.grid.indexPathForItem(at: Point(x: 50, y: 105)) == nil)
  }

  @Test func aScrollDoesNotSelect() {
    let scene = GridScene([100])
    let script = TouchScript(window: scene.app.window)
    script.down(1, at: Point(x: 50, y: 400))
    for y in stride(from: 380.0, through: 200, by: -20) { script.move(1, to: Point(x: 50, y: y)) }
    script.up(1)
    #expect(scene.items.log.isEmpty)
    #expect(scene.grid.contentOffset.y > 0)
  }

  @Test func reloadingAsksTheDataSourceAgainAndClearsTheSelection() {
    let scene = GridScene([10])
    scene.grid.selectItem(at: IndexPath(item: 1, section: 0))
    scene.items.itemCounts = [2]
    scene.grid.reloadData()
    scene.app.window.layoutIfNeeded()
    #expect(scene.grid.numberOfItems(inSection: 0) == 2)
    #expect(scene.grid.visibleCells.count == 2)
    #expect(scene.grid.indexPathForSelectedItem == nil)
  }
}
