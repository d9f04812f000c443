/// What a ``PresentationController`` asks and tells about the user dismissing a presented controller,
/// like `UIAdaptivePresentationControllerDelegate`.
///
/// These methods concern only dismissals the user starts (a downward drag on a sheet, Escape); a
/// ``ViewController/dismiss(animated:completion:)`` call asks and tells nothing, as in UIKit.
@MainActor
public protocol PresentationControllerDelegate: AnyObject {
  /// Whether the user may dismiss the presented controller now. Asked when a drag begins and when
  /// Escape is pressed; `false` makes the sheet resist, as ``ViewController/isModalInPresentation``
  /// does. Default `true`.
  func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool

  /// The user tried to dismiss a controller that refuses (``ViewController/isModalInPresentation`` or
  /// ``presentationControllerShouldDismiss(_:)``): called when the drag ends or Escape is pressed.
  func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)

  /// A dismissal by the user begins (it may still be cancelled by the finger).
  func presentationControllerWillDismiss(_ presentationController: PresentationController)

  /// A dismissal by the user ended: the presented controller is gone.
  func presentationControllerDidDismiss(_ presentationController: PresentationController)
}

extension PresentationControllerDelegate {
  public func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
    true
  }
  public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {}
  public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
  public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
}
