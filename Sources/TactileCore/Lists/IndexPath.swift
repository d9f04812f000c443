/// The place of a row in a sectioned list: its section, and its row within the section, like
/// Foundation's `IndexPath` in a `UITableView`.
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

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// `[section, row]`, as Foundation prints an index path.
  public var description: String { "[\(section), \(row)]" }
}
