import CDBus
import TactileCore

/// A view with AT-SPI2's Selection interface: a ``/TactileCore/TableView`` (`AtspiTable`) or a
/// ``/TactileCore/CollectionView`` (`AtspiCollection`). Indices are of its accessibility children;
/// selecting selects as the user does (the delegate is told).
@MainActor
protocol AtspiSelectable {
  /// The view's accessibility children, in order.
  var children: [View] { get }
  /// Selects the child at `index` as the user does.
  ///
  /// - Returns: Whether it is an item that can be selected.
  func selectChild(_ index: Int) -> Bool
  /// Deselects the child at `index`.
  ///
  /// - Returns: Whether it was selected.
  func deselectChild(_ index: Int) -> Bool
  /// Selects every item, where several can be.
  ///
  /// - Returns: Whether the view allows it.
  func selectAll() -> Bool
  /// Deselects every item.
  func clearSelection()
}

extension AtspiSelectable {
  /// The selected children, in order.
  var selectedChildren: [View] { children.filter { $0.accessibilityTraits.contains(.selected) } }
}

/// Selection of a ``/TactileCore/CollectionView``: one selected item at most; its children are the
/// cells in view.
@MainActor
struct AtspiCollection: AtspiSelectable {
  let collection: CollectionView

  var children: [View] { collection.accessibilityChildren }

  private func item(ofChild index: Int) -> IndexPath? {
    let children = children
    guard index >= 0, index < children.count, let cell = children[index] as? CollectionViewCell else {
      return nil
    }
    return collection.indexPath(for: cell)
  }

  func selectChild(_ index: Int) -> Bool {
    guard let item = item(ofChild: index) else { return false }
    collection.userSelect(item)
    return true
  }

  func deselectChild(_ index: Int) -> Bool {
    guard let item = item(ofChild: index), collection.indexPathForSelectedItem == item else { return false }
    collection.selectItem(at: nil)
    return true
  }

  func selectAll() -> Bool { false }

  func clearSelection() { collection.selectItem(at: nil) }
}

extension AccessibilityBridge {
  /// The Selection interface of `view`, if it has one.
  func selectable(_ view: View) -> AtspiSelectable? {
    switch view {
    case let table as TableView: AtspiTable(table: table)
    case let collection as CollectionView: AtspiCollection(collection: collection)
    default: nil
    }
  }

  /// Answers a Selection call on `selectable`; `false` for a member Selection does not have.
  func selectionCall(
    _ member: String, _ selectable: AtspiSelectable, _ reader: inout DBusMessageReader,
    _ writer: inout DBusMessageWriter
  ) -> Bool {
    let index = Int(reader.int32() ?? -1)
    switch member {
    case "GetSelectedChild":
      let selected = selectable.selectedChildren
      writeReference(index >= 0 && index < selected.count ? selected[index] : nil, to: &writer)
    case "SelectChild": writer.boolean(selectable.selectChild(index))
    case "DeselectChild": writer.boolean(selectable.deselectChild(index))
    case "DeselectSelectedChild":
      let selected = selectable.selectedChildren
      let child =
        index >= 0 && index < selected.count ? selectable.children.firstIndex { $0 === selected[index] } : nil
      writer.boolean(child.map(selectable.deselectChild) ?? false)
    case "IsChildSelected":
      let children = selectable.children
      writer.boolean(
        index >= 0 && index < children.count && children[index].accessibilityTraits.contains(.selected))
    case "SelectAll": writer.boolean(selectable.selectAll())
    case "ClearSelection":
      selectable.clearSelection()
      writer.boolean(true)
    default: return false
    }
    return true
  }

  /// Writes the reference of `view`, or the null object without one.
  func writeReference(_ view: View?, to writer: inout DBusMessageWriter) {
    if let view { writeReference(.view(view), to: &writer) } else { writeNullReference(to: &writer) }
  }
}
