import TactileGeometry

/// A scrolling list of rows in sections, like `UITableView`: it shows the rows its ``dataSource``
/// describes, creating views only for the rows in view and reusing them as others scroll in.
///
/// ## Rows and reuse
/// A layout pass (on every scroll, and after ``reloadData()``) finds the rows that intersect the bounds,
/// asks the data source for a cell for each row that has none, and puts the cells of rows that left the
/// bounds into a queue per ``TableViewCell/reuseIdentifier``, where
/// ``dequeueReusableCell(withIdentifier:)`` takes them from. Cells and layout work therefore depend on
/// the rows in view only; the table keeps one height per row, in a tree that finds the row at an
/// offset and updates a height in O(log rows).
///
/// ## Heights
/// A row is ``estimatedRowHeight`` tall until it first comes into view; it is then measured — the
/// delegate's ``TableViewDelegate/tableView(_:heightForRowAt:)``, or else the cell's own
/// ``TableViewCell/sizeThatFits(_:)`` (self-sizing, from its stack) — and keeps that height until the
/// next reload or width change. When a row that starts above the top of the bounds turns out taller or
/// shorter than estimated (scrolling up), the content offset moves by the difference, so the rows in
/// view stay still under the finger.
///
/// ## Sections
/// A section with a title (``TableViewDataSource/tableView(_:titleForHeaderInSection:)``) starts with a
/// ``TableViewHeaderView`` ``sectionHeaderHeight`` tall, which sticks to the top of the bounds while its
/// section's rows scroll under it and is pushed up by the next section's header.
///
/// Selection, highlighting, keys and hover: `TableView+Selection.swift`; animated updates:
/// `TableView+Updates.swift`.
@MainActor
open class TableView: ScrollView {
  /// Where ``scrollToRow(at:at:animated:)`` puts the row.
  public enum ScrollPosition: Sendable {
    /// The least scrolling that shows the whole row.
    case none
    case top
    case middle
    case bottom
  }

  /// What the table shows. Setting it reloads.
  public weak var dataSource: TableViewDataSource? {
    didSet { reloadData() }
  }

  /// The height of a row until it is measured. Default 44; values that are not finite and positive are
  /// ignored. Setting it reloads.
  public var estimatedRowHeight = 44.0 {
    didSet {
      if !estimatedRowHeight.isFinite || estimatedRowHeight <= 0 { estimatedRowHeight = oldValue }
      reloadData()
    }
  }

  /// The height of a section header. Default 28; values that are not finite and non-negative are
  /// ignored. Setting it reloads.
  public var sectionHeaderHeight = 28.0 {
    didSet {
      if !sectionHeaderHeight.isFinite || sectionHeaderHeight < 0 { sectionHeaderHeight = oldValue }
      reloadData()
    }
  }

  /// The pull-to-refresh control above the first row, or `nil` (the default) for none.
  public var refreshControl: RefreshControl? {
    didSet {
      guard oldValue !== refreshControl else { return }
      oldValue?.removeFromSuperview()
      oldValue?.table = nil
      guard let refreshControl else { return }
      refreshControl.table = self
      insertSubview(refreshControl, at: 0)
      refreshControl.tableDidScroll()
    }
  }

  /// Whether a tap or an arrow key selects a row. Default `true`.
  public var allowsSelection = true

  /// Whether a tap adds to the selection (and a tap on a selected row deselects it). Default `false`.
  public var allowsMultipleSelection = false

  var layout = TableLayout(rowCounts: [], headerHeights: [], estimatedRowHeight: 44)
  private var headerHeights: [Double] = []
  private var titles: [String?] = []
  var needsReload = true
  private var laidOutWidth: Double?
  /// The cells on screen, by row.
  var displayedCells: [IndexPath: TableViewCell] = [:]
  private var displayedHeaders: [Int: TableViewHeaderView] = [:]
  private var pool = ReusePool<TableViewCell>()
  private var spareHeaders: [TableViewHeaderView] = []

  /// The selected rows.
  var selectedRows: Set<IndexPath> = []
  /// The row a finger highlights, and the touch on it.
  var highlight: (row: IndexPath, touch: Touch)?
  /// The row the pointer is over.
  var hoveredRow: IndexPath?
  /// Tracks the pointer over the table for ``TableViewCell/isHovered``.
  let hoverRecognizer = HoverGestureRecognizer()
  /// Swipes rows sideways to reveal their actions (rules: `TableView+Swipe.swift`).
  let swipeRecognizer = RowSwipeGestureRecognizer()
  /// The row whose content a swipe moved (open, or being dragged), and its offset when the drag began.
  var swipedRow: IndexPath?
  var swipeStart = 0.0
  /// The running animation of an insert, delete or move, and the cells fading out in it.
  var update: (animator: PropertyAnimator, departing: [TableViewCell])?

  public override init(frame: Rect) {
    super.init(frame: frame)
    hoverRecognizer.addAction { [weak self] recognizer in self?.hoverDidChange(recognizer) }
    addGestureRecognizer(hoverRecognizer)
    swipeRecognizer.addAction { [weak self] recognizer in
      guard let self, let swipe = recognizer as? RowSwipeGestureRecognizer else { return }
      self.swipeDidChange(swipe)
    }
    addGestureRecognizer(swipeRecognizer)
  }

  // MARK: Data

  /// Forgets every row and asks the data source again at the next layout pass: counts, titles, cells.
  /// The selection is cleared and every row's height is estimated again.
  public func reloadData() {
    needsReload = true
    setNeedsLayout()
  }

  /// The number of sections, as the data source last said.
  public var numberOfSections: Int {
    reloadIfNeeded()
    return layout.numberOfSections
  }

  /// The number of rows in `section` (0 for a section that does not exist).
  public func numberOfRows(inSection section: Int) -> Int {
    reloadIfNeeded()
    return layout.rowCounts.indices.contains(section) ? layout.rowCounts[section] : 0
  }

  /// Registers the cell class ``dequeueReusableCell(withIdentifier:)`` creates for `identifier`.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    pool.register(cellClass, for: identifier)
  }

  /// A cell for the data source to configure: one that scrolled out of view under `identifier`, after
  /// its ``TableViewCell/prepareForReuse()``, or else a new one of the class registered for
  /// `identifier` (``TableViewCell`` when none is).
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell {
    pool.dequeue(identifier)
  }

  // MARK: Geometry

  /// The rectangle of the row at `indexPath`, in the table's (content) coordinates; `.zero` for a row
  /// that does not exist.
  public func rectForRow(at indexPath: IndexPath) -> Rect {
    reloadIfNeeded()
    guard let slot = layout.slot(of: indexPath) else { return .zero }
    let span = layout.span(of: slot)
    return Rect(x: 0, y: span.minY, width: bounds.width, height: span.height)
  }

  /// The row at `point` (in the table's coordinates), or `nil` over a header, below the last row or
  /// outside the width.
  public func indexPathForRow(at point: Point) -> IndexPath? {
    reloadIfNeeded()
    guard point.x >= 0, point.x < bounds.width, point.y >= 0, point.y < layout.contentHeight,
      let slot = layout.heights.index(at: point.y), case .row(let indexPath) = layout.item(at: slot)
    else { return nil }
    return indexPath
  }

  /// The cell showing the row at `indexPath`, or `nil` when the row is not in view.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { displayedCells[indexPath] }

  /// The row `cell` shows, or `nil` when it shows none.
  public func indexPath(for cell: TableViewCell) -> IndexPath? {
    displayedCells.first { $0.value === cell }?.key
  }

  /// The rows in view, in order.
  public var indexPathsForVisibleRows: [IndexPath] { displayedCells.keys.sorted() }

  /// The cells in view, in row order.
  public var visibleCells: [TableViewCell] { indexPathsForVisibleRows.compactMap { displayedCells[$0] } }

  /// What assistive technology reads in the table, unless the app sets its own list: the headers and
  /// rows in view, top to bottom (the table is a list container; rows out of view are not there, as
  /// they have no cell).
  open override var accessibilityElements: [View]? {
    get {
      super.accessibilityElements
        ?? (Array(displayedHeaders.values) as [View] + visibleCells).sorted { $0.frame.minY < $1.frame.minY }
    }
    set { super.accessibilityElements = newValue }
  }

  /// The header shown for `section`, or `nil` when it is not in view (or the section has no title).
  public func headerView(forSection section: Int) -> TableViewHeaderView? { displayedHeaders[section] }

  /// Scrolls so that the row at `indexPath` is at `position` (as far as the content allows).
  public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    let rect = rectForRow(at: indexPath)
    guard rect != .zero else { return }
    let y: Double
    switch position {
    case .none:
      scrollRectToVisible(rect, animated: animated)
      return
    case .top: y = rect.minY
    case .middle: y = rect.midY - bounds.height / 2
    case .bottom: y = rect.maxY - bounds.height
    }
    setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
  }

  // MARK: Events (rules: TableView+Selection.swift)

  /// The table takes keys for arrow navigation.
  open override var canBecomeFirstResponder: Bool { true }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touchesDidBegin(touches) }
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { touchesDidMove(touches) }
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { touchesDidEnd(touches) }
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { touchesDidCancel(touches) }

  open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    let unhandled = presses.filter { !handleKey($0.key, repeating: false) }
    if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
  }

  open override func pressesChanged(_ presses: Set<Press>, with event: Event?) {
    let unhandled = presses.filter { !handleKey($0.key, repeating: true) }
    if !unhandled.isEmpty { super.pressesChanged(unhandled, with: event) }
  }

  // MARK: Layout

  /// Scrolling shows other rows: lay out at the next pass.
  override func boundsDidChange(from old: Rect) {
    super.boundsDidChange(from: old)
    guard bounds.origin != old.origin else { return }
    setNeedsLayout()
    refreshControl?.tableDidScroll()
    if isDragging { closeSwipe(animated: true) }
  }

  /// Reloads when asked to, measures again when the width changed, then shows the rows and headers in
  /// the bounds (rules on ``TableView``).
  ///
  /// - Complexity: O(log rows + rows in view), after a reload or a width change O(rows).
  open override func layoutSubviews() {
    super.layoutSubviews()
    reloadIfNeeded()
    if let width = laidOutWidth, width != bounds.width {
      layout = TableLayout(
        rowCounts: layout.rowCounts, headerHeights: headerHeights, estimatedRowHeight: estimatedRowHeight)
    }
    laidOutWidth = bounds.width
    let shown = showRows()
    showHeaders(of: shown)
    contentSize = Size(width: bounds.width, height: layout.contentHeight)
  }

  /// Performs a pending ``reloadData()`` now (rules there).
  func reloadIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    finishUpdate()
    let sections = dataSource.map { max($0.numberOfSections(in: self), 0) } ?? 0
    let counts = (0..<sections).map { max(dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0, 0) }
    titles = (0..<sections).map { dataSource?.tableView(self, titleForHeaderInSection: $0) }
    headerHeights = titles.map { $0 == nil ? 0 : sectionHeaderHeight }
    layout = TableLayout(
      rowCounts: counts, headerHeights: headerHeights, estimatedRowHeight: estimatedRowHeight)
    for indexPath in Array(displayedCells.keys) { recycleCell(at: indexPath) }
    for section in Array(displayedHeaders.keys) { recycleHeader(of: section) }
    selectedRows = []
    highlight = nil
    hoveredRow = nil
    swipedRow = nil
  }

  /// Shows a cell for every row that intersects the bounds, measuring rows shown for the first time,
  /// and recycles the others.
  ///
  /// - Returns: The slots shown.
  private func showRows() -> Range<Int> {
    let before = layout.slots(from: contentOffset.y, to: contentOffset.y + bounds.height)
    recycleCells(outside: before)
    guard let first = before.first else { return before }
    var slot = first
    var y = layout.span(of: slot).minY
    while slot < layout.heights.count, y < contentOffset.y + bounds.height {
      if case .row(let indexPath) = layout.item(at: slot) {
        let cell = displayedCells[indexPath] ?? makeCell(for: indexPath)
        if !layout.isMeasured(slot) {
          let height =
            tableDelegate?.tableView(self, heightForRowAt: indexPath)
            ?? cell?.sizeThatFits(Size(width: bounds.width, height: 0)).height ?? estimatedRowHeight
          let growth = layout.setMeasuredHeight(height, of: slot)
          if y < contentOffset.y, growth != 0 { shiftContent(by: growth) }
        }
        if let cell, cell.runningAnimators.isEmpty {
          cell.frame = Rect(x: 0, y: y, width: bounds.width, height: layout.heights.heights[slot])
        }
      }
      y += layout.heights.heights[slot]
      slot += 1
    }
    let shown = first..<slot
    recycleCells(outside: shown)
    return shown
  }

  /// Moves the content offset (and a drag's start) by `distance`, so that what is in view stays put
  /// while a row above it changes height.
  private func shiftContent(by distance: Double) {
    contentOffset.y += distance
    scrollPan?.startOffset.y += distance
  }

  /// Shows the headers of the sections the slots `shown` belong to, the topmost one pinned.
  private func showHeaders(of shown: Range<Int>) {
    let sections =
      shown.isEmpty
      ? 0..<0
      : layout.section(containing: shown.lowerBound)..<layout.section(containing: shown.upperBound - 1) + 1
    for section in Array(displayedHeaders.keys) where !sections.contains(section) {
      recycleHeader(of: section)
    }
    for section in sections where headerHeights[section] > 0 {
      let header = displayedHeaders[section] ?? makeHeader(for: section)
      let height = headerHeights[section]
      let span = layout.span(ofSection: section)
      let pinned = min(max(span.minY, contentOffset.y), span.maxY - height)
      header.frame = Rect(x: 0, y: pinned, width: bounds.width, height: height)
      if subviews.last !== header { bringSubviewToFront(header) }
    }
  }

  /// The cell the data source gives for `indexPath`, shown in the table; `nil` without a data source.
  private func makeCell(for indexPath: IndexPath) -> TableViewCell? {
    guard let cell = dataSource?.tableView(self, cellForRowAt: indexPath) else { return nil }
    // A data source that hands out a cell already showing another row moves it here.
    if let other = displayedCells.first(where: { $0.value === cell })?.key { displayedCells[other] = nil }
    cell.alpha = 1
    cell.isSelected = selectedRows.contains(indexPath)
    cell.isHighlighted = highlight?.row == indexPath
    cell.isHovered = hoveredRow == indexPath
    if cell.superview !== self { insertSubview(cell, at: 0) }
    displayedCells[indexPath] = cell
    return cell
  }

  private func makeHeader(for section: Int) -> TableViewHeaderView {
    let header = spareHeaders.popLast() ?? TableViewHeaderView()
    header.show(titles[section] ?? "")
    addSubview(header)
    displayedHeaders[section] = header
    return header
  }

  private func recycleCells(outside slots: Range<Int>) {
    for indexPath in Array(displayedCells.keys) {
      guard let slot = layout.slot(of: indexPath), slots.contains(slot) else {
        recycleCell(at: indexPath)
        continue
      }
    }
  }

  /// Takes the cell of `indexPath` off the screen into its reuse queue.
  func recycleCell(at indexPath: IndexPath) {
    guard let cell = displayedCells.removeValue(forKey: indexPath) else { return }
    enqueue(cell)
  }

  /// Puts `cell`, no longer showing a row, into its reuse queue (a cell without an identifier is let go).
  func enqueue(_ cell: TableViewCell) {
    // An update animating the cell lets go of it, so that it is placed normally for its next row.
    for (property, animator) in cell.runningAnimators { animator.release(cell, property) }
    cell.runningAnimators = [:]
    cell.removeFromSuperview()
    if let row = swipedRow, displayedCells[row] == nil || displayedCells[row] === cell { swipedRow = nil }
    cell.swipeOffset = 0
    cell.swipeActionsView = nil
    cell.isHighlighted = false
    cell.isSelected = false
    cell.isHovered = false
    pool.enqueue(cell)
  }

  private func recycleHeader(of section: Int) {
    guard let header = displayedHeaders.removeValue(forKey: section) else { return }
    header.removeFromSuperview()
    spareHeaders.append(header)
  }

  /// The delegate as a table's delegate.
  var tableDelegate: TableViewDelegate? { delegate as? TableViewDelegate }
}
