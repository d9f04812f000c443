/// Modal presentation, like UIKit's `present(_:animated:completion:)` and
/// `dismiss(animated:completion:)`: a controller shows another over its window until one of them
/// dismisses it (how it is shown and dismissed: ``PresentationController``).
///
/// **Bad input:** presenting while this controller already presents one, presenting a controller that is
/// presented elsewhere, is a child, is this controller or one that presents it, or presenting from a
/// controller whose view is in no window, is ignored and the completion is not called (UIKit logs a
/// warning and does the same).
extension ViewController {
  /// The controller that presented this one, while it is presented.
  public var presentingViewController: ViewController? {
    storedPresentationController?.presentingViewController
  }

  /// The object that shows this controller when it is presented: made on first use, so that its
  /// ``PresentationController/delegate`` can be set before presenting, and kept across presentations.
  public var presentationController: PresentationController? {
    if let storedPresentationController { return storedPresentationController }
    let made = PresentationController(presentedViewController: self)
    storedPresentationController = made
    return made
  }

  /// Shows `viewControllerToPresent` over this controller's window in its
  /// ``modalPresentationStyle``.
  ///
  /// - Parameters:
  ///   - viewControllerToPresent: The controller to show.
  ///   - animated: Whether it slides in over ``PresentationController/transitionDuration`` (otherwise it
  ///     is shown at once).
  ///   - completion: Called when it is shown (after the motion, when animated).
  public func present(
    _ viewControllerToPresent: ViewController, animated: Bool, completion: (() -> Void)? = nil
  ) {
    var presenter: ViewController? = self
    while let current = presenter {
      if current === viewControllerToPresent { return }
      presenter = current.presentingViewController
    }
    guard presentedViewController == nil, viewControllerToPresent.presentingViewController == nil,
      viewControllerToPresent.parent == nil, isViewLoaded, let window = view.window,
      let presentation = viewControllerToPresent.presentationController
    else { return }
    presentedViewController = viewControllerToPresent
    presentation.present(from: self, in: window, animated: animated, completion: completion)
  }

  /// Dismisses the controller this one presents — or, when it presents none, this controller, when it
  /// is presented. A controller presented by the one dismissed goes first, at once.
  ///
  /// - Parameters:
  ///   - animated: Whether it slides out over ``PresentationController/transitionDuration``.
  ///   - completion: Called when it is gone (not called when there is nothing to dismiss).
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    guard let dismissed = presentedViewController ?? (presentingViewController == nil ? nil : self) else {
      return
    }
    if dismissed.presentedViewController != nil { dismissed.dismiss(animated: false) }
    dismissed.storedPresentationController?.dismiss(animated: animated, byUser: false, completion: completion)
  }
}

extension Action {
  /// Sent by Escape, as a key command matched before the key becomes a press (`Window+Presses.swift`):
  /// the user wants out of what is shown — a sheet or an alert handles it by dismissing itself.
  public static let cancelOperation: Action = "cancelOperation"

  /// Sent by Return, as a key command like ``cancelOperation``: an alert with a
  /// ``AlertController/preferredAction`` handles it by choosing that action.
  public static let choosePreferredAction: Action = "choosePreferredAction"
}
