import TactileGeometry

/// Damage tracking: which parts of a window must be drawn again.
///
/// ``View/setNeedsDisplay(_:)`` adds a rectangle, converted to window coordinates, to the window's
/// ``Window/damage``; a renderer takes it with ``Window/takeDamage()`` on the next frame. Views also mark
/// their own area (old and new) when their geometry, visibility, alpha or place in the hierarchy changes.
/// A view in no window marks nothing.
extension View {
  /// Marks the whole view as needing to be drawn again.
  public func setNeedsDisplay() {
    setNeedsDisplay(bounds)
  }

  /// Marks `rect` (in this view's coordinates) as needing to be drawn again. A non-finite or empty
  /// rectangle marks nothing.
  public func setNeedsDisplay(_ rect: Rect) {
    guard let window, rect.isFinite else { return }
    window.addDamage(convert(rect, to: window))
  }

  /// Marks the area the view and its subviews cover as damaged (before and after a visible change). Hidden
  /// views still mark it: hiding a view changes what is drawn there.
  func invalidateOwnArea() {
    guard let window else { return }
    window.addDamage(convert(coveredArea(), to: window))
  }

  /// The area, in this view's coordinates, that this view and its unclipped descendants cover.
  private func coveredArea() -> Rect {
    var area = bounds
    guard !clipsToBounds else { return area }
    for subview in subviews {
      area = area.union(subview.convert(subview.coveredArea(), to: self))
    }
    return area
  }
}
