import TactileGeometry

/// Frame, bounds, centre and transform: how a view is placed in its superview. The four properties are
/// declared `open` in the class body (a subclass overrides them as in UIKit, and every assignment
/// goes through the override); what a change does is here.
///
/// The three stored values are ``View/center``, ``View/bounds`` and ``View/transform``; ``View/frame`` is
/// derived: the smallest axis-aligned rectangle, in superview coordinates, covering the bounds transformed
/// about the centre. Non-finite assignments are ignored (see ``View``).
extension View {
  /// Runs `change`; when it changed the geometry, reports the old values to an animation being captured
  /// (``PropertyAnimator``), marks the old and new areas as damaged, asks for layout when the size
  /// changed and calls ``View/boundsDidChange(from:)``. Assigning the current value (as layout passes
  /// do) marks nothing.
  func changeGeometry(_ change: () -> Void) {
    let old = (center: storedCenter, bounds: storedBounds, transform: storedTransform)
    change()
    let new = (center: storedCenter, bounds: storedBounds, transform: storedTransform)
    guard new != old else { return }
    if new.center != old.center { AnimationCapture.note(self, .center, old: .point(old.center)) }
    if new.bounds != old.bounds { AnimationCapture.note(self, .bounds, old: .rect(old.bounds)) }
    if new.transform != old.transform {
      AnimationCapture.note(self, .transform, old: .transform(old.transform))
    }
    // The old area is measured with the old geometry, the new one with the new.
    (storedCenter, storedBounds, storedTransform) = old
    invalidateOwnArea()
    (storedCenter, storedBounds, storedTransform) = new
    if new.bounds != old.bounds { ownAreaDidChange() } else { areaInSuperviewDidChange() }
    invalidateOwnArea()
    if new.bounds.size != old.bounds.size { setNeedsLayout() }
    if new.bounds != old.bounds { boundsDidChange(from: old.bounds) }
  }
}
