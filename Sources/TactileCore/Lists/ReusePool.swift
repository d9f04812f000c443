/// A view a list shows for one item at a time and reuses for other items as they scroll into view: a
/// ``TableViewCell`` or a ``CollectionViewCell``.
@MainActor
public protocol ReusableView: View {
  /// Creates a view the list reuses under `reuseIdentifier`.
  init(reuseIdentifier: String?)
  /// The identifier the list reuses this view under.
  var reuseIdentifier: String? { get }
  /// Called when the list takes the view out of its reuse queue for another item, before the data
  /// source configures it.
  func prepareForReuse()
}

/// The cells a list keeps for reuse, one queue per reuse identifier, and the classes it creates new
/// ones of — the one reuse machinery of ``TableView`` and ``CollectionView``.
@MainActor
struct ReusePool<Cell: ReusableView> {
  private var queues: [String: [Cell]] = [:]
  private var classes: [String: Cell.Type] = [:]

  /// Makes ``dequeue(_:)`` create `cellClass` for `identifier`.
  mutating func register(_ cellClass: Cell.Type, for identifier: String) {
    classes[identifier] = cellClass
  }

  /// A cell that was put back under `identifier`, after its `prepareForReuse()`; else a new one of the
  /// class registered for `identifier` (`Cell` when none is).
  mutating func dequeue(_ identifier: String) -> Cell {
    if let cell = queues[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    return (classes[identifier] ?? Cell.self).init(reuseIdentifier: identifier)
  }

  /// Keeps `cell`, which shows no item any more, for reuse under its identifier (a cell without one is
  /// let go).
  mutating func enqueue(_ cell: Cell) {
    if let identifier = cell.reuseIdentifier { queues[identifier, default: []].append(cell) }
  }
}
