/// What an app tells assistive technology about a change it cannot see by itself, like UIKit's
/// `UIAccessibility.Notification`, posted with ``Application/postAccessibilityNotification(_:)``.
@MainActor
public enum AccessibilityNotification {
  /// Most of the screen changed (a new screen appeared): reading starts again, at the given element or
  /// at the first one.
  case screenChanged(focus: View?)
  /// Part of the screen changed (an element appeared or went): reading goes on, at the given element if
  /// any.
  case layoutChanged(focus: View?)
  /// A message to speak now ("Saved").
  case announcement(String)
}
