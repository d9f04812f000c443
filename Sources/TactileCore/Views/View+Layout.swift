/// Deferred layout, as in UIKit: ``View/setNeedsLayout()`` marks a view, and the next layout pass — the
/// window's next frame (``Window/frameDidStart(at:)``) or an explicit ``View/layoutIfNeeded()`` — runs
/// ``View/layoutSubviews()`` once on each marked view, parents before children.
///
/// A view is marked when it is created, when its bounds size changes, and when subviews are added or
/// removed (on the superview).
extension View {
  /// Marks the view for layout at the next layout pass and asks its window for a frame.
  public func setNeedsLayout() {
    needsLayout = true
    window?.requestFrame()
  }

  /// Runs the pending layout of this view and its subtree now: ``View/layoutSubviews()`` on every
  /// marked view, parents before children (a parent's layout may mark or resize its children).
  ///
  /// - Complexity: O(number of views in the subtree).
  public func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    for subview in subviews { subview.layoutIfNeeded() }
  }
}
