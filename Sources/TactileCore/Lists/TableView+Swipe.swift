import TactileGeometry

/// Swipe actions: a horizontal drag across a row moves its content sideways and reveals the buttons the
/// delegate configures for that side (``TableViewDelegate/tableView(_:trailingSwipeActionsConfigurationForRowAt:)``
/// and the leading one).
///
/// - **Not fighting the scroll:** the swipe's pan begins only when the finger moved more horizontally than
///   vertically, on a row with actions for that direction (or on the open row); the scroll pan refuses
///   horizontal drags of content that cannot scroll sideways, so each drag does one or the other. A
///   swipe cancels the touch in the cell, which therefore does not select.
/// - **Dragging:** the content follows the finger. Past the buttons' width it keeps following when a full
///   swipe is allowed (``SwipeActionsConfiguration/performsFirstActionWithFullSwipe``), otherwise it
///   moves a quarter as far.
/// - **Release:** past ``TableView/fullSwipeFraction`` of the width (with full swipe allowed) the first
///   action runs at once and the content slides all the way out, then back closed. Otherwise the row
///   opens — showing the buttons, ``SwipeActionsView/buttonWidth`` each — when it is past half their width
///   and not flicked back, or flicked open faster than ``TableView/swipeFlickVelocity``; else it closes.
///   Slides take ``TableView/swipeDuration``.
/// - **Closing:** a tap on a button runs its action and closes the row; while a row is open, a touch
///   anywhere else in the table only closes it, and so does dragging the table to scroll.
extension TableView {
  /// The share of the width past which a released swipe performs the first action.
  public static let fullSwipeFraction = 0.6
  /// The speed (points per second) of a flick that opens or closes a row whatever its offset.
  public static let swipeFlickVelocity = 300.0
  /// The seconds a row's content takes to slide open, closed or out.
  public static let swipeDuration = 0.25

  /// The actions the delegate configures for `row` on the trailing side (`trailing`) or the leading one.
  func swipeConfiguration(for row: IndexPath, trailing: Bool) -> SwipeActionsConfiguration? {
    let configuration =
      trailing
      ? tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: row)
      : tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: row)
    return configuration?.actions.isEmpty == false ? configuration : nil
  }

  /// Whether a swipe may begin on `row` toward the leading edge (`towardLeading`) or the trailing one.
  func swipeMayBegin(on row: IndexPath, towardLeading: Bool) -> Bool {
    row == swipedRow || swipeConfiguration(for: row, trailing: towardLeading) != nil
  }

  func swipeDidChange(_ pan: RowSwipeGestureRecognizer) {
    switch pan.state {
    case .began:
      guard let row = pan.row, let cell = cellForRow(at: row) else { return }
      if let open = swipedRow, open != row { closeSwipe(animated: false) }
      swipedRow = row
      swipeStart = cell.swipeOffset
      fallthrough
    case .changed:
      guard let row = swipedRow, let cell = cellForRow(at: row) else { return }
      moveContent(of: cell, row: row, to: swipeStart + pan.translation(in: self).x)
    case .ended:
      guard let row = swipedRow, let cell = cellForRow(at: row) else { return }
      release(cell, row: row, velocity: pan.velocity(in: self).x)
    case .cancelled:
      closeSwipe(animated: true)
    default:
      break
    }
  }

  /// Moves `cell`'s content to `raw` (rules on the extension), showing the actions of that side.
  private func moveContent(of cell: TableViewCell, row: IndexPath, to raw: Double) {
    let trailing = raw < 0
    guard raw != 0, let configuration = swipeConfiguration(for: row, trailing: trailing) else {
      cell.swipeOffset = 0
      cell.swipeActionsView = nil
      return
    }
    if cell.swipeActionsView?.isTrailing != trailing || cell.swipeActionsView?.configuration !== configuration
    {
      cell.swipeActionsView = SwipeActionsView(configuration, trailing: trailing) { [weak self] action in
        self?.perform(action, closing: true)
      }
    }
    let open = cell.swipeActionsView?.openWidth ?? 0
    var distance = min(abs(raw), bounds.width)
    if distance > open, !configuration.performsFirstActionWithFullSwipe {
      distance = open + (distance - open) / 4
    }
    cell.swipeOffset = trailing ? -distance : distance
    cell.layoutIfNeeded()
  }

  private func release(_ cell: TableViewCell, row: IndexPath, velocity: Double) {
    guard let actions = cell.swipeActionsView, cell.swipeOffset != 0 else {
      return closeSwipe(animated: false)
    }
    let sign = cell.swipeOffset < 0 ? -1.0 : 1.0
    let distance = abs(cell.swipeOffset)
    let opening = velocity * sign
    if actions.configuration.performsFirstActionWithFullSwipe,
      distance > bounds.width * Self.fullSwipeFraction
    {
      perform(actions.configuration.actions[0], closing: false)
      slide(cell, to: sign * bounds.width) { [weak self] in self?.closeSwipe(animated: false) }
      return
    }
    let opens =
      opening > Self.swipeFlickVelocity
      || (distance > actions.openWidth / 2 && opening > -Self.swipeFlickVelocity)
    if opens {
      slide(cell, to: sign * actions.openWidth) {}
    } else {
      closeSwipe(animated: true)
    }
  }

  /// Runs `action` for the swiped row; `closing` then slides the row closed.
  private func perform(_ action: ContextualAction, closing: Bool) {
    guard let row = swipedRow else { return }
    action.handler(action, row)
    if closing { closeSwipe(animated: true) }
  }

  /// Slides the swiped row's content back and removes its actions.
  func closeSwipe(animated: Bool) {
    guard let row = swipedRow else { return }
    swipedRow = nil
    guard let cell = cellForRow(at: row) else { return }
    let reset = { [weak cell] in
      guard let cell, cell.swipeOffset == 0 else { return }
      cell.swipeActionsView = nil
    }
    if animated, window != nil {
      slide(cell, to: 0, then: reset)
    } else {
      cell.swipeOffset = 0
      cell.layoutIfNeeded()
      reset()
    }
  }

  private func slide(_ cell: TableViewCell, to offset: Double, then completion: @escaping () -> Void) {
    let animator = PropertyAnimator(duration: Self.swipeDuration, curve: .easeOut) {
      cell.swipeOffset = offset
      cell.layoutIfNeeded()
    }
    animator.addCompletion { _ in completion() }
    animator.startAnimation()
  }
}

/// The pan that swipes a ``TableView``'s rows (rules: `TableView+Swipe.swift`).
final class RowSwipeGestureRecognizer: PanGestureRecognizer {
  /// The row the swipe started on.
  private(set) var row: IndexPath?

  override func beginRefusal(translation: Point) -> String? {
    guard let table = view as? TableView else { return "it is not on a table view" }
    guard abs(translation.x) > abs(translation.y) else { return "the finger moved more vertically" }
    let start = location(in: table) - translation
    guard let row = table.indexPathForRow(at: start) else { return "the touch began on no row" }
    guard table.swipeMayBegin(on: row, towardLeading: translation.x < 0) else {
      return "the row has no actions on that side"
    }
    self.row = row
    return nil
  }

  override func reset() {
    super.reset()
    row = nil
  }
}
