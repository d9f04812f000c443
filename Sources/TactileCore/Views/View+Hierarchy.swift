/// Adding, ordering and removing subviews, and the hooks that announce it.
///
/// Order matters: ``View/subviews`` lists views bottom-most first; the last one is drawn on top and
/// hit-tested first. Every operation that changes a view's window runs, on each view of the moving
/// subtree, ``View/willMove(toWindow:)`` before and ``View/didMoveToWindow()`` after the change; a
/// controller whose root view is in the subtree gets ``ViewController/viewWillAppear(_:)`` /
/// ``ViewController/viewDidAppear(_:)`` when it enters a window, and the `Disappear` pair when it
/// leaves.
///
/// Leaving a window (rules of issue 4, "removal cancels"):
/// - the window's first responder, when it is in the leaving subtree, is asked to resign and loses the
///   role whatever it answers;
/// - every live touch bound to a view of the subtree is cancelled: the view gets
///   `touchesCancelled(_:with:)` for it, once, right away — or, when the removal happens during touch
///   delivery (a view removing itself in `touchesBegan`), as soon as the delivery call in progress
///   returns. In that deferred case the subtree is already detached, so a default implementation's
///   forwarding stops at the subtree's root instead of reaching the old superview. Later platform input
///   for that finger is ignored.
///
/// The operations (``View/addSubview(_:)``, the `insertSubview` family, ``View/bringSubviewToFront(_:)``,
/// ``View/sendSubviewToBack(_:)``, ``View/removeFromSuperview()``) are `open` members of the class body,
/// as in UIKit; each calls the helpers here, never another of them, so overriding one changes only it.
///
/// **A view added as its own ancestor (bad input):** adding a view to itself or to one of its
/// descendants is refused: nothing changes and the call returns `false` (UIKit raises an exception).
extension View {
  /// The body of ``View/insertSubview(_:at:)`` (and of the other insertions): puts `view` at `index`
  /// of ``subviews`` (clamped), removing it from its old superview first; `false`, changing nothing,
  /// when `view` is this view or one of its ancestors.
  func place(_ view: View, at index: Int) -> Bool {
    guard !isDescendant(of: view) else { return false }
    if view.superview === self {
      let old = indexOf(view)!
      storedSubviews.remove(at: old)
      let new = min(max(index, 0), storedSubviews.count)
      storedSubviews.insert(view, at: new)
      subviewsDidChange()
      view.invalidateOwnArea()
      return true
    }
    view.move(to: self, at: index)
    return true
  }

  /// The index that puts `view` just above `sibling` (on top when `sibling` is not a subview), counted
  /// after `view` leaves its current place.
  func insertionIndex(of view: View, above sibling: View) -> Int {
    let index = indexOf(sibling).map { $0 + 1 } ?? subviews.count
    return view.superview === self && indexOf(view)! < index ? index - 1 : index
  }

  /// The index that puts `view` just below `sibling` (at the bottom when `sibling` is not a subview).
  func insertionIndex(of view: View, below sibling: View) -> Int {
    let index = indexOf(sibling) ?? 0
    return view.superview === self && indexOf(view)! < index ? index - 1 : index
  }

  /// Whether this view is `view` or one of its descendants.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let candidate = current {
      if candidate === view { return true }
      current = candidate.superview
    }
    return false
  }

  /// The window this view is in: the nearest view of its superview chain, itself included, that is a
  /// ``Window``; `nil` when it is in no window.
  public var window: Window? {
    var current: View? = self
    while let candidate = current {
      if let window = candidate as? Window { return window }
      current = candidate.superview
    }
    return nil
  }

  private func indexOf(_ view: View) -> Int? {
    for index in storedSubviews.indices where storedSubviews[index] === view { return index }
    return nil
  }

  /// Detaches the view from its superview and attaches it to `newSuperview` (or nowhere), running every
  /// hook and the window-leaving rules in UIKit's order.
  func move(to newSuperview: View?, at index: Int) {
    let oldWindow = window
    let newWindow = newSuperview?.window
    let changesWindow = oldWindow !== newWindow
    willMove(toSuperview: newSuperview)
    if changesWindow {
      forEachInSubtree {
        $0.willMove(toWindow: newWindow)
        $0.owningViewController?.viewWillMove(toWindow: newWindow)
      }
    }
    if changesWindow, let oldWindow { oldWindow.subtreeWillLeave(self) }
    if let old = superview {
      old.willRemoveSubview(self)
      invalidateOwnArea()
      let position = old.indexOf(self)!
      old.storedSubviews.remove(at: position)
      old.subviewsDidChange()
      old.drawnSubviewDidChange(self, wasDrawn: isDrawn, isDrawn: false)
      old.setNeedsLayout()
      old.postAccessibilityEvent(.childrenChanged(old))
    }
    superview = newSuperview
    if let newSuperview {
      let position = min(max(index, 0), newSuperview.storedSubviews.count)
      newSuperview.storedSubviews.insert(self, at: position)
      newSuperview.subviewsDidChange()
      newSuperview.drawnSubviewDidChange(self, wasDrawn: false, isDrawn: isDrawn)
      invalidateOwnArea()
      newSuperview.setNeedsLayout()
      newSuperview.didAddSubview(self)
      newSuperview.postAccessibilityEvent(.childrenChanged(newSuperview))
    }
    if changesWindow {
      if let newWindow { forEachInSubtree { $0.attach(to: newWindow) } }
      forEachInSubtree {
        $0.didMoveToWindow()
        $0.owningViewController?.viewDidMove(toWindow: newWindow)
      }
    }
    didMoveToSuperview()
  }

  /// Runs `body` on this view and every descendant, parents before children.
  func forEachInSubtree(_ body: (View) -> Void) {
    body(self)
    for subview in subviews { subview.forEachInSubtree(body) }
  }

  /// Carries a pending layout request over to a newly joined window.
  private func attach(to window: Window) {
    if needsLayout { window.requestFrame() }
  }
}
