/// The place of a row (or a grid's item) in a sectioned list: its section, and its row within the
/// section, like Foundation's `IndexPath` in a `UITableView` or `UICollectionView`.
///
/// Index paths order by section, then row.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section, from 0.
  public var section: Int
  /// The row within the section, from 0.
  public var row: Int

  public init(row: Int, section: Int) {
    self.row = row
    self.section = section
  }

  /// The place of an item of a ``CollectionView``: `item` is stored as ``row``.
  public init(item: Int, section: Int) {
    self.init(row: item, section: section)
  }

  /// The item within the section, in a ``CollectionView`` (the same number as ``row``).
  public var item: Int { row }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// `[section, row]`, as Foundation prints an index path.
  public var description: String { "[\(section), \(row)]" }
}
