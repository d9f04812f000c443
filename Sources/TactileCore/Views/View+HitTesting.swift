import TactileGeometry

/// Hit-testing: finding the view a touch belongs to (seed article 0, Hit-Testing; articles 1–4 repeat it).
///
/// The rules of the default ``View/hitTest(_:with:)``, in order:
/// 1. A view that is hidden, has ``View/alpha`` below 0.01, or has user interaction disabled returns
///    `nil` — and so its whole subtree is skipped (article 2: "若父视图被忽略，后其所有子视图也会被忽略").
///    The articles disagree on the alpha edge (articles 1 and 4 say `alpha < 0.01`; the code of articles
///    0 and 3 tests `alpha <= 0.01`); Tactile follows UIKit's documentation: below 0.01 is skipped, 0.01
///    itself is hit.
/// 2. It calls ``View/point(inside:with:)``; when that is `false` it returns `nil` without looking at any
///    subview: "a branch whose parent does not contain the point is never entered", so a subview sticking
///    out of its superview cannot be touched there (article 0, 将事件传递给子视图; article 3, DView).
/// 3. It asks its subviews from the topmost (the last in ``View/subviews``) to the bottom-most, converting
///    the point into each one's coordinates; the first non-`nil` answer is returned (article 1: the top
///    layer is asked first; article 4: "从subviews数组的末尾向前遍历").
/// 4. When no subview answers, it returns itself.
///
/// Rectangles contain their minimum edges but not their maximum ones (``TactileGeometry/Rect/contains(_:)``), so
/// two adjacent views never both contain a point of their shared edge. A point with a NaN coordinate is
/// inside nothing.
///
/// Overriding: return `nil` to let touches through to what lies below (article 0, the sibling view C),
/// `self` to keep them from the subviews (article 3, the orange view), another view to redirect them
/// (article 3, the blue view; article 0, the scroll view in a narrowed cell); override
/// ``View/point(inside:with:)`` to change the touchable shape (article 0, the button enlarged by 10 on each
/// side; article 2, the circle).
extension View {
  /// Whether the hit-test rule 1 skips this view: hidden, alpha below ``View/minimumVisibleAlpha``, or
  /// interaction disabled.
  public var isIgnoredByHitTesting: Bool {
    isHidden || alpha < View.minimumVisibleAlpha || !isUserInteractionEnabled
  }

  /// The default implementation of ``View/hitTest(_:with:)``, for overrides that call it explicitly.
  ///
  /// - Parameters:
  ///   - point: In this view's coordinates.
  ///   - event: The event being hit-tested, passed on to every call.
  /// - Returns: The hit view, following the rules on this extension.
  /// - Complexity: O(number of views in the subtree) calls, at worst.
  public func defaultHitTest(_ point: Point, with event: Event?) -> View? {
    guard !isIgnoredByHitTesting, self.point(inside: point, with: event) else { return nil }
    for subview in subviews.reversed() {
      if let hit = subview.hitTest(subview.convertFromSuperview(point), with: event) { return hit }
    }
    return self
  }
}
