import TactileGeometry
import TactileRaster

/// Shows one presented controller over its presenting controller's window and takes it away again, like
/// `UIPresentationController` (``ViewController/presentationController``).
///
/// ## Showing
/// The presented controller's view goes into ``containerView``, a view laid over the whole window on top
/// of its other subviews, above ``dimmingView``, which covers the window: touches outside the presented
/// view land on the dimming view and reach nothing below. A ``ModalPresentationStyle/pageSheet`` is
/// ``sheetTopGap`` points below the window's top safe-area inset, at most ``maximumSheetWidth`` wide and
/// centred, with rounded top corners, over the presenting content dimmed by a black
/// ``dimmingView`` at ``dimmingAlpha``; a ``ModalPresentationStyle/fullScreen`` controller fills the
/// window without dimming; an ``AlertController`` places itself. Presenting resigns a first responder
/// outside the presented view. An animated presentation slides the view up from below the bottom edge
/// (an alert fades in) and fades the dimming in over ``transitionDuration`` on the app's scheduler.
/// Once shown, and once gone, assistive technology is told that the screen changed
/// (``AccessibilityNotification/screenChanged(focus:)``); while shown, the container is modal to it.
///
/// ## Dismissing
/// ``ViewController/dismiss(animated:completion:)`` runs the motion back; when it ends, the presented
/// view and the container leave the window (the presented controller gets its `Disappear` callbacks),
/// ``ViewController/presentedViewController`` becomes `nil`, and the completion runs. The user dismisses
/// a page sheet by dragging it down (``dismissPanGestureRecognizer``, rules in
/// `PresentationController+InteractiveDismissal.swift`) or by pressing Escape (the container handles
/// ``Action/cancelOperation`` at the end of the presented controller's responder chain) — unless
/// ``ViewController/isModalInPresentation`` is set or the ``delegate`` refuses, in which case the
/// delegate hears of the attempt and the sheet stays.
@MainActor
public final class PresentationController {
  /// The seconds a presentation or dismissal takes.
  public static let transitionDuration = 0.35
  /// The opacity of the dimming over the presenting content while a sheet is shown.
  public static let dimmingAlpha = 0.4
  /// The points of presenting content left visible above a page sheet, below the top safe-area inset.
  public static let sheetTopGap = 10.0
  /// The widest a page sheet gets, in points; wider windows show it centred.
  public static let maximumSheetWidth = 700.0
  /// The radius of a page sheet's top corners, in points.
  public static let sheetCornerRadius = 10.0

  /// The controller shown.
  public private(set) weak var presentedViewController: ViewController?
  /// The controller that presented it, while it is presented.
  public private(set) weak var presentingViewController: ViewController?
  /// Asked and told about dismissals by the user.
  public weak var delegate: PresentationControllerDelegate?

  /// The view laid over the window that holds the dimming and the presented view.
  public let containerView: View
  /// The view between the presenting content and the presented view.
  public let dimmingView = View()
  /// The downward drag that dismisses a page sheet (attached to the presented view while presented); over
  /// a scroll view inside the sheet it takes only a downward drag while that scroll view is at its top
  /// (rules in `SheetDismissalPanGestureRecognizer.swift`).
  public let dismissPanGestureRecognizer: PanGestureRecognizer = SheetDismissalPanGestureRecognizer()

  /// The running presentation or dismissal.
  var transition: PropertyAnimator?
  /// Whether the running drag is on a sheet that refuses to go.
  var isResisting = false
  /// Called when the running dismissal ends.
  private var dismissalCompletion: (() -> Void)?

  init(presentedViewController: ViewController) {
    self.presentedViewController = presentedViewController
    let container = PresentationContainerView()
    containerView = container
    container.presentation = self
    dimmingView.backgroundColor = .black
    container.addSubview(dimmingView)
    dismissPanGestureRecognizer.name = "sheet dismissal"
    dismissPanGestureRecognizer.maximumNumberOfTouches = 1
    dismissPanGestureRecognizer.addAction { [weak self] recognizer in
      guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
      self.dismissalPanDidChange(pan)
    }
    let tap = TapGestureRecognizer()
    tap.addAction { [weak self] _ in
      guard let self, self.transition == nil else { return }
      self.layout?.dimmingViewWasTapped()
    }
    dimmingView.addGestureRecognizer(tap)
  }

  /// Whether the presented controller is shown (or on its way in or out).
  public var isPresented: Bool { presentingViewController != nil }

  /// How the presented controller lays itself out, when it does (an alert).
  private var layout: PresentationLayout? { presentedViewController as? PresentationLayout }

  /// Whether the user can try to dismiss by a drag or Escape: page sheets only.
  var isDismissibleByUser: Bool {
    layout == nil && presentedViewController?.modalPresentationStyle == .pageSheet
  }

  /// Whether the user may dismiss now: the controller is not modal and the delegate agrees.
  var userMayDismiss: Bool {
    guard let presented = presentedViewController, !presented.isModalInPresentation else { return false }
    return delegate?.presentationControllerShouldDismiss(self) ?? true
  }

  /// Shows the presented controller over `window` (rules on ``PresentationController``).
  func present(from presenting: ViewController, in window: Window, animated: Bool, completion: (() -> Void)?)
  {
    guard let presented = presentedViewController else { return }
    presentingViewController = presenting
    let view = presented.view
    containerView.frame = window.bounds
    window.addSubview(containerView)
    containerView.addSubview(view)
    let dims = layout != nil || presented.modalPresentationStyle == .pageSheet
    if presented.modalPresentationStyle == .pageSheet, layout == nil {
      let radius = Self.sheetCornerRadius
      view.cornerRadii = CornerRadii(topLeft: radius, topRight: radius, bottomRight: 0, bottomLeft: 0)
      view.clipsToBounds = true
      view.addGestureRecognizer(dismissPanGestureRecognizer)
    }
    layoutViews()
    if let responder = window.firstResponder, !responder.isInside(view) {
      _ = responder.resignFirstResponder()
    }
    let shownDimming = dims ? Self.dimmingAlpha : 0
    guard animated else {
      dimmingView.alpha = shownDimming
      window.application.postAccessibilityNotification(.screenChanged(focus: nil))
      completion?()
      return
    }
    dimmingView.alpha = 0
    hide(view)
    let animator = PropertyAnimator(duration: Self.transitionDuration, curve: .easeOut) { [self] in
      show(view)
      dimmingView.alpha = shownDimming
    }
    animator.addCompletion { [weak self, weak window] _ in
      self?.transition = nil
      window?.application.postAccessibilityNotification(.screenChanged(focus: nil))
      completion?()
    }
    transition = animator
    animator.startAnimation()
  }

  /// Takes the presented controller away (rules on ``PresentationController``).
  ///
  /// - Parameters:
  ///   - animated: Whether it slides (or fades) out over ``transitionDuration``.
  ///   - byUser: Whether the user asked for it (then the delegate is told when it ends).
  ///   - completion: Called when it is gone.
  func dismiss(animated: Bool, byUser: Bool, completion: (() -> Void)?) {
    guard isPresented else { return }
    finishTransition()
    dismissalCompletion = completion
    guard animated, containerView.window != nil else { return finishDismissal(byUser: byUser) }
    beginDismissal(byUser: byUser).startAnimation()
  }

  /// Escape: dismisses a page sheet the user may dismiss, or tells the delegate of the attempt.
  func dismissByEscape() {
    guard isPresented, transition == nil, !isResisting else { return }
    guard userMayDismiss else {
      delegate?.presentationControllerDidAttemptToDismiss(self)
      return
    }
    delegate?.presentationControllerWillDismiss(self)
    dismiss(animated: true, byUser: true, completion: nil)
  }

  /// Prepares the dismissal motion without starting it: at its end the presented controller is gone; at
  /// its start (a cancelled drag) everything stays.
  func beginDismissal(byUser: Bool) -> PropertyAnimator {
    let view = presentedViewController?.view
    let animator = PropertyAnimator(duration: Self.transitionDuration, curve: .easeInOut) { [self] in
      if let view { hide(view) }
      dimmingView.alpha = 0
    }
    animator.addCompletion { [weak self] position in
      guard let self else { return }
      self.transition = nil
      if position == .end { self.finishDismissal(byUser: byUser) }
    }
    transition = animator
    return animator
  }

  /// Removes the presented view and the container, and tells whoever waits.
  private func finishDismissal(byUser: Bool) {
    guard let presented = presentedViewController, isPresented else { return }
    let view = presented.view
    if let window = containerView.window, let responder = window.firstResponder, responder.isInside(view) {
      _ = responder.resignFirstResponder()
    }
    view.removeGestureRecognizer(dismissPanGestureRecognizer)
    view.removeFromSuperview()
    show(view)
    let application = containerView.window?.application
    containerView.removeFromSuperview()
    application?.postAccessibilityNotification(.screenChanged(focus: nil))
    presentingViewController?.presentedViewController = nil
    presentingViewController = nil
    if byUser { delegate?.presentationControllerDidDismiss(self) }
    let completion = dismissalCompletion
    dismissalCompletion = nil
    completion?()
  }

  /// Ends a running presentation or dismissal at once, where it was going.
  private func finishTransition() {
    guard let transition else { return }
    transition.stopAnimation(false)
    transition.finishAnimation(at: transition.isReversed ? .start : .end)
  }

  /// Puts the dimming over the container and the presented view where its style places it.
  func layoutViews() {
    dimmingView.frame = containerView.bounds
    guard let view = presentedViewController?.view else { return }
    let frame = presentedFrame(in: containerView.bounds)
    view.bounds = Rect(origin: view.bounds.origin, size: frame.size)
    view.center = frame.center
  }

  /// Where the presented view goes in a container of `bounds`.
  private func presentedFrame(in bounds: Rect) -> Rect {
    if let layout { return layout.presentedFrame(in: bounds, safeArea: containerView.safeAreaInsets) }
    guard presentedViewController?.modalPresentationStyle == .pageSheet else { return bounds }
    let top = containerView.safeAreaInsets.top + Self.sheetTopGap
    let width = min(bounds.width, Self.maximumSheetWidth)
    return Rect(x: (bounds.width - width) / 2, y: top, width: width, height: max(bounds.height - top, 0))
  }

  /// The presented view out of sight: below the bottom edge (an alert: transparent).
  private func hide(_ view: View) {
    if layout?.fadesInAndOut == true {
      view.alpha = 0
    } else {
      let distance = containerView.bounds.height - (view.center.y - view.bounds.height / 2)
      view.transform = AffineTransform(translationX: 0, y: max(distance, 0))
    }
  }

  /// The presented view where it rests.
  private func show(_ view: View) {
    view.alpha = 1
    view.transform = .identity
  }
}

/// A presented controller that places itself instead of following its ``ModalPresentationStyle`` (an
/// ``AlertController``): no drag or Escape dismisses it through the presentation controller.
@MainActor
protocol PresentationLayout: AnyObject {
  /// Where the presented view goes in a container of `bounds` with `safeArea` insets.
  func presentedFrame(in bounds: Rect, safeArea: EdgeInsets) -> Rect
  /// Whether it fades in and out instead of sliding from the bottom edge.
  var fadesInAndOut: Bool { get }
  /// A tap landed on the dimming view outside it.
  func dimmingViewWasTapped()
}

/// A presentation controller's ``PresentationController/containerView``: lays out the dimming and the
/// presented view, and at the end of the presented controller's responder chain turns Escape
/// (``Action/cancelOperation``) into a dismissal by the user of a page sheet.
///
/// To assistive technology the container is modal (what it covers is not read while it is shown) and,
/// around a sheet, a container of the presented view's elements named by the presented controller's
/// title (a dialog, to an AT-SPI2 bridge); around an alert it is transparent, the alert being its own
/// container.
@MainActor
package final class PresentationContainerView: View {
  weak var presentation: PresentationController?

  /// Whether the presented view is an alert's.
  package var presentsAlert: Bool { presentation?.presentedViewController is AlertController }

  /// The presented controller's title.
  override var defaultAccessibilityLabel: String? { presentation?.presentedViewController?.title }

  override var defaultAccessibilityViewIsModal: Bool { true }

  /// Around a sheet: the presented view (or its elements, when it is neither an element nor a
  /// container). Around an alert: none, the container being transparent.
  package override var accessibilityElements: [View]? {
    get {
      if let own = super.accessibilityElements { return own }
      guard !presentsAlert, let controller = presentation?.presentedViewController, controller.isViewLoaded
      else { return nil }
      let view = controller.view
      return view.isAccessibilityElement || view.isAccessibilityContainer
        ? [view] : view.accessibilityChildren
    }
    set { super.accessibilityElements = newValue }
  }

  package override func layoutSubviews() {
    presentation?.layoutViews()
  }

  package override func handler(for action: Action) -> ActionHandler? {
    guard action == .cancelOperation, let presentation, presentation.isDismissibleByUser else {
      return super.handler(for: action)
    }
    return { [weak presentation] _, _ in presentation?.dismissByEscape() }
  }
}

extension Responder {
  /// Whether this responder is `view` or a view inside it, or a controller whose view is.
  func isInside(_ view: View) -> Bool {
    if let own = self as? View { return own.isDescendant(of: view) }
    if let controller = self as? ViewController, controller.isViewLoaded {
      return controller.view.isDescendant(of: view)
    }
    return false
  }
}

extension Window {
  /// The controller presented last over this window and not yet dismissed, if any.
  var topPresentedViewController: ViewController? {
    for case let container as PresentationContainerView in subviews.reversed() {
      if let presented = container.presentation?.presentedViewController { return presented }
    }
    return nil
  }

  /// Keeps each presentation's container over the whole window after a resize.
  func resizePresentationContainers() {
    for case let container as PresentationContainerView in subviews { container.frame = bounds }
  }
}
