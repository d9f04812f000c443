import TactileGeometry

/// Hit-testing: finding the view a touch belongs to.
///
/// The rules of the default ``View/hitTest(_:with:)``, in order:
/// 1. A view that is hidden, has ``View/alpha`` below 0.01, or has user interaction disabled returns
///    `nil` — and so its whole subtree is skipped. At the alpha edge Tactile follows UIKit's
///    documentation: below 0.01 is skipped, 0.01 itself is hit (some UIKit code tests `alpha <= 0.01`).
/// 2. It calls ``View/point(inside:with:)``; when that is `false` it returns `nil` without looking at any
///    subview: a branch whose root does not contain the point is never entered, so a subview sticking
///    out of its superview cannot be touched there.
/// 3. It asks its subviews from the topmost (the last in ``View/subviews``) to the bottom-most, converting
///    the point into each one's coordinates; the first non-`nil` answer is returned.
/// 4. When no subview answers, it returns itself.
///
/// Rectangles contain their minimum edges but not their maximum ones (`Rect.contains(_:)`), so
/// two adjacent views never both contain a point of their shared edge. A point with a NaN coordinate is
/// inside nothing.
///
/// Overriding: return `nil` to let touches through to what lies below (a view whose own area passes
/// touches to its sibling underneath), `self` to keep them from the subviews, another view to redirect
/// them (a container handing touches beside a narrowed page to the scroll view below); override
/// ``View/point(inside:with:)`` to change the touchable shape (a button enlarged by 10 points on each
/// side, a circle).
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
    return topmostSubviewHit(point, with: event) ?? self
  }

  /// Rule 3: the first answer of the subviews' ``View/hitTest(_:with:)``, topmost first. Kept out of
  /// line, so that asking a view that does not contain the point (most views a hit test asks) does
  /// not pay for the loop's stack frame.
  @inline(never)
  private func topmostSubviewHit(_ point: Point, with event: Event?) -> View? {
    let subviews = storedSubviews
    var index = subviews.endIndex
    while index > subviews.startIndex {
      index -= 1
      // `subviews` holds every subview for the whole loop: the call needs no retain of its own.
      let hit = withBorrowed(Unmanaged.passUnretained(subviews[index])) { subview in
        subview.hitTest(subview.convertFromSuperview(point), with: event)
      }
      if let hit { return hit }
    }
    return nil
  }
}
