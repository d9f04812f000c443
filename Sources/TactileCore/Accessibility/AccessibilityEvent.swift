/// A change assistive technology follows, reported to the application's
/// ``Application/accessibilityObserver`` (an accessibility bridge) as it happens.
@MainActor
public enum AccessibilityEvent {
  /// The app posted a notification.
  case notification(AccessibilityNotification)
  /// The window's ``Window/firstResponder`` changed (the old and the new one may be `nil`).
  case focusChanged(window: Window, from: Responder?, to: Responder?)
  /// A control's state changed: enabled, selected or highlighted (``Control/stateDidChange()``); or a
  /// table cell was selected or deselected (``TableViewCell/isSelected``).
  case stateChanged(View)
  /// An element's value changed: a slider's value, a switch turned on or off, a page control's page.
  case valueChanged(View)
  /// A view's subviews changed (one was added or removed): the elements under it may have.
  case childrenChanged(View)
  /// A text field's or text view's text changed: `removed` went from `offset` and `inserted` took its
  /// place (offsets in characters).
  case textChanged(any EditableTextInput, offset: Int, removed: String, inserted: String)
  /// A text field's or text view's selection or caret moved.
  case selectionChanged(any EditableTextInput)
}

/// What receives a window tree's ``AccessibilityEvent``s: an accessibility bridge.
@MainActor
public protocol AccessibilityObserver: AnyObject {
  /// Called right after the change, on the main actor, inside whatever made it (a touch, a key, code):
  /// the observer should read what it needs and return, not change the tree.
  func accessibilityDidReceive(_ event: AccessibilityEvent)
}
