import TactileGeometry

/// Converting points and rectangles between the coordinate spaces of two views.
///
/// Conversion respects bounds origins, centres and transforms all the way up to the common root. Views
/// in unrelated trees are converted as if their roots' coordinate spaces were the same (two windows at
/// the same origin). Converting *into* a view whose accumulated transform cannot be inverted gives a
/// point with NaN coordinates, which no rectangle contains — so such a view is never hit.
extension View {
  /// The transform from this view's coordinates to its superview's.
  var transformToSuperview: AffineTransform {
    let boundsCenter = storedBounds.center
    if storedTransform.isIdentity {
      return AffineTransform(
        translationX: storedCenter.x - boundsCenter.x, y: storedCenter.y - boundsCenter.y)
    }
    return AffineTransform(translationX: -boundsCenter.x, y: -boundsCenter.y)
      .concatenating(storedTransform)
      .concatenating(AffineTransform(translationX: storedCenter.x, y: storedCenter.y))
  }

  /// Converts `point` from the superview's coordinates to this view's, as `convert(point, from:
  /// superview)` does, without building and inverting a transform when the view has none (hit-testing
  /// converts into every subview it asks).
  func convertFromSuperview(_ point: Point) -> Point {
    guard storedTransform.isIdentity else { return convertFromSuperviewThroughTransform(point) }
    let boundsCenter = storedBounds.center
    return Point(
      x: point.x + (boundsCenter.x - storedCenter.x), y: point.y + (boundsCenter.y - storedCenter.y))
  }

  /// ``convertFromSuperview(_:)`` for a view with a transform, out of line so that the common case
  /// inlined into hit-testing's loop stays small.
  @inline(never)
  private func convertFromSuperviewThroughTransform(_ point: Point) -> Point {
    guard let inverse = transformToSuperview.inverted() else { return Point(x: .nan, y: .nan) }
    return inverse.apply(to: point)
  }

  /// The transform from this view's coordinates to its root's (the top of its superview chain).
  var transformToRoot: AffineTransform {
    var result = AffineTransform.identity
    var view: View? = self
    while let current = view, let parent = current.superview {
      result = result.concatenating(current.transformToSuperview)
      view = parent
    }
    return result
  }

  /// The transform from this view's coordinates to `other`'s (`nil`: this view's window, or its root).
  private func transform(to other: View?) -> AffineTransform? {
    guard let target = other ?? window else { return transformToRoot }
    if target === self { return .identity }
    if target === superview { return transformToSuperview }
    if target.superview === self { return target.transformToSuperview.inverted() }
    guard let inverse = target.transformToRoot.inverted() else { return nil }
    return transformToRoot.concatenating(inverse)
  }

  /// Converts `point` from this view's coordinates to `view`'s.
  ///
  /// - Parameters:
  ///   - point: A point in this view's coordinates.
  ///   - view: The target view; `nil` means this view's window (its root when it is in no window).
  /// - Returns: The same location in `view`'s coordinates; NaN coordinates when `view`'s transform
  ///   cannot be inverted.
  public func convert(_ point: Point, to view: View?) -> Point {
    guard let t = transform(to: view) else { return Point(x: .nan, y: .nan) }
    return t.apply(to: point)
  }

  /// Converts `point` from `view`'s coordinates (`nil`: this view's window) to this view's.
  public func convert(_ point: Point, from view: View?) -> Point {
    guard let source = view ?? window else {
      guard let inverse = transformToRoot.inverted() else { return Point(x: .nan, y: .nan) }
      return inverse.apply(to: point)
    }
    return source.convert(point, to: self)
  }

  /// Converts `rect` from this view's coordinates to `view`'s (`nil`: the window). With rotation the
  /// result is the smallest axis-aligned rectangle covering the converted corners.
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    guard let t = transform(to: view) else { return Rect(x: .nan, y: .nan, width: .nan, height: .nan) }
    return t.apply(to: rect)
  }

  /// Converts `rect` from `view`'s coordinates (`nil`: the window) to this view's.
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    guard let source = view ?? window else {
      guard let inverse = transformToRoot.inverted() else {
        return Rect(x: .nan, y: .nan, width: .nan, height: .nan)
      }
      return inverse.apply(to: rect)
    }
    return source.convert(rect, to: self)
  }
}
