/// The end rule the two-finger gestures share (``PinchGestureRecognizer``, ``RotationGestureRecognizer``),
/// UIKit's: the gesture ends when both fingers have lifted, not when the first one does.
extension GestureRecognizer {
  /// Takes fingers lifting from a two-finger gesture. Once it began, the gesture goes on while a finger
  /// is down and ends when the last one lifts; with fewer than two fingers down its value holds still
  /// (no `changed` is sent), and a finger that goes down again continues it from that value. Before it
  /// began, every finger lifting fails it.
  ///
  /// - Parameters:
  ///   - touches: The touches that lifted.
  ///   - failure: Why it fails when every finger lifted before it began.
  ///   - fewerThanTwo: Called when fewer than two fingers remain, with whether the gesture began (to
  ///     keep its value and forget where the two fingers started).
  func liftFingers(
    _ touches: Set<Touch>, failure: @autoclosure () -> String, fewerThanTwo: (_ began: Bool) -> Void
  ) {
    let remaining = numberOfTouches - touches.count
    switch state {
    case .began, .changed:
      if remaining < 2 { fewerThanTwo(true) }
      if remaining == 0 { state = .ended }
    case .possible:
      if remaining < 2 { fewerThanTwo(false) }
      if remaining == 0 { fail(because: failure()) }
    default: break
    }
  }
}
