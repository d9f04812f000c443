import TactileGeometry

/// The pan that drags a page sheet down (``PresentationController/dismissPanGestureRecognizer``),
/// coordinated with the scroll views inside the sheet as UIKit's sheets are.
///
/// - **Who goes first:** the pan of every ``ScrollView`` inside the sheet waits for this pan to fail
///   before it begins. Both decide on the same move, once the finger passed the pan threshold, so the
///   wait costs a scroll view no motion.
/// - **When the sheet takes the drag:** always, when no scroll view under the finger could take it.
///   Over a scroll view that can be dragged along the drag's main axis (its content scrolls, or it
///   bounces that way), only a drag mostly downward while that scroll view is at its top
///   (``ScrollView/minimumContentOffset``) moves the sheet — and the scroll view then does not bounce.
///   Otherwise this pan fails and the scroll view scrolls; the decision holds until the fingers lift,
///   so a drag that began by scrolling never turns into a dismissal half-way.
final class SheetDismissalPanGestureRecognizer: PanGestureRecognizer {
  override func beginRefusal(translation: Point) -> String? {
    let horizontal = abs(translation.x) > abs(translation.y)
    for scrollView in scrollViewsUnderTouches() {
      let axes = scrollView.draggableAxes
      if horizontal {
        if axes.x { return "the drag is sideways over a scroll view that scrolls sideways" }
      } else if axes.y {
        if translation.y <= 0 { return "the drag is upward over a scroll view that scrolls vertically" }
        if scrollView.contentOffset.y > scrollView.minimumContentOffset.y {
          return "the scroll view under the finger is not at its top"
        }
      }
    }
    return nil
  }

  override func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool {
    guard other is ScrollViewPanGestureRecognizer, let sheet = view, let scrollView = other.view else {
      return false
    }
    return scrollView !== sheet && scrollView.isDescendant(of: sheet)
  }

  /// The enabled scroll views between the touched views and the sheet, innermost first.
  private func scrollViewsUnderTouches() -> [ScrollView] {
    guard let sheet = view else { return [] }
    var found: [ScrollView] = []
    for touch in activeTouches {
      var current = touch.view
      while let view = current, view !== sheet {
        if let scrollView = view as? ScrollView, scrollView.isScrollEnabled,
          !found.contains(where: { $0 === scrollView })
        {
          found.append(scrollView)
        }
        current = view.superview
      }
    }
    return found
  }
}
