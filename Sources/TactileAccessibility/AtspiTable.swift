import CDBus
import TactileCore

/// AT-SPI2's Selection and Table interfaces of a ``/TactileCore/TableView``.
///
/// - **Children:** a table's children are its section headers and the cells in view, top to bottom
///   (``/TactileCore/TableView/accessibilityElements``); Selection's child indices are theirs.
/// - **Rows:** Table's rows are every row of every section, in order (so "row 30 of 40" holds for rows
///   out of view), in one column. A row in view has its cell; one out of view has none (the null
///   object, index -1) until it is scrolled in. A row's header is its section's header while in view.
///   No caption, summary or column header.
/// - **Selecting** selects as the user does (the delegate is told, the table becomes first responder,
///   as after a tap); only a table that allows multiple selection selects all, or adds a row to a
///   selection.
@MainActor
struct AtspiTable: AtspiSelectable {
  let table: TableView

  /// The table's children, in order.
  var children: [View] { table.accessibilityChildren }

  /// Every row, in order.
  var rows: [IndexPath] {
    (0..<table.numberOfSections).flatMap { section in
      (0..<table.numberOfRows(inSection: section)).map { IndexPath(row: $0, section: section) }
    }
  }

  /// The row at flat `index`, if there is one.
  func row(at index: Int) -> IndexPath? {
    guard index >= 0 else { return nil }
    var remaining = index
    for section in 0..<table.numberOfSections {
      let count = table.numberOfRows(inSection: section)
      if remaining < count { return IndexPath(row: remaining, section: section) }
      remaining -= count
    }
    return nil
  }

  /// The flat index of `indexPath`.
  func index(of indexPath: IndexPath) -> Int {
    (0..<indexPath.section).reduce(0) { $0 + table.numberOfRows(inSection: $1) } + indexPath.row
  }

  /// The child index of the cell of flat row `index`, or -1 when the row has no cell in view.
  func childIndex(ofRow index: Int) -> Int {
    guard let row = row(at: index), let cell = table.cellForRow(at: row) else { return -1 }
    return children.firstIndex { $0 === cell } ?? -1
  }

  /// The flat row of the child at `index`, or `nil` for a header or no child.
  func row(ofChild index: Int) -> Int? {
    let children = children
    guard index >= 0, index < children.count, let cell = children[index] as? TableViewCell,
      let row = table.indexPath(for: cell)
    else { return nil }
    return self.index(of: row)
  }

  /// The count property `name` of Table.
  func count(_ name: String) -> Int {
    switch name {
    case "NRows": rows.count
    case "NColumns": 1
    case "NSelectedRows": table.indexPathsForSelectedRows.count
    default: 0
    }
  }

  /// Selects flat row `index` as the user does (adding it with multiple selection).
  ///
  /// - Returns: Whether the row exists and the table lets select.
  func select(row index: Int) -> Bool {
    guard table.allowsSelection, let row = row(at: index) else { return false }
    _ = table.becomeFirstResponder()
    table.userSelect(row, revealing: false)
    return true
  }

  /// Deselects flat row `index` as the user does.
  ///
  /// - Returns: Whether it was selected.
  func deselect(row index: Int) -> Bool {
    guard let row = row(at: index) else { return false }
    return table.userDeselect(row)
  }

  func selectChild(_ index: Int) -> Bool { row(ofChild: index).map(select) ?? false }

  func deselectChild(_ index: Int) -> Bool { row(ofChild: index).map(deselect) ?? false }

  func selectAll() -> Bool {
    guard table.allowsMultipleSelection, table.allowsSelection else { return false }
    for row in rows where !table.indexPathsForSelectedRows.contains(row) {
      table.userSelect(row, revealing: false)
    }
    return true
  }

  func clearSelection() {
    for row in table.indexPathsForSelectedRows { table.userDeselect(row) }
  }
}

extension AccessibilityBridge {
  /// Answers a Table call on `table` (rules on `AtspiTable`).
  func tableCall(
    _ member: String, _ table: AtspiTable, _ reader: inout DBusMessageReader,
    _ writer: inout DBusMessageWriter
  ) -> Bool {
    switch member {
    // Table
    case "GetAccessibleAt":
      let (row, column) = (Int(reader.int32() ?? -1), reader.int32() ?? -1)
      let index = column == 0 ? table.childIndex(ofRow: row) : -1
      writeReference(index >= 0 ? table.children[index] : nil, to: &writer)
    case "GetIndexAt":
      let (row, column) = (Int(reader.int32() ?? -1), reader.int32() ?? -1)
      writer.int32(Int32(column == 0 ? table.childIndex(ofRow: row) : -1))
    case "GetRowAtIndex": writer.int32(Int32(table.row(ofChild: Int(reader.int32() ?? -1)) ?? -1))
    case "GetColumnAtIndex": writer.int32(table.row(ofChild: Int(reader.int32() ?? -1)) == nil ? -1 : 0)
    case "GetRowDescription", "GetColumnDescription": writer.string("")
    case "GetRowExtentAt", "GetColumnExtentAt": writer.int32(1)
    case "GetRowHeader":
      let section = table.row(at: Int(reader.int32() ?? -1))?.section
      writeReference(section.flatMap(table.table.headerView(forSection:)), to: &writer)
    case "GetColumnHeader": writeNullReference(to: &writer)
    case "GetSelectedRows":
      let rows = table.table.indexPathsForSelectedRows.map { Int32(table.index(of: $0)) }
      writer.array(of: "i") { for row in rows { $0.int32(row) } }
    case "GetSelectedColumns": writer.array(of: "i") { _ in }
    case "IsRowSelected": writer.boolean(isSelected(table, row: reader.int32(), column: 0))
    case "IsColumnSelected": writer.boolean(false)
    case "IsSelected": writer.boolean(isSelected(table, row: reader.int32(), column: reader.int32()))
    case "AddRowSelection":
      let row = Int(reader.int32() ?? -1)
      let adds = table.table.allowsMultipleSelection || table.table.indexPathsForSelectedRows.isEmpty
      writer.boolean(adds && table.select(row: row))
    case "RemoveRowSelection": writer.boolean(table.deselect(row: Int(reader.int32() ?? -1)))
    case "AddColumnSelection", "RemoveColumnSelection": writer.boolean(false)
    case "GetRowColumnExtentsAtIndex":
      let row = table.row(ofChild: Int(reader.int32() ?? -1))
      writer.boolean(row != nil)
      writer.int32(Int32(row ?? -1))
      writer.int32(row == nil ? -1 : 0)
      writer.int32(1)
      writer.int32(1)
      writer.boolean(row.map { isSelected(table, row: Int32($0), column: 0) } ?? false)
    default: return false
    }
    return true
  }

  private func isSelected(_ table: AtspiTable, row: Int32?, column: Int32?) -> Bool {
    guard column == 0, let indexPath = table.row(at: Int(row ?? -1)) else { return false }
    return table.table.indexPathsForSelectedRows.contains(indexPath)
  }
}
