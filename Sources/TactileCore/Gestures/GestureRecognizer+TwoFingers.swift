/// The end rule the two-finger gestures share (``PinchGestureRecognizer``, ``RotationGestureRecognizer``).
extension GestureRecognizer {
  /// Takes fingers lifting from a two-finger gesture: once it began, fewer than two fingers left end it;
  /// before that, every finger lifting fails it, and fewer than two left forget where it started.
  ///
  /// - Parameters:
  ///   - touches: The touches that lifted.
  ///   - failure: Why it fails when every finger lifted before it began.
  ///   - willEnd: Called just before the gesture ends (to keep its final value).
  ///   - forgetStart: Called when fewer than two fingers remain before it began.
  func liftFingers(
    _ touches: Set<Touch>, failure: @autoclosure () -> String, willEnd: () -> Void, forgetStart: () -> Void
  ) {
    let remaining = numberOfTouches - touches.count
    switch state {
    case .began, .changed:
      guard remaining < 2 else { return }
      willEnd()
      state = .ended
    case .possible:
      if remaining == 0 { fail(because: failure()) }
      if remaining < 2 { forgetStart() }
    default: break
    }
  }
}
