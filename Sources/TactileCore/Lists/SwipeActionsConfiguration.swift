import TactileRaster

/// An action a swipe across a row reveals, like `UIContextualAction`.
@MainActor
public final class ContextualAction {
  /// How the action looks.
  public enum Style: Sendable {
    /// Grey.
    case normal
    /// Red: the action removes something.
    case destructive
  }

  public let style: Style
  /// The button's title.
  public let title: String
  /// The button's fill; by default from ``style``.
  public var backgroundColor: Color
  /// Runs when the action's button is tapped, or by a full swipe when it is the first action; gets the
  /// action and the row.
  public let handler: @MainActor (ContextualAction, IndexPath) -> Void

  public init(
    style: Style, title: String, handler: @escaping @MainActor (ContextualAction, IndexPath) -> Void
  ) {
    self.style = style
    self.title = title
    self.handler = handler
    backgroundColor = style == .destructive ? Color(red: 1, green: 0.23, blue: 0.19) : Color(white: 0.6)
  }
}

/// The actions revealed by a swipe across a row from one side, like `UISwipeActionsConfiguration`: the
/// first action is at the table's edge.
@MainActor
public final class SwipeActionsConfiguration {
  public let actions: [ContextualAction]
  /// Whether swiping the row most of the way across performs the first action. Default `true`.
  public var performsFirstActionWithFullSwipe = true

  public init(actions: [ContextualAction]) {
    self.actions = actions
  }
}
