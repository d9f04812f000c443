import TactileGeometry

/// A stack of view controllers shown one at a time under a ``NavigationBar``, like
/// `UINavigationController`.
///
/// ## Pushing and popping
/// ``pushViewController(_:animated:)`` makes a controller a child and shows its view below the bar,
/// sliding in from the trailing edge over ``transitionDuration`` while the previous view slides a third
/// of the width out the other way; ``popViewController(animated:)`` runs the same motion back. When the
/// motion ends, the covered view leaves the window (so its controller gets the `Disappear` callbacks) and
/// the popped controller leaves the stack: ``viewControllers`` changes when a pop *ends*, a push at
/// once. A push or pop during a running one first finishes that one. Without a window, or with
/// `animated` false, the change happens at once. The bar shows the top controller's
/// ``ViewController/title`` and a back button that pops. When a push or pop has shown the new top
/// controller, assistive technology is told that the screen changed
/// (``AccessibilityNotification/screenChanged(focus:)``).
///
/// ## The interactive pop
/// ``interactivePopGestureRecognizer``, a ``ScreenEdgePanGestureRecognizer`` on the window's leading
/// edge, begins only with more than one controller and no transition running. The finger then drives
/// the pop: the views sit where the pop would have them at `translation / width`. When the finger lifts,
/// the pop finishes if it moves toward the trailing edge faster than ``popFinishVelocity`` points per
/// second, or is past half-way and not moving back faster than that; otherwise it slides back and the
/// stack is unchanged (rules: `NavigationController+InteractivePop.swift`).
///
/// **Bad input:** pushing a controller that is already in the stack is ignored (UIKit raises an
/// exception); popping the root controller returns `nil` and changes nothing.
@MainActor
open class NavigationController: ViewController, GestureRecognizerDelegate {
  /// The seconds a push or pop takes.
  public static let transitionDuration = 0.35

  /// The speed toward the trailing edge, in points per second, above which a released interactive pop
  /// finishes whatever its progress.
  public static let popFinishVelocity = 300.0

  /// The controllers in the stack, the root first and the top (shown) last.
  public private(set) var viewControllers: [ViewController] = []

  /// The bar above the top controller's view.
  public let navigationBar = NavigationBar()

  /// The leading-edge swipe that pops interactively.
  public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer()

  /// The running push or pop.
  var transition: PropertyAnimator?

  /// A navigation controller showing `rootViewController`.
  public init(rootViewController: ViewController) {
    super.init()
    interactivePopGestureRecognizer.edges = .left
    interactivePopGestureRecognizer.delegate = self
    interactivePopGestureRecognizer.addAction { [weak self] recognizer in
      guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
      self.interactivePopDidChange(pan)
    }
    setHandler({ [weak self] _, _ in self?.popViewController(animated: true) }, for: .navigateBack)
    navigationBar.backButton.addTarget(self, action: .navigateBack, for: .touchUpInside)
    pushViewController(rootViewController, animated: false)
  }

  /// The controller shown, the last of ``viewControllers``.
  public var topViewController: ViewController? { viewControllers.last }

  open override func loadView() {
    let container = NavigationContainerView()
    container.controller = self
    view = container
  }

  open override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(navigationBar)
    view.addGestureRecognizer(interactivePopGestureRecognizer)
    if let top = topViewController { show(top) }
  }

  /// Pushes `viewController` onto the stack and shows it (rules on ``NavigationController``).
  public func pushViewController(_ viewController: ViewController, animated: Bool) {
    guard !viewControllers.contains(where: { $0 === viewController }) else { return }
    finishTransition()
    let previous = topViewController
    addChild(viewController)
    viewControllers.append(viewController)
    updateBar()
    guard isViewLoaded else { return viewController.didMove(toParent: self) }
    show(viewController)
    guard let previous, animated, view.window != nil else {
      previous?.view.removeFromSuperview()
      viewController.didMove(toParent: self)
      return postScreenChanged()
    }
    let width = view.bounds.width
    viewController.view.transform = AffineTransform(translationX: width, y: 0)
    let animator = PropertyAnimator(duration: Self.transitionDuration, curve: .easeInOut) {
      viewController.view.transform = .identity
      previous.view.transform = AffineTransform(translationX: -width / 3, y: 0)
    }
    animator.addCompletion { [weak self] _ in
      previous.view.removeFromSuperview()
      previous.view.transform = .identity
      self?.transition = nil
      viewController.didMove(toParent: self)
      self?.postScreenChanged()
    }
    transition = animator
    animator.startAnimation()
  }

  /// Pops the top controller (rules on ``NavigationController``).
  ///
  /// - Returns: The controller popped (still in ``viewControllers`` until an animated pop ends), or
  ///   `nil` at the root.
  @discardableResult
  public func popViewController(animated: Bool) -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    finishTransition()
    let popped = viewControllers[viewControllers.count - 1]
    guard isViewLoaded, animated, view.window != nil else {
      completePop()
      return popped
    }
    beginPop().startAnimation()
    return popped
  }

  /// Starts the pop motion, not yet running: the view below is shown a third of the width out, and the
  /// animator, at its end, removes the top controller (at its start, puts everything back).
  func beginPop() -> PropertyAnimator {
    let top = viewControllers[viewControllers.count - 1]
    let below = viewControllers[viewControllers.count - 2]
    let width = view.bounds.width
    show(below, under: top)
    below.view.transform = AffineTransform(translationX: -width / 3, y: 0)
    let animator = PropertyAnimator(duration: Self.transitionDuration, curve: .easeInOut) {
      top.view.transform = AffineTransform(translationX: width, y: 0)
      below.view.transform = .identity
    }
    animator.addCompletion { [weak self] position in
      guard let self else { return }
      self.transition = nil
      top.view.transform = .identity
      if position == .start {
        below.view.removeFromSuperview()
      } else {
        self.completePop()
      }
    }
    transition = animator
    return animator
  }

  /// Removes the top controller and its view, and shows the one below.
  private func completePop() {
    let popped = viewControllers.removeLast()
    popped.willMove(toParent: nil)
    if popped.isViewLoaded { popped.view.removeFromSuperview() }
    popped.removeFromParent()
    updateBar()
    if isViewLoaded, let top = topViewController { show(top) }
    postScreenChanged()
  }

  /// Tells assistive technology that a push or pop has shown another screen (as UIKit's navigation
  /// does): ``AccessibilityNotification/screenChanged(focus:)``, reading from the start.
  private func postScreenChanged() {
    guard isViewLoaded else { return }
    view.window?.application.postAccessibilityNotification(.screenChanged(focus: nil))
  }

  /// Ends a running push or pop at once, where it was going.
  func finishTransition() {
    guard let transition else { return }
    transition.stopAnimation(false)
    transition.finishAnimation(at: transition.isReversed ? .start : .end)
  }

  /// Puts `controller`'s view in the content area, below the bar (and below `upper` when given).
  private func show(_ controller: ViewController, under upper: ViewController? = nil) {
    let child = controller.view
    if let upper, upper.view.superview === view {
      view.insertSubview(child, belowSubview: upper.view)
    } else if child.superview !== view {
      view.insertSubview(child, belowSubview: navigationBar)
    }
    child.frame = contentFrame
  }

  /// The area below the bar.
  var contentFrame: Rect {
    let bar = NavigationBar.height
    return Rect(x: 0, y: bar, width: view.bounds.width, height: max(view.bounds.height - bar, 0))
  }

  private func updateBar() {
    let below = viewControllers.count > 1 ? viewControllers[viewControllers.count - 2] : nil
    navigationBar.show(title: topViewController?.title, backTitle: below.map { $0.title ?? "Back" })
  }

  /// A controller's title changed: show it if it is the top one or the one below.
  func titleDidChange(of controller: ViewController) {
    if viewControllers.suffix(2).contains(where: { $0 === controller }) { updateBar() }
  }

  // MARK: GestureRecognizerDelegate

  /// The interactive pop begins only with a controller to pop and no transition running.
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    gestureRecognizer !== interactivePopGestureRecognizer || (viewControllers.count > 1 && transition == nil)
  }
}

extension Action {
  /// Sent by a navigation bar's back button: pops the navigation controller.
  public static let navigateBack: Action = "navigateBack"
}

extension ViewController {
  /// The nearest ``NavigationController`` among this controller's parents, or `nil`.
  public var navigationController: NavigationController? {
    var ancestor = parent
    while let current = ancestor {
      if let navigation = current as? NavigationController { return navigation }
      ancestor = current.parent
    }
    return nil
  }
}

/// A navigation controller's root view: the bar across the top, the shown controllers' views below it.
@MainActor
final class NavigationContainerView: View {
  weak var controller: NavigationController?

  override func layoutSubviews() {
    guard let controller else { return }
    controller.navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: NavigationBar.height)
    for child in controller.viewControllers where child.isViewLoaded && child.view.superview === self {
      child.view.frame = controller.contentFrame
    }
  }
}
