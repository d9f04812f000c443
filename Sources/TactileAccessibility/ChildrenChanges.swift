/// One AT-SPI2 `children-changed` event: a child added at `index` of a container's children, or the
/// child at `index` removed.
struct ChildChange: Equatable, Sendable {
  var added: Bool
  var index: Int
  /// The child's object number (its path's last component).
  var child: Int
}

/// The `children-changed` events that turn a container's children as a client last read them into its
/// children now.
enum ChildrenChanges {
  /// The removals (from the last index down) and then the additions (from the first index up) that turn
  /// `old` into `new`, leaving a longest common subsequence of the two in place: applied one after the
  /// other to `old`, each at its index, they give `new`. A child that moved is removed and added again.
  ///
  /// - Complexity: O(`old.count` × `new.count`) time and space; O(*n*) when the lists are equal.
  static func between(_ old: [Int], _ new: [Int]) -> [ChildChange] {
    guard old != new else { return [] }
    // common[i][j]: the length of a longest common subsequence of old[i...] and new[j...].
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in old.indices.reversed() {
      for j in new.indices.reversed() {
        common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var keptOld = Array(repeating: false, count: old.count)
    var keptNew = Array(repeating: false, count: new.count)
    var (i, j) = (0, 0)
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        keptOld[i] = true
        keptNew[j] = true
        i += 1
        j += 1
      } else if common[i + 1][j] >= common[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    let removals = old.indices.reversed().filter { !keptOld[$0] }.map {
      ChildChange(added: false, index: $0, child: old[$0])
    }
    let additions = new.indices.filter { !keptNew[$0] }.map {
      ChildChange(added: true, index: $0, child: new[$0])
    }
    return removals + additions
  }
}
