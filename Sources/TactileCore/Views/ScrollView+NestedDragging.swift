import TactileGeometry

/// Handing a touch drag from a scroll view at its edge to an enclosing one, along the same axis.
///
/// The rule, for a scroll view whose ``ScrollView/panGestureRecognizer`` has the drag:
/// - **Which axis:** the one the drag mostly followed when it began; only that axis is handed off.
/// - **When:** only if this scroll view does not ``ScrollView/bounces`` (one that bounces pulls past its
///   edge instead, as UIKit's does), and only for the part of the drag that would take the content past
///   its edge — in the middle of the content nothing is handed off.
/// - **To whom:** the nearest enclosing ``ScrollView`` with ``ScrollView/isScrollEnabled`` whose content
///   can be dragged along that axis, chosen when the drag first goes past the edge and kept until the
///   fingers lift. Its offset is its offset at that moment plus the part beyond the edge (converted to
///   its coordinates), dragged with its own resistance when it bounces. Dragging back undoes it: that
///   scroll view returns to where it was before this one moves again. Its own pan recognizer is not
///   involved (it lost the touch), so its ``ScrollView/isDragging`` stays `false`.
/// - **Release:** if the enclosing scroll view is away from where the hand-off found it, the release is
///   its: it flings (or settles on a page) with the finger's velocity in its coordinates, and this one
///   stays at its edge. Otherwise this one flings as usual. Either fling stops at its own edges, or
///   springs back from them: deceleration never moves the other scroll view. A cancelled drag springs
///   both back inside their edges.
extension ScrollView {
  /// Moves the enclosing scroll view by the part of the drag towards `target` that this one could not
  /// follow (rules on `ScrollView+NestedDragging.swift`); called after ``dragTo(_:)``.
  func handOffDrag(beyond target: Point, _ pan: ScrollViewPanGestureRecognizer) {
    guard !bounces else { return }
    let beyond = target - contentOffset
    let excess = pan.dragIsHorizontal ? Point(x: beyond.x, y: 0) : Point(x: 0, y: beyond.y)
    if pan.handOff == nil {
      guard excess != .zero, let outer = enclosingScrollView(horizontal: pan.dragIsHorizontal) else { return }
      pan.handOff = (outer, outer.contentOffset)
    }
    guard let (outer, start) = pan.handOff else { return }
    outer.dragTo(start + convertVector(excess, to: outer))
  }

  /// Gives the release to the scroll view the drag was handed off to, if it moved.
  ///
  /// - Returns: Whether it took the release (then this scroll view does not fling).
  func finishHandOff(_ pan: ScrollViewPanGestureRecognizer, cancelled: Bool = false) -> Bool {
    guard let (outer, start) = pan.handOff else { return false }
    outer.scheduleIndicatorFade()
    if cancelled {
      outer.startMotion(velocity: .zero)
      return true
    }
    guard outer.contentOffset != start else { return false }
    let velocity = Point.zero - pan.velocity(in: outer)
    let along = pan.dragIsHorizontal ? Point(x: velocity.x, y: 0) : Point(x: 0, y: velocity.y)
    if outer.isPagingEnabled {
      outer.settleOnPage(velocity: along, from: start)
    } else {
      outer.startMotion(velocity: along)
    }
    return true
  }

  /// The nearest ancestor scroll view, with scrolling enabled, whose content a drag moves along the
  /// horizontal (or vertical) axis.
  private func enclosingScrollView(horizontal: Bool) -> ScrollView? {
    var ancestor = superview
    while let view = ancestor {
      if let scrollView = view as? ScrollView, scrollView.isScrollEnabled {
        let axes = scrollView.draggableAxes
        if horizontal ? axes.x : axes.y { return scrollView }
      }
      ancestor = view.superview
    }
    return nil
  }

  /// `vector` (in this view's coordinates) in `other`'s coordinates.
  private func convertVector(_ vector: Point, to other: View) -> Point {
    convert(vector, to: other) - convert(.zero, to: other)
  }
}
