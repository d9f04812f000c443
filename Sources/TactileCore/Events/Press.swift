/// One key held down, from press to release, like `UIPress`.
///
/// The same object is delivered in `pressesBegan`, any number of `pressesChanged` (key repeat) and
/// exactly one `pressesEnded` or `pressesCancelled`.
@MainActor
public final class Press: Hashable {
  /// Where a press is in its life.
  public enum Phase: Sendable, Hashable {
    case began, changed, stationary, ended, cancelled
  }

  /// The current phase.
  public internal(set) var phase: Phase
  /// Seconds on the platform's input clock of the latest change.
  public internal(set) var timestamp: Double
  /// The key, with the text it produced.
  public let key: Key
  /// The responder that got `pressesBegan`; it gets every later phase. Weak, like ``Touch/view``: the
  /// window keeps its live presses, so a press that kept its responder (often the window itself) kept a
  /// window released with a key down.
  weak var responder: Responder?
  /// The recognizers receiving this press, like `UIPress.gestureRecognizers`: chosen when it begins
  /// (`GestureCoordinator+Presses.swift`), left by a recognizer that ignores it.
  public internal(set) var gestureRecognizers: [GestureRecognizer] = []
  /// What the responder has received of this press (`PressGate`).
  var delivery = PressDelivery()

  init(key: Key, timestamp: Double, responder: Responder) {
    self.responder = responder
    self.key = key
    self.timestamp = timestamp
    self.phase = .began
  }

  public nonisolated static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }

  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
