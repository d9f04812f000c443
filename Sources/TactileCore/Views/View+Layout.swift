import TactileGeometry

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

/// Natural sizes: ``View/intrinsicContentSize``, ``View/invalidateIntrinsicContentSize()`` and
/// ``View/sizeToFit()``, as in UIKit.
extension View {
  /// The value of a dimension that has no natural size (UIKit's `UIView.noIntrinsicMetric`).
  public static let noIntrinsicMetric = -1.0

  /// Resizes the view to ``View/sizeThatFits(_:)`` of its current size, keeping its origin.
  public func sizeToFit() {
    let size = sizeThatFits(bounds.size)
    guard size.isFinite, size.width >= 0, size.height >= 0 else { return }
    frame = Rect(origin: frame.origin, size: size)
  }

  /// Tells the superview that ``View/intrinsicContentSize`` changed (call it when what the view shows
  /// changes its natural size; ``Label`` and ``Button`` do). A ``StackView`` arranging the view lays out
  /// again at the next layout pass and passes the news on to its own superview; other superviews ignore
  /// it.
  public func invalidateIntrinsicContentSize() {
    superview?.arrangedInputDidChange(in: self)
  }
}
