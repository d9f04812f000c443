import TactileGeometry

/// The tree assistive technology sees, built from the view tree.
///
/// Rules:
/// - An *element* (``View/isAccessibilityElement``) stands for itself and its whole subtree: its
///   subviews are never elements of their own.
/// - A *container* holds elements: a ``Window``, and any view whose ``View/accessibilityElements`` the
///   app set (it holds exactly those, in that order, when they are shown).
/// - Any other view is transparent: the elements and containers inside it count as its nearest
///   container's, in its place.
/// - A shown ``View/accessibilityViewIsModal`` view hides its siblings (the topmost modal one is read
///   alone in their place).
/// - Shown means not hidden, not transparent (alpha below ``View/minimumVisibleAlpha``) and not inside a
///   view whose ``View/accessibilityElementsHidden`` is set.
/// - Reading order, without an app's list: a view's shown subviews from top to bottom, then left to
///   right, by their frames' top-left corners (subview order breaks ties).
///
/// Changes reach ``Application/accessibilityObserver`` as ``AccessibilityEvent``s.
extension View {
  /// Whether this view is a container of elements (a window, or a view with an app's list).
  public var isAccessibilityContainer: Bool {
    self is Window || accessibilityElements != nil
  }

  /// The elements and containers directly inside this one, in reading order (empty for an element,
  /// which stands for its subtree).
  ///
  /// - Complexity: O(*n* log *n*) in the views of the subtree down to its elements.
  public var accessibilityChildren: [View] {
    if let accessibilityElements {
      return accessibilityElements.filter { $0.isShownToAccessibility(below: self) }
    }
    guard !isAccessibilityElement || self is Window else { return [] }
    var children: [View] = []
    collectAccessibilityChildren(into: &children)
    return children
  }

  /// The container this element or container is read in: the nearest ancestor that is a container or
  /// lists it; `nil` for a window or a view in no container.
  public var accessibilityContainer: View? {
    var current = superview
    while let candidate = current {
      if candidate.isAccessibilityContainer || candidate.isAccessibilityElement { return candidate }
      current = candidate.superview
    }
    return nil
  }

  /// Posts ``AccessibilityEvent`` `event` to the observer of this view's application, if any.
  func postAccessibilityEvent(_ event: @autoclosure () -> AccessibilityEvent) {
    guard let observer = window?.application.accessibilityObserver else { return }
    observer.accessibilityDidReceive(event())
  }

  /// Appends the elements and containers of the shown subviews, looking through transparent views.
  private func collectAccessibilityChildren(into children: inout [View]) {
    var shown = subviews.enumerated().filter { $0.element.isDrawn && !$0.element.accessibilityElementsHidden }
    // A modal view hides its siblings: the topmost shown one is read alone.
    if let modal = shown.last(where: { $0.element.accessibilityViewIsModal }) { shown = [modal] }
    let ordered = shown.sorted { a, b in
      let (pa, pb) = (a.element.frame.origin, b.element.frame.origin)
      if pa.y != pb.y { return pa.y < pb.y }
      if pa.x != pb.x { return pa.x < pb.x }
      return a.offset < b.offset
    }
    for (_, subview) in ordered {
      if subview.isAccessibilityElement || subview.isAccessibilityContainer {
        children.append(subview)
      } else {
        subview.collectAccessibilityChildren(into: &children)
      }
    }
  }

  /// Whether this view and every view between it and `container` are shown.
  private func isShownToAccessibility(below container: View) -> Bool {
    var current: View? = self
    while let view = current, view !== container {
      if !view.isDrawn || view.accessibilityElementsHidden { return false }
      current = view.superview
    }
    return true
  }
}

extension Application {
  /// Tells assistive technology about a change it cannot see by itself (a new screen, an
  /// announcement): the ``accessibilityObserver`` receives it as ``AccessibilityEvent/notification(_:)``.
  public func postAccessibilityNotification(_ notification: AccessibilityNotification) {
    accessibilityObserver?.accessibilityDidReceive(.notification(notification))
  }
}
