import TactileGeometry

/// Frame, bounds, centre and transform: how a view is placed in its superview.
///
/// The three stored values are ``View/center``, ``View/bounds`` and ``View/transform``; ``View/frame`` is
/// derived: the smallest axis-aligned rectangle, in superview coordinates, covering the bounds transformed
/// about the centre. Non-finite assignments are ignored (see ``View``).
extension View {
  /// The view's rectangle in its superview's coordinates.
  ///
  /// Setting it moves ``center`` to the rectangle's midpoint and sets the bounds size to the rectangle's
  /// size, keeping the bounds origin. With a non-identity ``transform`` the frame read back is the
  /// transformed rectangle, not the one assigned (UIKit calls the frame undefined in that case).
  public var frame: Rect {
    get {
      let size = storedBounds.size
      let local = Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
      if storedTransform.isIdentity { return local.offsetBy(dx: storedCenter.x, dy: storedCenter.y) }
      return storedTransform.apply(to: local).offsetBy(dx: storedCenter.x, dy: storedCenter.y)
    }
    set {
      guard newValue.isFinite else { return }
      let rect = newValue.standardized
      changeGeometry {
        storedCenter = rect.center
        storedBounds.size = rect.size
      }
    }
  }

  /// The view's own coordinate space: its origin is the point drawn at the top-left corner (a scroll view
  /// scrolls by moving it), its size the view's untransformed size.
  public var bounds: Rect {
    get { storedBounds }
    set {
      guard newValue.isFinite else { return }
      changeGeometry { storedBounds = newValue.standardized }
    }
  }

  /// The view's centre in its superview's coordinates.
  public var center: Point {
    get { storedCenter }
    set {
      guard newValue.isFinite else { return }
      changeGeometry { storedCenter = newValue }
    }
  }

  /// A transform applied about the centre (scale, rotation, translation). Hit-testing and conversion
  /// respect it; a transform that cannot be inverted (scale 0) makes the view untouchable, because no
  /// point maps into it.
  public var transform: AffineTransform {
    get { storedTransform }
    set {
      guard newValue.isFinite else { return }
      changeGeometry { storedTransform = newValue }
    }
  }

  /// Runs `change`; when it changed the geometry, reports the old values to an animation being captured
  /// (``PropertyAnimator``), marks the old and new areas as damaged, asks for layout when the size
  /// changed and calls ``View/boundsDidChange(from:)``. Assigning the current value (as layout passes
  /// do) marks nothing.
  private func changeGeometry(_ change: () -> Void) {
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
