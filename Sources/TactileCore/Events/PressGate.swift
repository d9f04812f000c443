/// What the responder of one press has received, as the `PressGate` moves it.
struct PressDelivery {
  /// The responder got `pressesBegan`.
  var began = false
  /// The responder got `pressesEnded` or `pressesCancelled`, or never gets anything more (a recognizer
  /// cut the press).
  var isFinal = false
}

/// Decides what a press's responder receives while gesture recognizers also receive the press, as the
/// `TouchGate` does for touches (rules on `GestureCoordinator+Presses.swift`):
/// `pressesBegan` waits while a recognizer of the press that ``GestureRecognizer/delaysTouchesBegan``
/// is undecided, `pressesEnded` while one that ``GestureRecognizer/delaysTouchesEnded`` is; a recognizer
/// with ``GestureRecognizer/cancelsTouchesInView`` that recognizes cuts the press: the responder gets
/// `pressesCancelled` if it had it, and nothing more. `pressesChanged` (a repeat) goes only to a
/// responder that got `pressesBegan` and is not waiting for its end; a held press drops its repeats, and
/// one cancelled while its `pressesBegan` is held never reaches the responder.
/// Every press a responder began gets exactly one `pressesEnded` or `pressesCancelled`.
@MainActor
final class PressGate {
  /// Presses whose delivery waits for a recognizer, in the order they began.
  private var held: [Press] = []
  private let releasing = ReentrancyScope()

  /// Delivers what is due of the presses of `event` (and of the presses held so far) to their
  /// responders: one call per responder and phase.
  func deliver(_ event: Event) {
    var plan: [(Press, Press.Phase)] = []
    for press in event.allPresses {
      plan += due(press, includingRepeat: true)
    }
    send(plan, with: event)
  }

  /// Delivers what a recognizer no longer holds (called after the coordinator ran its effects).
  func releaseHolds() {
    guard !held.isEmpty else { return }
    releasing.runUnlessActive {
      let plan = held.flatMap { due($0, includingRepeat: false) }
      send(plan, with: nil)
    }
  }

  /// Cuts `presses` from their responders for a recognizer that recognized: `pressesCancelled` to
  /// those that began them, nothing more to any.
  func cut(_ presses: [Press]) {
    let begun = presses.filter { !$0.delivery.isFinal && $0.delivery.began }
    for press in presses { press.delivery.isFinal = true }
    held.removeAll { press in presses.contains { $0 === press } }
    send(begun.map { ($0, .cancelled) }, with: nil)
  }

  /// The phases of `press` due to its responder now, and what changes for the press when they are sent.
  private func due(_ press: Press, includingRepeat: Bool) -> [(Press, Press.Phase)] {
    guard !press.delivery.isFinal else { return [] }
    var phases: [(Press, Press.Phase)] = []
    if !press.delivery.began {
      if press.phase == .cancelled {
        // Cancelled while its beginning was held: the responder never hears of it.
        press.delivery.isFinal = true
        held.removeAll { $0 === press }
        return []
      }
      guard !isHeld(press, by: \.delaysTouchesBegan) else { return hold(press) }
      press.delivery.began = true
      phases.append((press, .began))
    } else if includingRepeat, press.phase == .changed, !isHeld(press, by: \.delaysTouchesEnded) {
      phases.append((press, .changed))
    }
    switch press.phase {
    case .ended where isHeld(press, by: \.delaysTouchesEnded):
      return phases + hold(press)
    case .ended, .cancelled:
      press.delivery.isFinal = true
      held.removeAll { $0 === press }
      phases.append((press, press.phase))
    default: break
    }
    return phases
  }

  private func hold(_ press: Press) -> [(Press, Press.Phase)] {
    if !held.contains(where: { $0 === press }) { held.append(press) }
    return []
  }

  /// Whether an undecided recognizer of `press` with `flag` set holds its delivery (one that has
  /// reset since is no longer deciding about it).
  private func isHeld(_ press: Press, by flag: KeyPath<GestureRecognizer, Bool>) -> Bool {
    press.gestureRecognizers.contains { recognizer in
      recognizer.storedState == .possible && recognizer[keyPath: flag]
        && recognizer.sequencePresses.contains { $0 === press }
    }
  }

  /// Sends the planned phases, one call per responder and phase, responders in the order planned.
  private func send(_ plan: [(Press, Press.Phase)], with event: Event?) {
    var responders: [Responder] = []
    for (press, _) in plan {
      if let responder = press.responder, !responders.contains(where: { $0 === responder }) {
        responders.append(responder)
      }
    }
    for responder in responders {
      for phase in [Press.Phase.began, .changed, .ended, .cancelled] {
        let presses = Set(plan.filter { $0.0.responder === responder && $0.1 == phase }.map(\.0))
        guard !presses.isEmpty else { continue }
        switch phase {
        case .began: responder.pressesBegan(presses, with: event)
        case .changed: responder.pressesChanged(presses, with: event)
        case .ended: responder.pressesEnded(presses, with: event)
        case .cancelled, .stationary: responder.pressesCancelled(presses, with: event)
        }
      }
    }
  }
}
