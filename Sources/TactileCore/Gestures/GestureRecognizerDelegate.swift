/// Asked by the ``GestureCoordinator`` before a recognizer begins, receives a touch, or competes with
/// another recognizer, like `UIGestureRecognizerDelegate`. Every method has a default.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
  /// Whether `gestureRecognizer` may leave ``GestureRecognizer/State/possible`` (begin, or recognize a
  /// discrete gesture). `false` fails it. Default `true`.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
  /// Whether `gestureRecognizer` receives `touch` at all; asked once, when the touch begins. Default
  /// `true`.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
  /// Whether `gestureRecognizer` receives `press` at all; asked once, when the press begins, for a
  /// recognizer whose ``GestureRecognizer/allowedPressTypes`` include its type. Default `true`.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive press: Press) -> Bool
  /// Whether `gestureRecognizer` and `other` may both be recognized at once. Either recognizer's delegate
  /// answering `true` allows it. Default `false`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
  /// Whether `gestureRecognizer` must wait for `other` to fail before recognizing. Default `false`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool
  /// Whether `other` must wait for `gestureRecognizer` to fail before recognizing. Default `false`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool
}

extension GestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
  public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    true
  }
  public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive press: Press) -> Bool {
    true
  }
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool { false }
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool { false }
}
