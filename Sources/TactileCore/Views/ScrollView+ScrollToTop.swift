import TactileGeometry

/// Scrolling to the top on the user's request, as UIKit's tap on the status bar:
/// ``Window/scrollToTop()``, which a tap on the title bar of the client-side frame
/// (``DecorationView/onTitleBarTap``) and Ctrl+Home reaching the window unhandled call.
///
/// - **Which scroll view:** the one visible scroll view of the window (in the window, neither it nor an
///   ancestor hidden or fully transparent) whose ``ScrollView/scrollsToTop`` is set. With none, or
///   with more than one, nothing scrolls (as in UIKit: turn `scrollsToTop` off on the others).
/// - **How:** when the delegate's ``ScrollViewDelegate/scrollViewShouldScrollToTop(_:)`` agrees, the
///   vertical offset moves to the top of the adjusted inset (`-adjustedContentInset.top`) over 0.3 s
///   (ease in and out), the horizontal offset staying; a touch stops it like any animated scroll. Once
///   it ends at the top (or at once, when already there) the delegate is told
///   ``ScrollViewDelegate/scrollViewDidScrollToTop(_:)``.
extension Window {
  /// Scrolls the window's one scroll-to-top scroll view to its top (rules on
  /// `ScrollView+ScrollToTop.swift`).
  ///
  /// - Returns: Whether a scroll view was asked and agreed.
  /// - Complexity: O(n) in the window's visible views.
  @discardableResult
  public func scrollToTop() -> Bool {
    var found: [ScrollView] = []
    func visit(_ view: View) {
      guard !view.isHidden, view.alpha > 0, found.count < 2 else { return }
      if let scrollView = view as? ScrollView, scrollView.scrollsToTop { found.append(scrollView) }
      for subview in view.subviews { visit(subview) }
    }
    visit(self)
    guard found.count == 1, let scrollView = found.first else { return false }
    return scrollView.scrollToTopOnRequest()
  }

  /// Whether `presses` hold Ctrl+Home, the scroll-to-top key.
  static func requestScrollToTop(_ presses: Set<Press>) -> Bool {
    presses.contains { $0.key.name == .home && $0.key.modifierFlags.contains(.control) }
  }
}

extension ScrollView {
  /// Scrolls to the top when the delegate agrees, telling it when the content got there.
  func scrollToTopOnRequest() -> Bool {
    guard delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
    let top = Point(x: contentOffset.x, y: -adjustedContentInset.top)
    guard contentOffset != top else {
      delegate?.scrollViewDidScrollToTop(self)
      return true
    }
    let arrived = { [weak self] (position: PropertyAnimator.Position) in
      guard let self, position == .end else { return }
      delegate?.scrollViewDidScrollToTop(self)
    }
    animateScrolling(duration: 0.3, curve: .easeInOut, completion: arrived) { [self] in contentOffset = top }
    return true
  }
}
