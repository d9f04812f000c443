import TactileGeometry

/// Shows a context menu for a view on a long press or a secondary click, like
/// `UIContextMenuInteraction`, in a popup window (the popup machinery of the edit menu:
/// ``PopupWindow``, ``Window/present(_:)``).
///
/// Attach it with ``View/contextMenuInteraction``. When ``longPressRecognizer`` begins (or the
/// secondary button is clicked on the view), ``delegate`` is asked for a ``ContextMenuConfiguration`` at
/// the point; with one, a popup is shown just below the view (flipped above when there is no room,
/// slid to stay on the output) holding a ``ContextMenuView``: the preview on top when the configuration
/// gives one, then the actions (``ActionListView``). Choosing an action dismisses the popup, then runs
/// the action. A tap outside, or the compositor, dismisses the popup without an action. Either way the
/// delegate hears ``ContextMenuInteractionDelegate/contextMenuInteractionDidEnd(_:)``.
///
/// The view holds its interaction strongly; the interaction holds the view and the delegate weakly.
@MainActor
public final class ContextMenuInteraction {
  /// The gap between the view and the menu, in points.
  public static let gap = 8.0

  /// Gives the menu.
  public private(set) weak var delegate: ContextMenuInteractionDelegate?
  /// The view the interaction is attached to.
  public internal(set) weak var view: View?
  /// The popup currently shown, if any.
  public private(set) weak var presentedPopup: PopupWindow?
  /// Shows the menu when a long press begins on the view.
  public let longPressRecognizer = LongPressGestureRecognizer()

  public init(delegate: ContextMenuInteractionDelegate) {
    self.delegate = delegate
    longPressRecognizer.name = "context menu"
    longPressRecognizer.addAction { [weak self] recognizer in
      guard recognizer.state == .began, let self, let view = self.view else { return }
      self.presentMenu(at: recognizer.location(in: view), triggeredBy: recognizer.activeTouches.first)
    }
  }

  /// Shows the menu the delegate gives for `point`.
  ///
  /// - Parameters:
  ///   - point: Where the user asked for it, in the view's coordinates.
  ///   - touch: The touch that asked for it, if any (the popup's ``PopupWindow/triggeringTouch``).
  /// - Returns: The popup shown, or `nil` when the view is in no window, `point` is not finite, or the
  ///   delegate gives no menu or one with no actions and no preview.
  @discardableResult
  public func presentMenu(at point: Point, triggeredBy touch: Touch? = nil) -> PopupWindow? {
    guard let view, let window = view.window, point.isFinite,
      let configuration = delegate?.contextMenuInteraction(self, configurationForMenuAtLocation: point)
    else { return nil }
    let actions = configuration.actionProvider()
    let preview = configuration.previewProvider?()
    guard !actions.isEmpty || preview != nil else { return nil }
    let content = ContextMenuView(preview: preview, actions: actions)
    let anchor = view.convert(view.bounds, to: window)
    let popup = PopupWindow.showMenu(
      content, side: .below, of: anchor, gap: Self.gap, in: window, triggeredBy: touch)
    popup.onDismiss = { [weak self] in
      guard let self else { return }
      self.delegate?.contextMenuInteractionDidEnd(self)
    }
    content.actionList.onChoose = { [weak popup, weak content] index in
      popup?.dismiss()
      actions[index].perform(from: content)
    }
    presentedPopup = popup
    return popup
  }
}
