import TactileGeometry

/// Inserting, deleting and moving rows, animated, after the data source changed.
///
/// Each call tells the table what already happened to the data: the data source must answer with the
/// new counts and cells. The table keeps the measured heights, the cells and the selection of the rows
/// that stay (under their new index paths), then, animated, over ``TableView/updateDuration`` on the
/// scheduler: every row in view slides from where it was to where it now is (rows that come into view
/// slide in from where they were), inserted rows fade in, deleted rows fade out where they were and
/// then go to the reuse queue. A new update, or ``TableView/reloadData()``, first finishes the running
/// one at its end.
///
/// **Bad input:** index paths that do not exist (before a delete or move, after an insert), or counts
/// that disagree with the data source's, make the table reload instead of animating (UIKit raises an
/// exception). While a reload is pending, updates do nothing more: the reload shows the new data.
extension TableView {
  /// The seconds an animated update takes (UIKit's 0.3).
  public static let updateDuration = 0.3

  /// Tells the table that rows were inserted at `indexPaths` (their positions after the insertion).
  public func insertRows(at indexPaths: [IndexPath], animated: Bool) {
    guard prepareUpdate() else { return }
    let inserted = Set(indexPaths)
    var rows: [[IndexPath?]] = []
    for section in 0..<layout.numberOfSections {
      let added = inserted.filter { $0.section == section }.count
      var oldRow = 0
      rows.append(
        (0..<(layout.rowCounts[section] + added)).map { row in
          if inserted.contains(IndexPath(row: row, section: section)) { return nil }
          defer { oldRow += 1 }
          return IndexPath(row: oldRow, section: section)
        })
    }
    let valid = inserted.allSatisfy { path in
      rows.indices.contains(path.section) && path.row >= 0 && path.row < rows[path.section].count
    }
    apply(valid ? rows : nil, animated: animated)
  }

  /// Tells the table that the rows at `indexPaths` (their positions before the deletion) were deleted.
  public func deleteRows(at indexPaths: [IndexPath], animated: Bool) {
    guard prepareUpdate() else { return }
    let deleted = Set(indexPaths)
    let rows = oldRows().map { section in section.filter { !deleted.contains($0!) } }
    let valid = deleted.allSatisfy { layout.slot(of: $0) != nil }
    apply(valid ? rows : nil, animated: animated)
  }

  /// Tells the table that the row at `source` moved to `destination` (its position afterwards).
  public func moveRow(at source: IndexPath, to destination: IndexPath, animated: Bool) {
    guard prepareUpdate() else { return }
    var rows = oldRows()
    guard layout.slot(of: source) != nil else { return apply(nil, animated: animated) }
    rows[source.section].remove(at: source.row)
    guard rows.indices.contains(destination.section), destination.row >= 0,
      destination.row <= rows[destination.section].count
    else { return apply(nil, animated: animated) }
    rows[destination.section].insert(source, at: destination.row)
    apply(rows, animated: animated)
  }

  /// Finishes a running update; returns `false` while a reload is pending (rules on the extension).
  private func prepareUpdate() -> Bool {
    guard !needsReload else { return false }
    finishUpdate()
    return true
  }

  /// Every row as it is now: `rows[s][i]` is `IndexPath(row: i, section: s)`.
  private func oldRows() -> [[IndexPath?]] {
    layout.rowCounts.enumerated().map { section, count in
      (0..<count).map { IndexPath(row: $0, section: section) }
    }
  }

  /// Moves to the layout `rows` describes (`rows[s][i]`: the old index path of new row `i` of section
  /// `s`, `nil` for an inserted row), or reloads when `rows` is `nil` or disagrees with the data source.
  private func apply(_ rows: [[IndexPath?]]?, animated: Bool) {
    guard let rows, agreesWithDataSource(rows) else { return reloadData() }
    var newPaths: [IndexPath: IndexPath] = [:]
    for (section, sectionRows) in rows.enumerated() {
      for (row, old) in sectionRows.enumerated() {
        if let old { newPaths[old] = IndexPath(row: row, section: section) }
      }
    }
    let old = layout
    var departing: [TableViewCell] = []
    var kept: [IndexPath: TableViewCell] = [:]
    for (path, cell) in displayedCells {
      if let new = newPaths[path] { kept[new] = cell } else { departing.append(cell) }
    }
    displayedCells = kept
    selectedRows = Set(selectedRows.compactMap { newPaths[$0] })
    if let highlight {
      self.highlight = newPaths[highlight.row].map { ($0, highlight.touch) }
    }
    hoveredRow = hoveredRow.flatMap { newPaths[$0] }
    layout = old.rearranged(rows)
    setNeedsLayout()
    layoutIfNeeded()
    guard animated, window != nil else { return departing.forEach(enqueue) }
    animate(from: old, oldPaths: rows, departing: departing)
  }

  /// Whether the data source's counts are those of `rows`.
  private func agreesWithDataSource(_ rows: [[IndexPath?]]) -> Bool {
    guard let dataSource, dataSource.numberOfSections(in: self) == rows.count else { return false }
    return rows.indices.allSatisfy { dataSource.tableView(self, numberOfRowsInSection: $0) == rows[$0].count }
  }

  /// Slides the cells in view from their places in `old` and fades `departing` out (rules on the
  /// extension).
  private func animate(from old: TableLayout, oldPaths: [[IndexPath?]], departing: [TableViewCell]) {
    var targets: [(cell: TableViewCell, frame: Rect)] = []
    var arriving: [TableViewCell] = []
    for (path, cell) in displayedCells {
      targets.append((cell, cell.frame))
      if let oldPath = oldPaths[path.section][path.row], let slot = old.slot(of: oldPath) {
        let span = old.span(of: slot)
        cell.frame = Rect(x: 0, y: span.minY, width: bounds.width, height: span.height)
      } else {
        cell.alpha = 0
        arriving.append(cell)
      }
    }
    let animator = PropertyAnimator(duration: Self.updateDuration, curve: .easeInOut) {
      for target in targets { target.cell.frame = target.frame }
      for cell in arriving { cell.alpha = 1 }
      for cell in departing { cell.alpha = 0 }
    }
    update = (animator, departing)
    animator.addCompletion { [weak self, weak animator] _ in
      guard let self, let update = self.update, update.animator === animator else { return }
      self.update = nil
      update.departing.forEach(self.enqueue)
      self.setNeedsLayout()
    }
    animator.startAnimation()
  }

  /// Ends a running update at its end values at once.
  func finishUpdate() {
    guard let animator = update?.animator else { return }
    animator.stopAnimation(false)
    animator.finishAnimation(at: .end)
  }
}
