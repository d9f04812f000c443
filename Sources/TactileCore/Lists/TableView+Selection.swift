import TactileGeometry

/// Selecting rows by touch, keyboard and code; highlighting under the finger and the pointer.
///
/// - **Touch, with UIKit's timing:** a row is highlighted when its cell gets `touchesBegan` — which the
///   scroll view holds for ``InteractionSettings/contentTouchDelay`` (or until the finger lifts) while it
///   decides whether the touch is a scroll — and selected when that touch ends on it: the delegate gets
///   ``TableViewDelegate/tableView(_:didSelectRowAt:)``, then
///   ``TableViewDelegate/tableView(_:performPrimaryActionForRowAt:)``. A touch that becomes a scroll
///   never reaches the cell or is cancelled, so it highlights briefly at most and selects nothing; a
///   finger that slides off the row (with scrolling disabled) drops the highlight. A tap selects only
///   rows the delegate lets highlight (``TableViewDelegate/tableView(_:shouldHighlightRowAt:)``), with
///   ``TableView/allowsSelection``; a touch on a header or a control in a cell selects nothing, and one
///   that begins while a row's swipe actions are open only closes them.
/// - **Single and multiple selection:** selecting a row deselects the others (each gets
///   ``TableViewDelegate/tableView(_:didDeselectRowAt:)``); with ``TableView/allowsMultipleSelection``
///   a tap adds the row, and a tap on a selected row deselects it instead.
/// - **Keyboard:** the table can become first responder (a touch selection makes it one). The down and
///   up arrows (held: repeating) select the next and previous row across sections and scroll it into
///   view; Return performs the selected row's primary action.
/// - **Hover:** the row under the pointer shows ``TableViewCell/isHovered`` until the pointer leaves it.
/// - **Code:** ``TableView/selectRow(at:animated:scrollPosition:)`` and
///   ``TableView/deselectRow(at:animated:)`` tell the delegate nothing, as in UIKit.
extension TableView {
  /// The selected row (the first, with multiple selection), or `nil`.
  public var indexPathForSelectedRow: IndexPath? { selectedRows.min() }

  /// The selected rows, in order.
  public var indexPathsForSelectedRows: [IndexPath] { selectedRows.sorted() }

  /// Selects the row at `indexPath` (deselecting the others without multiple selection), scrolling it
  /// to `scrollPosition` (`.none`: not scrolling); `nil` deselects every row. The delegate is not told.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for row in selectedRows { deselectRow(at: row, animated: animated) }
      return
    }
    guard rectForRow(at: indexPath) != .zero else { return }
    if !allowsMultipleSelection {
      for row in selectedRows where row != indexPath { deselectRow(at: row, animated: animated) }
    }
    selectedRows.insert(indexPath)
    cellForRow(at: indexPath)?.isSelected = true
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects the row at `indexPath`. The delegate is not told.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    guard selectedRows.remove(indexPath) != nil else { return }
    cellForRow(at: indexPath)?.isSelected = false
  }

  // MARK: Touches (forwarded from the cells by the responder chain)

  func touchesDidBegin(_ touches: Set<Touch>) {
    if swipedRow != nil { return closeSwipe(animated: true) }
    guard highlight == nil, let touch = touches.first, allowsSelection,
      let indexPath = row(under: touch),
      tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
    else { return }
    highlight = (indexPath, touch)
    cellForRow(at: indexPath)?.isHighlighted = true
  }

  func touchesDidMove(_ touches: Set<Touch>) {
    guard let highlight, touches.contains(highlight.touch) else { return }
    if !rectForRow(at: highlight.row).contains(highlight.touch.location(in: self)) { endHighlight() }
  }

  func touchesDidEnd(_ touches: Set<Touch>) {
    guard let highlight, touches.contains(highlight.touch) else { return }
    endHighlight()
    guard rectForRow(at: highlight.row).contains(highlight.touch.location(in: self)) else { return }
    _ = becomeFirstResponder()
    if allowsMultipleSelection, selectedRows.contains(highlight.row) {
      deselectRow(at: highlight.row, animated: false)
      tableDelegate?.tableView(self, didDeselectRowAt: highlight.row)
      return
    }
    userSelect(highlight.row, revealing: false)
    tableDelegate?.tableView(self, performPrimaryActionForRowAt: highlight.row)
  }

  func touchesDidCancel(_ touches: Set<Touch>) {
    guard let highlight, touches.contains(highlight.touch) else { return }
    endHighlight()
  }

  /// The row whose cell (or a view inside it) the touch is on, or `nil` for any other view.
  private func row(under touch: Touch) -> IndexPath? {
    var view = touch.view
    while let current = view, current.superview !== self { view = current.superview }
    guard let cell = view as? TableViewCell else { return nil }
    return indexPath(for: cell)
  }

  private func endHighlight() {
    if let row = highlight?.row { cellForRow(at: row)?.isHighlighted = false }
    highlight = nil
  }

  /// Selects `indexPath` as the user does, telling the delegate about every change; `revealing`
  /// scrolls the least distance that shows the row. (An accessibility bridge selects so too.)
  package func userSelect(_ indexPath: IndexPath, revealing: Bool) {
    let deselected = allowsMultipleSelection ? [] : indexPathsForSelectedRows.filter { $0 != indexPath }
    selectRow(at: indexPath, animated: false, scrollPosition: .none)
    if revealing { scrollToRow(at: indexPath, at: .none, animated: false) }
    for row in deselected { tableDelegate?.tableView(self, didDeselectRowAt: row) }
    tableDelegate?.tableView(self, didSelectRowAt: indexPath)
  }

  /// Deselects `indexPath` as the user does (a tap on a selected row with multiple selection), telling
  /// the delegate.
  ///
  /// - Returns: Whether the row was selected.
  @discardableResult
  package func userDeselect(_ indexPath: IndexPath) -> Bool {
    guard selectedRows.contains(indexPath) else { return false }
    deselectRow(at: indexPath, animated: false)
    tableDelegate?.tableView(self, didDeselectRowAt: indexPath)
    return true
  }

  /// Activates `cell`'s row as a tap does: the table becomes first responder, the row is selected (the
  /// delegate told) and its primary action performed.
  ///
  /// - Returns: Whether the cell shows a row the table lets select.
  func activate(_ cell: TableViewCell) -> Bool {
    guard allowsSelection, let indexPath = indexPath(for: cell) else { return false }
    _ = becomeFirstResponder()
    userSelect(indexPath, revealing: false)
    tableDelegate?.tableView(self, performPrimaryActionForRowAt: indexPath)
    return true
  }

  // MARK: Keys

  /// Handles one key (a repeat when `repeating`); returns whether the table used it.
  func handleKey(_ key: Key, repeating: Bool) -> Bool {
    switch key.name {
    case .downArrow, .upArrow:
      guard allowsSelection else { return false }
      let forward = key.name == .downArrow
      guard let next = row(after: indexPathForSelectedRow, forward: forward) else { return true }
      userSelect(next, revealing: true)
      return true
    case .return:
      guard !repeating, let row = indexPathForSelectedRow else { return false }
      tableDelegate?.tableView(self, performPrimaryActionForRowAt: row)
      return true
    default:
      return false
    }
  }

  /// The row after (or before) `indexPath` across sections; with no `indexPath`, the first (or last)
  /// row. `nil` when there is none.
  private func row(after indexPath: IndexPath?, forward: Bool) -> IndexPath? {
    reloadIfNeeded()
    let sections = layout.numberOfSections
    guard sections > 0 else { return nil }
    var section = indexPath?.section ?? (forward ? 0 : sections - 1)
    var row = indexPath.map { $0.row + (forward ? 1 : -1) } ?? (forward ? 0 : layout.rowCounts[section] - 1)
    while section >= 0, section < sections {
      if row >= 0, row < layout.rowCounts[section] { return IndexPath(row: row, section: section) }
      section += forward ? 1 : -1
      guard section >= 0, section < sections else { break }
      row = forward ? 0 : layout.rowCounts[section] - 1
    }
    return nil
  }

  // MARK: Hover

  func hoverDidChange(_ recognizer: GestureRecognizer) {
    var row: IndexPath?
    if [.began, .changed].contains(recognizer.state) {
      row = indexPathForRow(at: recognizer.location(in: self))
    }
    guard row != hoveredRow else { return }
    if let old = hoveredRow { cellForRow(at: old)?.isHovered = false }
    hoveredRow = row
    if let row { cellForRow(at: row)?.isHovered = true }
  }
}
