import TactileGeometry

/// Damage tracking: which parts of a window must be drawn again.
///
/// ``View/setNeedsDisplay(_:)`` adds a rectangle, converted to window coordinates, to the window's
/// ``Window/damage``; a renderer takes it with ``Window/takeDamage()`` on the next frame. Views also mark
/// their own area (old and new) when their geometry, visibility, alpha or place in the hierarchy changes,
/// and their bounds when their background, border or corner radius changes. A view in no window marks
/// nothing.
///
/// The renderer redraws only damaged pixels and skips views outside them (``ViewTreeRenderer``), so a view
/// whose ``draw(in:)`` output changes must say so with one of these calls, and must draw inside its bounds:
/// what it draws outside is not part of its damage and is left stale when the view changes.
/// (``View/setNeedsDisplay()`` and ``View/setNeedsDisplay(_:)`` are `open` members of the class body.)
extension View {
  /// Marks the area the view and its subviews cover as damaged (before and after a visible change). Hidden
  /// views still mark it: hiding a view changes what is drawn there.
  func invalidateOwnArea() {
    guard let window else { return }
    window.addDamage(convert(subtreeBounds, to: window))
  }

  /// The smallest ``View/alpha`` at which a view is drawn and hit-tested, as in UIKit: below it the view
  /// and its subtree count as invisible.
  public static let minimumVisibleAlpha = 0.01

  /// Whether the renderer draws this view at all: not hidden and alpha at least
  /// ``minimumVisibleAlpha``.
  var isDrawn: Bool { !isHidden && alpha >= View.minimumVisibleAlpha }

  /// `subview` was shown, hidden, added or removed (`wasDrawn` and `isDrawn` say whether it was drawn
  /// before and after). When this view is translucent and that decides whether it has any drawn subview —
  /// whether it is drawn as a group (``ViewTreeRenderer``), which blends its own drawing differently (a
  /// border over the background, anti-aliased edges) — its whole area is marked as damaged.
  func drawnSubviewDidChange(_ subview: View, wasDrawn: Bool, isDrawn: Bool) {
    guard alpha < 1, wasDrawn != isDrawn,
      !subviews.contains(where: { $0 !== subview && $0.isDrawn })
    else { return }
    invalidateOwnArea()
  }

  /// The area, in this view's coordinates, that drawing this view and its subtree may touch: its bounds,
  /// joined with its subviews' areas unless it clips to its bounds. Hidden subviews count too (so that
  /// hiding one damages where it was). A renderer skips a subtree whose area misses what it redraws.
  ///
  /// - Complexity: O(1) when nothing in the subtree changed since it was last read; otherwise O(c) in
  ///   the views that changed and their ancestors, plus O(n) in the subviews of each view whose area must
  ///   be joined again (`SubviewAreas`).
  public var subtreeBounds: Rect {
    updateSubviewAreas(union: true).subtreeBounds
  }
}
