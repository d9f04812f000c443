/// What a window does when a subtree leaves it (removed, or moved to another window): the rules on
/// `View+Hierarchy.swift` — first responder resigned, touches and presses bound to the subtree cancelled,
/// hover and pointer-button presses forgotten (their releases are then ignored).
extension Window {
  /// Called by the hierarchy operations before `root` is detached (so the responder chain of the
  /// cancelled touches is still the one they began with).
  func subtreeWillLeave(_ root: View) {
    if let responder = firstResponder, Self.responder(responder, isIn: root) {
      _ = responder.resignFirstResponder()
      if firstResponder === responder { firstResponder = nil }
    }
    cancelTouches(inSubtreeOf: root)
    let timestamp = touchTracker.liveTouches.map(\.timestamp).max() ?? 0
    cancelPresses(timestamp: timestamp) { $0.map { Self.responder($0, isIn: root) } ?? false }
    hoveredViews = hoveredViews.filter { $0.value.object.map { !$0.isDescendant(of: root) } ?? false }
    pointerButtonResponders = pointerButtonResponders.filter {
      $0.value.object.map { !Self.responder($0, isIn: root) } ?? false
    }
  }

  /// Whether `responder` is a view of `root`'s subtree, or a controller whose view is.
  private static func responder(_ responder: Responder, isIn root: View) -> Bool {
    if let view = responder as? View { return view.isDescendant(of: root) }
    if let controller = responder as? ViewController, controller.isViewLoaded {
      return controller.view.isDescendant(of: root)
    }
    return false
  }
}
