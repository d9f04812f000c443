import TactileGeometry

/// The interactive dismissal of a page sheet: a downward drag scrubs the dismissal motion with the
/// finger.
///
/// - **Which drags:** any on the sheet, except over a scroll view inside it that can move along the drag,
///   where only a downward drag starting at that scroll view's top is the sheet's (rules in
///   `SheetDismissalPanGestureRecognizer.swift`).
/// - **Began:** when the user may dismiss (``ViewController/isModalInPresentation`` is off and the
///   delegate agrees), the delegate hears ``PresentationControllerDelegate/presentationControllerWillDismiss(_:)``
///   and the dismissal motion is prepared, paused at 0. Otherwise the sheet *resists*.
/// - **Changed:** the motion's progress is the finger's downward translation over the sheet's height,
///   clamped to 0 ... 1, so the sheet's top edge stays under the finger (the dimming lightens with it).
///   A resisting sheet follows the finger down by only ``PresentationController/resistance`` of the way.
/// - **Ended:** with downward velocity `v` and progress `p`, the dismissal finishes when
///   `v > dismissVelocity`, or when `p > 0.5` and `v > −dismissVelocity`; it then continues over the
///   part of ``PresentationController/transitionDuration`` left and the delegate hears
///   ``PresentationControllerDelegate/presentationControllerDidDismiss(_:)``. Otherwise the sheet springs
///   back (a critically damped spring starting at the finger's speed) and stays presented. A resisting
///   sheet springs back and the delegate hears
///   ``PresentationControllerDelegate/presentationControllerDidAttemptToDismiss(_:)``.
/// - **Cancelled** (the system took the touch): the sheet springs back.
extension PresentationController {
  /// The downward speed, in points per second, above which a released drag dismisses whatever its
  /// progress.
  public static let dismissVelocity = 300.0
  /// The share of the finger's travel a sheet that refuses to go follows.
  public static let resistance = 0.2

  func dismissalPanDidChange(_ pan: PanGestureRecognizer) {
    guard let view = presentedViewController?.view else { return }
    switch pan.state {
    case .began:
      guard transition == nil else { return }
      isResisting = !userMayDismiss
      if isResisting { return }
      delegate?.presentationControllerWillDismiss(self)
      beginDismissal(byUser: true).pauseAnimation()
    case .changed:
      let translation = max(pan.translation(in: containerView).y, 0)
      if isResisting {
        view.transform = AffineTransform(translationX: 0, y: translation * Self.resistance)
      } else {
        transition?.fractionComplete = progress(of: translation, view)
      }
    case .ended, .cancelled:
      let velocity = pan.velocity(in: containerView).y
      if isResisting {
        isResisting = false
        springBack(view, velocity: velocity)
        if pan.state == .ended { delegate?.presentationControllerDidAttemptToDismiss(self) }
        return
      }
      guard let transition else { return }
      let progress = progress(of: max(pan.translation(in: containerView).y, 0), view)
      let finishes =
        pan.state == .ended
        && (velocity > Self.dismissVelocity || (progress > 0.5 && velocity > -Self.dismissVelocity))
      if finishes {
        transition.continueAnimation(withTimingParameters: nil, durationFactor: 1)
      } else {
        transition.isReversed = true
        let left = progress * view.bounds.height
        let speed = left > 0 ? max(-velocity, 0) / left : 0
        transition.continueAnimation(
          withTimingParameters: .spring(dampingRatio: 1, initialVelocity: speed), durationFactor: 1)
      }
    default:
      break
    }
  }

  /// The dismissal progress of a downward translation: its share of the sheet's height.
  private func progress(of translation: Double, _ view: View) -> Double {
    let height = view.bounds.height
    guard height > 0 else { return 0 }
    return min(translation / height, 1)
  }

  /// Runs a resisting sheet back to where it rests.
  private func springBack(_ view: View, velocity: Double) {
    let left = view.transform.ty
    let speed = left > 0 ? max(-velocity, 0) / left : 0
    View.animate(
      withDuration: Self.transitionDuration, usingSpringWithDamping: 1, initialSpringVelocity: speed,
      animations: { view.transform = .identity })
  }
}
