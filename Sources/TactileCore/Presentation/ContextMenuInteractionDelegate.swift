import TactileGeometry

/// Gives a ``ContextMenuInteraction`` its menu, like `UIContextMenuInteractionDelegate`.
@MainActor
public protocol ContextMenuInteractionDelegate: AnyObject {
  /// The menu for a long press or secondary click at `location` (in the interaction's view's
  /// coordinates), or `nil` for no menu there.
  func contextMenuInteraction(
    _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
  ) -> ContextMenuConfiguration?

  /// The menu is gone (an action was chosen, or it was dismissed). Default: nothing.
  func contextMenuInteractionDidEnd(_ interaction: ContextMenuInteraction)
}

extension ContextMenuInteractionDelegate {
  public func contextMenuInteractionDidEnd(_ interaction: ContextMenuInteraction) {}
}
