/// One decision of a ``GestureCoordinator``, reported to ``Window/gestureDiagnostics``: which recognizer
/// changed state (or was refused a touch, or waits), and why.
public struct GestureDecision: Sendable, Hashable, CustomStringConvertible {
  /// What happened to the recognizer.
  public enum Outcome: Sendable, Hashable {
    /// It moved to this state.
    case state(GestureRecognizer.State)
    /// It asked to recognize and waits for other recognizers to fail.
    case waiting
    /// It was reset to ``GestureRecognizer/State/possible`` after its touch sequence ended.
    case reset
    /// It does not receive a touch that began.
    case refusedTouch
    /// It does not receive a press that began.
    case refusedPress
  }

  /// The recognizer's ``GestureRecognizer/name``, or its type name.
  public var recognizer: String
  public var outcome: Outcome
  /// Why, in words ("lost to TapGestureRecognizer, which recognized first").
  public var reason: String

  public var description: String {
    let what =
      switch outcome {
      case .state(let state): "→ \(state)"
      case .waiting: "waits"
      case .reset: "reset"
      case .refusedTouch: "refuses touch"
      case .refusedPress: "refuses press"
      }
    return "\(recognizer) \(what): \(reason)"
  }
}
