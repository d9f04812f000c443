import TactileGeometry

/// Keeping each view's ``SubviewAreas`` (its subviews' areas and its ``View/subtreeBounds``) true.
///
/// Who marks what, so that reading the cache always gives what computing it afresh would:
/// - a view's placement changes (centre, bounds or transform): its entry in its superview
///   (``areaInSuperviewDidChange()``); when its bounds changed, its own union too;
/// - `clipsToBounds` changes: the view's union and its entry in its superview;
/// - a subview is added, removed or reordered: the view's whole cache is dropped and the subviews'
///   positions renumbered (``subviewsDidChange()``), and its entry in its superview is marked;
/// - `isHidden` or `alpha` changes: the view's entry in its superview (whether it is drawn), nothing above
///   (its area is the same).
///
/// A view's entry in its superview depends on its union, so marking an entry goes on up the superview
/// chain until a view that clips to its bounds (whose own area is its bounds, whatever its subviews do).
/// Each step is O(1): the view knows its position in its superview's ``View/subviews``
/// (``View/indexInSuperview``).
extension View {
  /// The cache with every entry up to date, for a renderer; its ``SubviewAreas/subtreeBounds`` may be
  /// stale (use ``View/subtreeBounds``).
  func currentSubviewEntries() -> [SubviewAreas.Entry] {
    updateSubviewAreas(union: false).entries
  }

  /// The cache with its entries, and with its union too when `union`, up to date.
  func updateSubviewAreas(union: Bool) -> SubviewAreas {
    guard var areas = subviewAreaCache else {
      var built = SubviewAreas(of: self)
      if union { built.update(for: self) }
      subviewAreaCache = built
      return built
    }
    if union ? areas.isCurrent : areas.entriesAreCurrent { return areas }
    // Taken out of the view while it is updated so that its entries are not copied on write.
    subviewAreaCache = nil
    if union { areas.update(for: self) } else { areas.updateEntries(for: self) }
    subviewAreaCache = areas
    return areas
  }

  /// This view's area in its superview changed (its placement, or its subtree's area): marks its entry
  /// there, and the superview's own entry above it unless the superview clips to its bounds, and so on up.
  func areaInSuperviewDidChange() {
    var child = self
    while let parent = child.superview {
      parent.subviewAreaCache?.entryDidChange(at: child.indexInSuperview)
      guard !parent.clipsToBounds else { return }
      child = parent
    }
  }

  /// Whether this view is drawn changed (`isHidden`, `alpha`): marks its entry in its superview.
  func visibilityDidChange() {
    superview?.subviewAreaCache?.entryDidChange(at: indexInSuperview)
  }

  /// The view's bounds or `clipsToBounds` changed: its union and its entry in its superview.
  func ownAreaDidChange() {
    subviewAreaCache?.unionDidChange()
    areaInSuperviewDidChange()
  }

  /// ``View/subviews`` changed (added, removed or reordered): renumbers the subviews' positions, drops
  /// the cache and marks this view's entry in its superview.
  ///
  /// - Complexity: O(n) in the number of subviews.
  func subviewsDidChange() {
    for (index, subview) in subviews.enumerated() { subview.indexInSuperview = index }
    subviewAreaCache = nil
    areaInSuperviewDidChange()
  }
}
