extension Press {
  /// What kind of key a press is, for ``GestureRecognizer/allowedPressTypes``, like `UIPress.PressType`.
  ///
  /// UIKit's types name the buttons of a remote; here the arrow, page and select types are the
  /// keyboard keys that play their part, and every other key is ``key``. Media keys never become
  /// presses (they arrive as remote-control events), so there is no play/pause type.
  public enum PressType: Sendable, Hashable, CaseIterable {
    case upArrow, downArrow, leftArrow, rightArrow
    /// Return, or the keypad's Enter (UIKit's select button).
    case select
    /// Escape (UIKit's menu button).
    case menu
    case pageUp, pageDown
    /// Any other key: characters, editing, function and modifier keys.
    case key
  }

  /// The kind of key this press is.
  public var type: PressType {
    switch key.name {
    case .upArrow: .upArrow
    case .downArrow: .downArrow
    case .leftArrow: .leftArrow
    case .rightArrow: .rightArrow
    case .return: .select
    case .escape: .menu
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    default: .key
    }
  }
}
