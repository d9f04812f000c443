import TactileGeometry

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
