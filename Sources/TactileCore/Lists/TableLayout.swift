import TactileGeometry

/// Where a ``TableView``'s section headers and rows lie along its content, top to bottom.
///
/// The items are laid out in a column of slots: each section is its header's slot (of height 0 when it
/// has no header) followed by its rows' slots. A row's height is an estimate until the row is measured
/// (``setMeasuredHeight(_:of:)``), which happens when it is first shown.
struct TableLayout {
  /// What a slot holds.
  enum Item: Equatable {
    case header(Int)
    case row(IndexPath)
  }

  /// The number of rows of each section.
  private(set) var rowCounts: [Int]
  /// The slot of each section's header, and one past the last slot at the end.
  private var sectionStarts: [Int]
  private(set) var heights: HeightIndex
  /// Whether each slot's height is known (headers always are; rows once measured).
  private var isMeasured: [Bool]
  /// The height a row has until it is measured.
  let estimatedRowHeight: Double

  /// A layout of sections with `rowCounts` rows and headers `headerHeights` tall, every row estimated.
  ///
  /// - Complexity: O(sections + rows).
  init(rowCounts: [Int], headerHeights: [Double], estimatedRowHeight: Double) {
    let rows = rowCounts.map { [IndexPath?](repeating: nil, count: max($0, 0)) }
    self.init(rows: rows, headerHeights: headerHeights, estimatedRowHeight: estimatedRowHeight) { _ in nil }
  }

  /// A layout whose row `i` of section `s` is `rows[s][i]` of a previous layout (its height kept via
  /// `height`) or, for `nil`, a new row with the estimate.
  private init(
    rows: [[IndexPath?]], headerHeights: [Double], estimatedRowHeight: Double,
    height: (IndexPath) -> Double?
  ) {
    self.estimatedRowHeight = estimatedRowHeight
    rowCounts = rows.map(\.count)
    var starts: [Int] = []
    var slotHeights: [Double] = []
    var measured: [Bool] = []
    for (section, sectionRows) in rows.enumerated() {
      starts.append(slotHeights.count)
      slotHeights.append(section < headerHeights.count ? headerHeights[section] : 0)
      measured.append(true)
      for old in sectionRows {
        let known = old.flatMap(height)
        slotHeights.append(known ?? estimatedRowHeight)
        measured.append(known != nil)
      }
    }
    starts.append(slotHeights.count)
    sectionStarts = starts
    heights = HeightIndex(slotHeights)
    isMeasured = measured
  }

  /// This layout after rows moved, arrived and left: `rows[s][i]` is the index path row `i` of section
  /// `s` had before (measured heights are kept), or `nil` for a new row. Headers keep their heights.
  ///
  /// - Complexity: O(sections + rows).
  func rearranged(_ rows: [[IndexPath?]]) -> TableLayout {
    let headers = (0..<rows.count).map { $0 < numberOfSections ? heights.heights[sectionStarts[$0]] : 0 }
    return TableLayout(rows: rows, headerHeights: headers, estimatedRowHeight: estimatedRowHeight) { old in
      guard let slot = slot(of: old), isMeasured[slot] else { return nil }
      return heights.heights[slot]
    }
  }

  var numberOfSections: Int { rowCounts.count }

  /// The total height of the content.
  var contentHeight: Double { heights.total }

  /// The slot of a row, or `nil` for an index path outside the layout.
  func slot(of indexPath: IndexPath) -> Int? {
    guard indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.row >= 0,
      indexPath.row < rowCounts[indexPath.section]
    else { return nil }
    return sectionStarts[indexPath.section] + 1 + indexPath.row
  }

  /// What slot `slot` holds.
  ///
  /// - Complexity: O(log sections).
  func item(at slot: Int) -> Item {
    let section = section(containing: slot)
    let start = sectionStarts[section]
    return slot == start ? .header(section) : .row(IndexPath(row: slot - start - 1, section: section))
  }

  /// The section whose header or rows fill `slot`.
  ///
  /// - Complexity: O(log sections).
  func section(containing slot: Int) -> Int {
    var low = 0
    var high = numberOfSections - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if sectionStarts[middle] <= slot { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The slot holding section `section`'s header.
  func headerSlot(of section: Int) -> Int { sectionStarts[section] }

  /// The vertical extent of a slot.
  func span(of slot: Int) -> (minY: Double, height: Double) {
    (heights.offset(of: slot), heights.heights[slot])
  }

  /// The vertical extent of a whole section, header included.
  func span(ofSection section: Int) -> (minY: Double, maxY: Double) {
    (heights.offset(of: sectionStarts[section]), heights.offset(of: sectionStarts[section + 1]))
  }

  /// Whether the row in `slot` has been measured.
  func isMeasured(_ slot: Int) -> Bool { isMeasured[slot] }

  /// Records the measured height of the row in `slot`.
  ///
  /// - Returns: How much taller the row became than it was assumed to be (negative when shorter).
  ///
  /// - Complexity: O(log n).
  @discardableResult
  mutating func setMeasuredHeight(_ height: Double, of slot: Int) -> Double {
    let old = heights.heights[slot]
    heights.setHeight(height, at: slot)
    isMeasured[slot] = true
    return heights.heights[slot] - old
  }

  /// The slots that intersect `minY ..< maxY`, top to bottom (empty when there are none).
  ///
  /// - Complexity: O(log n + the slots returned).
  func slots(from minY: Double, to maxY: Double) -> Range<Int> {
    guard maxY > minY, let first = heights.index(at: max(minY, 0)) else { return 0..<0 }
    var end = first
    var y = heights.offset(of: first)
    while end < heights.count, y < maxY {
      y += heights.heights[end]
      end += 1
    }
    return first..<end
  }
}
