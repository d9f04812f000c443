import TactileGeometry

/// Showing a ``PopupWindow`` above a window, and dismissing it.
///
/// Rules:
/// - A window shows at most one popup (``Window/presentedPopup``); presenting another dismisses the first.
/// - The host shows the popup (``WindowHost/window(_:present:)``); a window without a host places it in
///   memory inside its own bounds with ``TactileGeometry/PopupPlacement/frame(constrainedTo:)``.
/// - **Tap outside:** while a popup is shown, a touch or pointer press that goes down on the parent
///   window dismisses the popup and is consumed — it reaches no view, and its later motion and lift are
///   ignored (as GTK and Qt do for menus: the click that closes a menu does nothing else). Presses inside
///   the popup arrive on the popup window, not here.
/// - Closing the parent dismisses its popup.
extension Window {
  /// Shows `popup` above this window.
  ///
  /// - Parameter popup: A popup whose ``PopupWindow/parentWindow`` is this window and that was not
  ///   dismissed; any other popup is ignored.
  public func present(_ popup: PopupWindow) {
    guard !isClosed, popup.parentWindow === self, !popup.isDismissed else { return }
    if let shown = presentedPopup, shown !== popup { shown.dismiss() }
    presentedPopup = popup
    if let host { host.window(self, present: popup) } else { placeInMemory(popup) }
  }

  /// Places `popup` inside this window's bounds, without a compositor.
  func placeInMemory(_ popup: PopupWindow) {
    popup.hostDidPlace(at: popup.placement.frame(constrainedTo: bounds))
  }

  /// The tap-outside rule: with a popup shown, each `down` dismisses it and is dropped.
  ///
  /// - Returns: The points left to process.
  func consumingPopupDismissals(_ points: [TouchPoint]) -> [TouchPoint] {
    guard presentedPopup != nil, points.contains(where: { $0.phase == .down }) else { return points }
    presentedPopup?.dismiss()
    return points.filter { $0.phase != .down }
  }
}
