import TactileCore

/// The state path of every recognizer of a window, as its ``/TactileCore/Window/gestureDiagnostics`` report
/// them, for checking that each step is a legal transition of the gesture state machine.
///
/// Install with `window.gestureDiagnostics = { paths.record($0) }`. Paths are keyed by the recognizer's
/// ``/TactileCore/GestureRecognizer/name`` (or type name), start in `possible`, and show a reset as a return
/// to `possible`.
@MainActor
public final class GestureStatePaths {
  /// Each recognizer's states, in order, starting with `possible`.
  public private(set) var paths: [String: [GestureRecognizer.State]] = [:]
  /// Every decision reported, oldest first.
  public private(set) var decisions: [GestureDecision] = []

  public init() {}

  /// Records one decision of the window's gesture coordinator.
  public func record(_ decision: GestureDecision) {
    decisions.append(decision)
    switch decision.outcome {
    case .state(let state): paths[decision.recognizer, default: [.possible]].append(state)
    case .reset: paths[decision.recognizer, default: [.possible]].append(.possible)
    default: break
    }
  }

  /// The illegal steps found, as "name: from → to".
  ///
  /// - Parameter kinds: Each recognizer's kind by name; a name not listed is taken as continuous.
  /// - Returns: Every step that is neither a legal transition nor a reset from a final state.
  public func illegalSteps(kinds: [String: GestureRecognizer.Kind]) -> [String] {
    var illegal: [String] = []
    for (name, path) in paths.sorted(by: { $0.key < $1.key }) {
      let kind = kinds[name] ?? .continuous
      for (from, to) in zip(path, path.dropFirst()) {
        let legal = from.canTransition(to: to, kind: kind) || (from.isFinal && to == .possible)
        if !legal { illegal.append("\(name): \(from) → \(to)") }
      }
    }
    return illegal
  }

  /// Forgets every path and decision, keeping each recognizer's latest state as the start of its next
  /// path (for long runs checked piece by piece).
  public func clear() {
    paths = paths.mapValues { [$0.last ?? .possible] }
    decisions = []
  }
}
