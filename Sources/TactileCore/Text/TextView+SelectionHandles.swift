import TactileGeometry

/// The handles at the ends of a ``TextView``'s selection made by finger (a double tap, a long press):
/// a bar at each end with a knob, above the start and below the end. A finger that goes down on one
/// (within ``handleTouchSlop`` of its knob or bar) drags that end across characters and lines — the
/// other end stays, and the selection keeps at least one character — scrolling to keep the dragged end
/// visible; the scroll pan and the long press wait until it lifts. A pointer, a key or a tap hides
/// the handles.
extension TextView {
  /// How far from a handle's knob or bar a finger still grabs it, in points.
  public static let handleTouchSlop = 12.0

  /// Which handle `point` (view coordinates) grabs: `true` for the start's, `false` for the end's,
  /// `nil` for none (or when no handles show). Where both are in reach, the nearer knob.
  func selectionHandle(at point: Point) -> Bool? {
    guard let knobs = selectionHandleKnobs else { return nil }
    let ends = selectionEndCarets
    let slop = Self.handleTouchSlop
    func reach(_ knob: Rect, _ bar: Rect) -> Double? {
      let grabbed =
        knob.insetBy(dx: -slop, dy: -slop).contains(point) || bar.insetBy(dx: -slop, dy: 0).contains(point)
      guard grabbed else { return nil }
      let (dx, dy) = (point.x - knob.midX, point.y - knob.midY)
      return (dx * dx + dy * dy).squareRoot()
    }
    switch (reach(knobs.start, ends.start), reach(knobs.end, ends.end)) {
    case (let start?, let end?): return start <= end
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return nil
    }
  }

  /// Moves the selection's start (or end) to boundary `index`, keeping the other end and at least one
  /// character selected, and shows the moved end.
  func moveSelectionHandle(start: Bool, to index: Int) {
    let (lower, upper) = (selectedRange.lowerBound, selectedRange.upperBound)
    if start {
      select(from: upper, to: min(index, upper - 1))
    } else {
      select(from: lower, to: max(index, lower + 1))
    }
    scrollToCaret()
  }
}
