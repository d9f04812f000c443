import TactileGeometry

/// Shows the edit menu for a view, in a popup above the point where the user asked for it.
///
/// The trigger is one call, ``presentEditMenu(at:triggeredBy:)``, made by a long press on the view
/// (``longPressRecognizer``, attached when the interaction becomes the view's
/// ``View/editMenuInteraction``) or by a secondary click (the secondary button's standard action, `Window+Clicks.swift`). The view becomes first responder first when it can (a text field
/// focuses), the menu (``EditMenu``) is built from the responder chain starting at the view, and when it
/// has commands an ``EditMenuView`` is shown in a ``PopupWindow`` anchored above the point, flipped below
/// when there is no room above and slid sideways to stay on the output. Choosing a command dismisses the
/// popup, then sends the command (``EditMenu/perform(_:)``). A tap outside, or the compositor, dismisses
/// it without a command.
///
/// The view holds its interaction strongly (``View/editMenuInteraction``); the interaction holds the
/// view weakly.
@MainActor
public final class EditMenuInteraction {
  /// The gap between the point and the menu, in points.
  public static let gap = 8.0

  /// The view the menu is shown for.
  public private(set) weak var view: View?
  /// The app's commands, shown after the standard ones when the chain can perform them.
  public var additionalCommands: [EditMenuCommand] = []
  /// The popup currently shown, if any.
  public private(set) weak var presentedPopup: PopupWindow?

  /// Shows the menu when a long press begins on the view.
  public let longPressRecognizer = LongPressGestureRecognizer()

  public init(view: View) {
    self.view = view
    longPressRecognizer.name = "edit menu"
    longPressRecognizer.addAction { [weak self] recognizer in
      guard recognizer.state == .began, let self, let view = self.view else { return }
      self.presentEditMenu(
        at: recognizer.location(in: view), triggeredBy: recognizer.activeTouches.first)
    }
  }

  /// Shows the edit menu for ``view`` above `point`.
  ///
  /// - Parameters:
  ///   - point: Where the user asked for it, in the view's coordinates.
  ///   - touch: The touch that asked for it, if any (the popup's ``PopupWindow/triggeringTouch``).
  /// - Returns: The popup shown, or `nil` when the view is in no window or no command can be performed
  ///   (then nothing is shown, as in UIKit).
  @discardableResult
  public func presentEditMenu(at point: Point, triggeredBy touch: Touch? = nil) -> PopupWindow? {
    guard let view, let window = view.window, point.isFinite else { return nil }
    if view.canBecomeFirstResponder { view.becomeFirstResponder() }
    let menu = EditMenu(origin: view, additionalCommands: additionalCommands)
    guard !menu.isEmpty else { return nil }
    let content = EditMenuView(commands: menu.commands)
    let anchor = Rect(origin: view.convert(point, to: window), size: Size(width: 1, height: 1))
    let popup = PopupWindow.showMenu(
      content, side: .above, of: anchor, gap: Self.gap, in: window, triggeredBy: touch)
    content.onChoose = { [weak popup] command in
      popup?.dismiss()
      menu.perform(command)
    }
    presentedPopup = popup
    return popup
  }
}
