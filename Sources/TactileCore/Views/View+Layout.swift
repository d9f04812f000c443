import TactileGeometry

/// Deferred layout, as in UIKit: ``View/setNeedsLayout()`` marks a view, and the next layout pass — the
/// window's next frame (``Window/frameDidStart(at:)``) or an explicit ``View/layoutIfNeeded()`` — runs
/// ``View/layoutSubviews()`` once on each marked view, parents before children.
///
/// A view is marked when it is created, when its bounds size changes, and when subviews are added or
/// removed (on the superview).
///
/// ``View/setNeedsLayout()``, ``View/layoutIfNeeded()``, ``View/sizeToFit()`` and
/// ``View/invalidateIntrinsicContentSize()`` are `open` members of the class body, as in UIKit; the
/// toolkit's own calls (a size change marking the view) go through an override.
extension View {
  /// The body of ``View/layoutIfNeeded()``: ``View/layoutSubviews()`` on every marked view of the
  /// subtree, parents before children.
  func layOutMarkedSubtree() {
    if needsLayout {
      needsLayout = false
      layoutSubviews()
    }
    for subview in subviews { subview.layOutMarkedSubtree() }
  }
}

/// Natural sizes: ``View/intrinsicContentSize``, ``View/invalidateIntrinsicContentSize()`` and
/// ``View/sizeToFit()``, as in UIKit.
extension View {
  /// The value of a dimension that has no natural size (UIKit's `UIView.noIntrinsicMetric`).
  public static let noIntrinsicMetric = -1.0
}
