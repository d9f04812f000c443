import TactileCore
import TactileCoreTesting
import TactileGeometry

/// A table's data source and delegate for tests: sections of rows counted by `rowCounts`, each cell's
/// text "section.row", rows `rowHeight` tall (`nil`: self-sizing), a log of the delegate calls, and the
/// cells the table ever handed out.
@MainActor
final class TestRows: TableViewDataSource, TableViewDelegate {
  var rowCounts: [Int]
  var titles: [String?]
  var rowHeight: Double?
  var log: [String] = []
  private(set) var cellsHandedOut = Set<ObjectIdentifier>()
  var scrolls = 0

  init(_ rowCounts: [Int], titles: [String?] = [], rowHeight: Double? = 44) {
    self.rowCounts = rowCounts
    self.titles = titles
    self.rowHeight = rowHeight
  }

  func numberOfSections(in tableView: TableView) -> Int { rowCounts.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowCounts[section] }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row")
    cellsHandedOut.insert(ObjectIdentifier(cell))
    cell.textLabel.text = "\(indexPath.section).\(indexPath.row)"
    return cell
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    section < titles.count ? titles[section] : nil
  }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { rowHeight }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    log.append("select \(indexPath)")
  }

  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    log.append("deselect \(indexPath)")
  }

  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    log.append("action \(indexPath)")
  }

  func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }
}

/// An app on a manual clock with a 320×200 table at the window's top-left showing `rows`, laid out
/// (`configure` runs on the table before it gets its data source).
@MainActor
struct TableScene {
  let app = TestApplication()
  let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
  let rows: TestRows
  let script: TouchScript

  init(_ rows: TestRows, configure: (TableView) -> Void = { _ in }) {
    self.rows = rows
    configure(table)
    table.dataSource = rows
    table.delegate = rows
    app.rootView.addSubview(table)
    script = TouchScript(window: app.window)
    table.layoutIfNeeded()
  }

  /// Scrolls to `y` and runs the layout pass a frame would.
  func scroll(to y: Double) {
    table.setContentOffset(Point(x: 0, y: y), animated: false)
    table.layoutIfNeeded()
  }

  /// The texts of the cells in view, top to bottom.
  var shownTexts: [String] { table.visibleCells.map { $0.textLabel.text ?? "" } }

  /// Presses and releases `name` on the keyboard.
  func press(_ name: KeyName, at time: Double = 1) {
    let key = Key(keyCode: 0, name: name, characters: "")
    app.window.deliver(key: KeyStroke(phase: .down, key: key, timestamp: time))
    app.window.deliver(key: KeyStroke(phase: .up, key: key, timestamp: time + 0.05))
  }
}
