import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileAccessibility

/// A table read and driven over the bus through AT-SPI2's Table and Selection interfaces, and the
/// events of its selection.
@MainActor
@Suite struct AtspiTableOnBusTests {
  /// Two titled sections of 20 rows, 44 points tall, in a 300-point table: the first six rows and the
  /// first header are in view.
  @MainActor final class Rows: TableViewDataSource, TableViewDelegate {
    var log: [String] = []
    func numberOfSections(in tableView: TableView) -> Int { 2 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
      "Part \(section)"
    }
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double? { 44 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row")
      cell.textLabel.text = "Row \(indexPath.section).\(indexPath.row)"
      return cell
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
      log.append("select \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
      log.append("deselect \(indexPath.section).\(indexPath.row)")
    }
  }

  static let table = "org.a11y.atspi.Table"
  static let selection = "org.a11y.atspi.Selection"

  private func setUp(multiple: Bool = false) throws -> (BridgeOnBus, TableView, Rows, String) {
    let bus = try BridgeOnBus()
    let rows = Rows()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 300))
    table.allowsMultipleSelection = multiple
    table.dataSource = rows
    table.delegate = rows
    bus.app.rootView.addSubview(table)
    table.layoutIfNeeded()
    return (bus, table, rows, bus.path(of: table))
  }

  private func int(_ reply: DBusReply) -> Int32? {
    var reader = reply.reader
    return reader.int32() ?? reader.variant { $0.int32() }
  }

  private func bool(_ reply: DBusReply) -> Bool? {
    var reader = reply.reader
    return reader.boolean()
  }

  @Test func theTableCountsEveryRowInOneColumn() throws {
    let (bus, _, _, path) = try setUp()
    #expect(int(try bus.property(path, Self.table, "NRows")) == 40)
    #expect(int(try bus.property(path, Self.table, "NColumns")) == 1)
    let interfaces = try bus.call(path, "org.a11y.atspi.Accessible", "GetInterfaces")
    var reader = interfaces.reader
    let names = reader.array { $0.string() } ?? []
    #expect(names.contains(Self.table) && names.contains(Self.selection))
  }

  @Test func aRowInViewIsItsCellAndOneOutOfViewIsTheNullObject() throws {
    let (bus, table, _, path) = try setUp()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
    let at = try bus.call(path, Self.table, "GetAccessibleAt") {
      $0.int32(2)
      $0.int32(0)
    }
    #expect(BridgeOnBus.paths(at) == [bus.path(of: cell)])
    let far = try bus.call(path, Self.table, "GetAccessibleAt") {
      $0.int32(30)
      $0.int32(0)
    }
    #expect(BridgeOnBus.paths(far) == [AccessibilityBridge.nullPath])
    // The header is child 0, so row 2 is child 3, and child 3 is row 2.
    let index = try bus.call(path, Self.table, "GetIndexAt") {
      $0.int32(2)
      $0.int32(0)
    }
    #expect(int(index) == 3)
    #expect(int(try bus.call(path, Self.table, "GetRowAtIndex") { $0.int32(3) }) == 2)
    #expect(int(try bus.call(path, Self.table, "GetRowAtIndex") { $0.int32(0) }) == -1)
  }

  @Test func aRowsHeaderIsItsSectionHeader() throws {
    let (bus, table, _, path) = try setUp()
    let header = try #require(table.headerView(forSection: 0))
    #expect(
      BridgeOnBus.paths(try bus.call(path, Self.table, "GetRowHeader") { $0.int32(4) }) == [
        bus.path(of: header)
      ])
    // Section 1's header is not in view.
    #expect(
      BridgeOnBus.paths(try bus.call(path, Self.table, "GetRowHeader") { $0.int32(25) }) == [
        AccessibilityBridge.nullPath
      ])
  }

  @Test func selectingAChildSelectsItsRowAsATapWouldAndSignalsIt() throws {
    let (bus, table, rows, path) = try setUp()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    let cellPath = bus.path(of: cell)
    _ = try bus.call(cellPath, "org.a11y.atspi.Accessible", "GetState")
    let mark = bus.signals.count
    #expect(bool(try bus.call(path, Self.selection, "SelectChild") { $0.int32(2) }) == true)
    try bus.settle()
    #expect(rows.log == ["select 0.1"])
    #expect(table.isFirstResponder)
    let events = bus.signals(since: mark).map(\.description)
    #expect(events.contains("StateChanged:selected 1 0 - on \(cellPath)"))
    #expect(events.contains("SelectionChanged: 0 0 - on \(path)"))
    #expect(events.contains("StateChanged:focused 1 0 - on \(path)"))
    #expect(int(try bus.property(path, Self.selection, "NSelectedChildren")) == 1)
    #expect(
      BridgeOnBus.paths(try bus.call(path, Self.selection, "GetSelectedChild") { $0.int32(0) }) == [cellPath])
    #expect(bool(try bus.call(path, Self.selection, "IsChildSelected") { $0.int32(2) }) == true)
    let selectedRows = try bus.call(path, Self.table, "GetSelectedRows")
    var reader = selectedRows.reader
    #expect(reader.array { $0.int32() } == [1])
  }

  @Test func selectingAnotherRowDeselectsTheFirstAndSignalsBoth() throws {
    let (bus, table, rows, path) = try setUp()
    let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    _ = try bus.call(path, Self.selection, "SelectChild") { $0.int32(1) }
    try bus.settle()
    let mark = bus.signals.count
    #expect(bool(try bus.call(path, Self.table, "AddRowSelection") { $0.int32(3) }) == false)
    _ = try bus.call(path, Self.selection, "SelectChild") { $0.int32(4) }
    try bus.settle()
    #expect(rows.log == ["select 0.0", "deselect 0.0", "select 0.3"])
    #expect(
      bus.signals(since: mark).map(\.description).contains(
        "StateChanged:selected 0 0 - on \(bus.path(of: first))"))
    #expect(bool(try bus.call(path, Self.table, "IsRowSelected") { $0.int32(3) }) == true)
    #expect(bool(try bus.call(path, Self.table, "IsRowSelected") { $0.int32(0) }) == false)
  }

  @Test func aHeaderCannotBeSelectedAndClearingDeselectsEveryRow() throws {
    let (bus, table, rows, path) = try setUp(multiple: true)
    #expect(bool(try bus.call(path, Self.selection, "SelectChild") { $0.int32(0) }) == false)
    #expect(bool(try bus.call(path, Self.table, "AddRowSelection") { $0.int32(1) }) == true)
    #expect(bool(try bus.call(path, Self.table, "AddRowSelection") { $0.int32(30) }) == true)
    #expect(
      table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0), IndexPath(row: 10, section: 1)])
    #expect(bool(try bus.call(path, Self.selection, "ClearSelection")) == true)
    #expect(table.indexPathsForSelectedRows.isEmpty)
    #expect(rows.log == ["select 0.1", "select 1.10", "deselect 0.1", "deselect 1.10"])
  }

  @Test func aCellIsClickedAsATapOnItsRow() throws {
    let (bus, table, rows, _) = try setUp()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
    let action = "org.a11y.atspi.Action"
    var reader = try bus.call(bus.path(of: cell), action, "GetName") { $0.int32(0) }.reader
    #expect(reader.string() == "click")
    #expect(bool(try bus.call(bus.path(of: cell), action, "DoAction") { $0.int32(0) }) == true)
    #expect(rows.log == ["select 0.5"])
  }

  @Test func scrollingSignalsTheCellsThatLeftAndCame() throws {
    let (bus, table, _, path) = try setUp()
    let before = try bus.children(path)
    let mark = bus.signals.count
    table.contentOffset = Point(x: 0, y: 44 * 3)
    table.layoutIfNeeded()
    try bus.settle()
    let after = try bus.children(path)
    var model = before
    for signal in bus.signals(since: mark) where signal.member == "ChildrenChanged" && signal.path == path {
      if signal.detail == "add" {
        model.insert(signal.object ?? "", at: Int(signal.detail1))
      } else {
        #expect(model[Int(signal.detail1)] == signal.object)
        model.remove(at: Int(signal.detail1))
      }
    }
    #expect(model == after)
    #expect(model != before)
  }
}

/// A collection view's Selection over the bus: its cells in view are its children, selecting one
/// selects its item as a tap does.
@MainActor
@Suite struct AtspiCollectionOnBusTests {
  @MainActor final class Items: CollectionViewDataSource, CollectionViewDelegate {
    var log: [String] = []
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 12 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      cell.accessibilityLabel = "Item \(indexPath.item)"
      return cell
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
      log.append("select \(indexPath.item)")
    }
  }

  @Test func selectingAChildSelectsItsItemAndSignalsIt() throws {
    let bus = try BridgeOnBus()
    let items = Items()
    let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
    collection.dataSource = items
    collection.delegate = items
    bus.app.rootView.addSubview(collection)
    collection.layoutIfNeeded()
    let path = bus.path(of: collection)
    let children = try bus.children(path)
    #expect(children.count == collection.visibleCells.count && children.count > 2)
    let second = try #require(collection.cellForItem(at: IndexPath(item: 1, section: 0)))
    #expect(
      AtspiMapping.role(of: collection).name == "list" && AtspiMapping.role(of: second).name == "list item")
    _ = try bus.call(bus.path(of: second), "org.a11y.atspi.Accessible", "GetState")
    let mark = bus.signals.count
    var reply = try bus.call(path, "org.a11y.atspi.Selection", "SelectChild") { $0.int32(1) }.reader
    #expect(reply.boolean() == true)
    try bus.settle()
    #expect(items.log == ["select 1"])
    let events = bus.signals(since: mark).map(\.description)
    #expect(events.contains("StateChanged:selected 1 0 - on \(bus.path(of: second))"))
    #expect(events.contains("SelectionChanged: 0 0 - on \(path)"))
    var all = try bus.call(path, "org.a11y.atspi.Selection", "SelectAll").reader
    #expect(all.boolean() == false)
    _ = try bus.call(path, "org.a11y.atspi.Selection", "ClearSelection")
    #expect(collection.indexPathForSelectedItem == nil)
  }
}
