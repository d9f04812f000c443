import TactileGeometry

/// What a view remembers about its subviews so that a renderer can pass over the ones a frame does not
/// touch without reading them: each subview's area in the view's coordinates (its
/// ``View/subtreeBounds`` through its placement) and whether it is drawn (not hidden, alpha ≥ 0.01), in
/// the order of ``View/subviews``; and the view's own ``View/subtreeBounds``, their union with its bounds.
///
/// Kept by each view (``View/subviewAreaCache``) and brought up to date when read
/// (``View/currentSubviewEntries()``, ``View/subtreeBounds``). Changes mark only what they affect (``entryDidChange(at:)``,
/// ``unionDidChange()``), so a view moving among 1,000 siblings costs one entry, not 1,000; a change
/// to the list of subviews drops the whole cache. The rules for who marks what are on
/// `View+SubviewAreas.swift`.
@MainActor
struct SubviewAreas {
  /// One subview, as its superview sees it.
  struct Entry {
    /// The area the subview and its subtree may draw into, in the superview's coordinates
    /// (standardized: a non-negative width and height).
    var area: Rect
    /// Whether the subview is drawn at all: not hidden and alpha at least 0.01.
    var isDrawn: Bool
    /// Whether `area` and `isDrawn` must be read again from the subview.
    var isStale: Bool
  }

  /// One entry per subview, in the order of ``View/subviews``.
  private(set) var entries: [Entry]
  /// The indices of stale entries, each once.
  private var staleIndices: [Int] = []
  /// The view's ``View/subtreeBounds`` (valid when ``isCurrent``).
  private(set) var subtreeBounds = Rect.zero
  /// Whether ``subtreeBounds`` must be computed again.
  private var unionIsStale = true

  /// The areas of `view`'s subviews, read from each of them.
  ///
  /// - Complexity: O(n) in the number of subviews, plus bringing their own caches up to date.
  init(of view: View) {
    entries = view.subviews.map { Self.entry(for: $0) }
  }

  /// Whether no entry needs to be read again.
  var entriesAreCurrent: Bool { staleIndices.isEmpty }

  /// Whether ``subtreeBounds`` needs no computing either.
  var isCurrent: Bool { staleIndices.isEmpty && !unionIsStale }

  /// Marks the entry at `index` (a subview whose placement, subtree area or visibility changed) to be
  /// read again, and the union with it. An index beyond the entries is ignored.
  mutating func entryDidChange(at index: Int) {
    unionDidChange()
    guard entries.indices.contains(index), !entries[index].isStale else { return }
    entries[index].isStale = true
    staleIndices.append(index)
  }

  /// Marks the union (the view's ``View/subtreeBounds``) to be computed again: the view's bounds or
  /// `clipsToBounds` changed.
  mutating func unionDidChange() {
    unionIsStale = true
  }

  /// Reads the stale entries again from `view`'s subviews.
  ///
  /// - Complexity: O(s) in the stale entries (plus bringing those subviews' caches up to date).
  mutating func updateEntries(for view: View) {
    guard !staleIndices.isEmpty else { return }
    let subviews = view.subviews
    for index in staleIndices { entries[index] = Self.entry(for: subviews[index]) }
    staleIndices.removeAll(keepingCapacity: true)
  }

  /// Brings the entries up to date and computes ``subtreeBounds`` when needed.
  ///
  /// - Complexity: O(s) in the stale entries, plus O(n) in all entries when the union must be computed
  ///   and `view` does not clip to its bounds.
  mutating func update(for view: View) {
    updateEntries(for: view)
    guard unionIsStale else { return }
    // Joined in the order of the subviews, so that the result does not depend on which entries changed.
    var area = view.bounds
    if !view.clipsToBounds {
      for entry in entries { area = area.union(entry.area) }
    }
    subtreeBounds = area
    unionIsStale = false
  }

  private static func entry(for subview: View) -> Entry {
    Entry(
      area: subview.transformToSuperview.apply(to: subview.subtreeBounds),
      isDrawn: subview.isDrawn, isStale: false)
  }
}
