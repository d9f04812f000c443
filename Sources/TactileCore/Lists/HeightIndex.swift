/// The heights of a column of items (a list's headers and rows) and where each one starts, kept so that
/// finding the item at a vertical offset, and changing one height, cost O(log n) — a list of 100,000
/// rows then scrolls at the cost of the rows it shows.
///
/// A Fenwick tree over the heights: `tree[i]` (1-based) holds the sum of the `i & -i` heights ending at
/// item `i − 1`.
struct HeightIndex {
  /// Each item's height.
  private(set) var heights: [Double]
  private var tree: [Double]

  /// An index of `heights` (negative or non-finite heights count as 0).
  ///
  /// - Complexity: O(n).
  init(_ heights: [Double]) {
    self.heights = heights.map { $0.isFinite ? max($0, 0) : 0 }
    tree = [0] + self.heights
    for index in 1..<max(tree.count, 1) {
      let parent = index + (index & -index)
      if parent < tree.count { tree[parent] += tree[index] }
    }
  }

  /// The number of items.
  var count: Int { heights.count }

  /// The sum of all heights.
  ///
  /// - Complexity: O(log n).
  var total: Double { offset(of: count) }

  /// Where item `index` starts: the sum of the heights before it (`index == count` gives the total).
  ///
  /// - Complexity: O(log n).
  func offset(of index: Int) -> Double {
    var sum = 0.0
    var position = min(max(index, 0), count)
    while position > 0 {
      sum += tree[position]
      position -= position & -position
    }
    return sum
  }

  /// Sets the height of item `index` (negative or non-finite heights count as 0).
  ///
  /// - Complexity: O(log n).
  mutating func setHeight(_ height: Double, at index: Int) {
    let height = height.isFinite ? max(height, 0) : 0
    let delta = height - heights[index]
    guard delta != 0 else { return }
    heights[index] = height
    var position = index + 1
    while position < tree.count {
      tree[position] += delta
      position += position & -position
    }
  }

  /// The item that covers `offset`: the last one starting at or before it, skipping items of zero height
  /// that start there; `count − 1` past the end, 0 before the start, `nil` when there are no items.
  ///
  /// - Complexity: O(log n).
  func index(at offset: Double) -> Int? {
    guard count > 0 else { return nil }
    // Descends the tree: the largest prefix whose sum stays at or below `offset`.
    var position = 0
    var remaining = offset
    var step = 1
    while step * 2 < tree.count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next < tree.count, tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return min(position, count - 1)
  }
}
