/// What a context menu shows, like `UIContextMenuConfiguration`: an optional preview and the actions.
@MainActor
public final class ContextMenuConfiguration {
  /// Makes the view shown above the actions, sized already (its frame's size is kept); `nil`, or a
  /// provider that returns `nil`, shows the actions alone.
  public let previewProvider: (@MainActor () -> View?)?
  /// Makes the actions, top to bottom. A ``ClosureAction/Attributes/destructive`` one is shown in red,
  /// a ``ClosureAction/Attributes/disabled`` one greyed and untappable.
  public let actionProvider: @MainActor () -> [ClosureAction]

  /// - Parameters:
  ///   - previewProvider: Makes the preview, if any.
  ///   - actionProvider: Makes the actions; called each time the menu is shown.
  public init(
    previewProvider: (@MainActor () -> View?)? = nil,
    actionProvider: @escaping @MainActor () -> [ClosureAction]
  ) {
    self.previewProvider = previewProvider
    self.actionProvider = actionProvider
  }
}
