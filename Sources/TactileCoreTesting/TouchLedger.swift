import TactileCore

/// Every phase each view received, per touch, for checking the core's contract: a touch reaches one view,
/// begins there once, and is ended or cancelled exactly once, with nothing after.
///
/// Views call ``record(_:_:at:)`` from their `touches…` methods. The ledger keeps each touch alive, so
/// that object identifiers are not reused while it holds them; ``clear()`` lets go.
@MainActor
public final class TouchLedger {
  private var phases: [ObjectIdentifier: [(view: ObjectIdentifier, phase: Touch.Phase)]] = [:]
  private var order: [ObjectIdentifier] = []
  private var touches: [Touch] = []

  public init() {}

  /// How many touches were recorded since the last ``clear()``.
  public var touchCount: Int { order.count }

  /// Records that `view` received `touches` in `phase`.
  public func record(_ touches: Set<Touch>, _ phase: Touch.Phase, at view: View) {
    for touch in touches {
      let key = ObjectIdentifier(touch)
      if phases[key] == nil {
        order.append(key)
        self.touches.append(touch)
      }
      phases[key, default: []].append((ObjectIdentifier(view), phase))
    }
  }

  /// The touches that break the contract, each as "touch N: phases" (N counts touches in recording
  /// order).
  ///
  /// - Parameter requireEnd: Whether every touch must have ended or been cancelled by now; false accepts
  ///   touches still in progress.
  /// - Returns: One line per offending touch, in recording order; empty when all is well.
  public func violations(requireEnd: Bool) -> [String] {
    order.enumerated().compactMap { index, key in
      let log = phases[key]!
      let list = log.map(\.phase)
      let ends = list.filter { $0 == .ended || $0 == .cancelled }.count
      let broken =
        Set(log.map(\.view)).count != 1 || list.first != .began
        || list.filter { $0 == .began }.count != 1 || ends > 1 || (ends == 1 && !list.last!.isFinal)
        || (requireEnd && ends == 0)
      return broken ? "touch \(index): \(list.map { "\($0)" }.joined(separator: " "))" : nil
    }
  }

  /// Forgets every touch.
  public func clear() {
    phases = [:]
    order = []
    touches = []
  }
}
