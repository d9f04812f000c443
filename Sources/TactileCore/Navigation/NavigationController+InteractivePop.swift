import TactileGeometry

/// The interactive pop: a leading-edge swipe scrubs the pop motion with the finger.
///
/// - **Began:** the pop motion is prepared, paused at 0 (the view below shown a third of the width out).
/// - **Changed:** its progress is the finger's horizontal translation over the view's width, clamped to
///   0 ... 1, so the top view's leading edge stays under the finger.
/// - **Ended:** with horizontal velocity `v` and progress `p`, the pop finishes when
///   `v > popFinishVelocity`, or when `p > 0.5` and `v > −popFinishVelocity`; otherwise it runs back to
///   the start. Either way it continues along the transition's curve over the part of
///   ``NavigationController/transitionDuration`` left.
/// - **Cancelled** (the system took the touch): it runs back.
extension NavigationController {
  func interactivePopDidChange(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      beginPop().pauseAnimation()
    case .changed:
      transition?.fractionComplete = progress(of: pan)
    case .ended, .cancelled:
      guard let transition else { return }
      let velocity = pan.velocity(in: view).x
      let finishes =
        pan.state == .ended
        && (velocity > Self.popFinishVelocity
          || (progress(of: pan) > 0.5 && velocity > -Self.popFinishVelocity))
      transition.isReversed = !finishes
      transition.continueAnimation(withTimingParameters: nil, durationFactor: 1)
    default:
      break
    }
  }

  private func progress(of pan: PanGestureRecognizer) -> Double {
    let width = view.bounds.width
    guard width > 0 else { return 0 }
    return min(max(pan.translation(in: view).x / width, 0), 1)
  }
}
