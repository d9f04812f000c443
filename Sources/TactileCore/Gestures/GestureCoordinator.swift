/// A window's referee between gesture recognizers: it delivers touches to them before the views
/// (`GestureCoordinator+Delivery.swift`; what the views then get is the ``TouchGate``'s), decides every state change out of
/// ``GestureRecognizer/State/possible``, runs actions, and resets recognizers when their touch sequence
/// ends. One per ``Window``; reached through ``Window/gestureDiagnostics`` for logging.
///
/// ## The resolution rule
/// Recognizers *compete* when they share a touch of the current sequence (two fingers on two views with
/// their own recognizers do not compete). When a recognizer asks to leave `possible` (continuous
/// `began`, discrete `ended`), these steps run in order, and the first that decides wins:
/// 1. **Refusal:** its delegate's ``GestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)``, then
///    ``View/gestureRecognizerShouldBegin(_:)`` of its view and of the hit views of its touches. Any
///    `false` fails it (this is how a ``Control`` keeps a single tap of an ancestor from stealing its
///    action).
/// 2. **Failure requirements:** the recognizers it must wait for — ``GestureRecognizer/require(toFail:)``,
///    ``GestureRecognizer/shouldRequireFailure(of:)``, ``GestureRecognizer/shouldBeRequiredToFail(by:)``
///    and the two delegate methods — among those with a sequence in progress. If one of them has
///    recognized, it fails; if one is still undecided, it waits (reporting `possible`) and is decided
///    again, from step 3, when they have all failed.
/// 3. **First come, first served:** if a competing recognizer is already in `began`/`changed` and
///    neither delegate allows recognizing both simultaneously, it fails.
/// 4. **It wins:** it changes state, and every competing recognizer still in `possible` (waiting or
///    not) that may not recognize simultaneously with it — and every recognizer waiting for it to fail —
///    fails.
///
/// Requests are decided one at a time in the order they are made, and touches reach recognizers in a
/// fixed order (for each phase, recognizers in the order they first appear in the touches' lists: the
/// hit view's, then its ancestors' up to the window, each view's in the order they were added), so the
/// winner is deterministic: the recognizer that first asks to recognize and is not held back by rules 1
/// and 2.
///
/// ## Effects
/// State changes are decided at once; their effects run after the current touch delivery to the
/// recognizers (or at once outside one), in order: for a recognition with
/// ``GestureRecognizer/cancelsTouchesInView``, the hit views get `touchesCancelled` for the gesture's
/// touches, then the actions run. Then delayed view deliveries are released
/// (``GestureRecognizer/delaysTouchesBegan``, ``GestureRecognizer/delaysTouchesEnded``), and recognizers
/// whose sequence is over are reset.
@MainActor
public final class GestureCoordinator {
  /// A decided state change whose effects (cancel view touches, actions) are still to run.
  struct Effect {
    let recognizer: GestureRecognizer
    let isRecognition: Bool
  }

  unowned let window: Window
  /// Recognizers with a sequence in progress, in the order they joined.
  var participants: [GestureRecognizer] = []
  var effects: [Effect] = []
  /// Running while touches are being delivered to recognizers (effects wait for it).
  let recognizerDelivery = ReentrancyScope()
  /// Running while the effects run (they are not re-entered).
  private let flushing = ReentrancyScope()
  /// The recognizers the last touchpad gesture began with.
  var touchpadRecognizers: [GestureRecognizer] = []
  /// Hover recognizers that are in `began`/`changed`.
  var hoveringRecognizers: [GestureRecognizer] = []
  /// Called with each decision; `nil` (the default) costs one comparison per decision.
  var diagnostics: (@MainActor (GestureDecision) -> Void)?

  init(window: Window) {
    self.window = window
  }

  func log(
    _ recognizer: GestureRecognizer, _ outcome: GestureDecision.Outcome, _ reason: @autoclosure () -> String
  ) {
    guard let diagnostics else { return }
    diagnostics(GestureDecision(recognizer: recognizer.displayName, outcome: outcome, reason: reason()))
  }

  func join(_ recognizer: GestureRecognizer) {
    guard !participants.contains(where: { $0 === recognizer }) else { return }
    participants.append(recognizer)
    recognizer.coordinator = self
  }

  // MARK: Requests

  /// A recognizer asked for `next` (already checked legal against its effective state).
  func request(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
    join(recognizer)
    if !recognizer.pendingStates.isEmpty {
      if next == .failed || next == .cancelled {
        recognizer.pendingStates = []
        fail(recognizer, "it gave up while waiting for others to fail")
      } else if !(next == .changed && recognizer.pendingStates.last == .changed) {
        recognizer.pendingStates.append(next)
      }
    } else if recognizer.storedState == .possible && next != .failed {
      attemptRecognition(recognizer, states: [next], askToBegin: true)
    } else if next == .failed {
      fail(recognizer, "its touches do not make its gesture")
    } else {
      apply(recognizer, next, reason: "the gesture goes on")
    }
    flushIfIdle()
  }

  private func attemptRecognition(
    _ recognizer: GestureRecognizer, states: [GestureRecognizer.State], askToBegin: Bool
  ) {
    if askToBegin, let refusal = beginRefusal(of: recognizer) {
      fail(recognizer, refusal)
      return
    }
    let blockers = requiredFailures(of: recognizer)
    if let winner = blockers.first(where: { $0.storedState != .possible && $0.storedState != .failed }) {
      fail(recognizer, "it requires \(winner.displayName) to fail, which recognized")
      return
    }
    if let undecided = blockers.first(where: { $0.storedState == .possible }) {
      recognizer.pendingStates = states
      log(recognizer, .waiting, "it requires \(undecided.displayName) to fail, which is undecided")
      return
    }
    if let active = participants.first(where: {
      $0 !== recognizer && ($0.storedState == .began || $0.storedState == .changed)
        && competes($0, recognizer) && !simultaneous($0, recognizer)
    }) {
      fail(recognizer, "\(active.displayName) recognized first and they may not recognize together")
      return
    }
    apply(recognizer, states[0], reason: "first to recognize among its competitors", isRecognition: true)
    defeatOthers(of: recognizer)
    for state in states.dropFirst()
    where recognizer.storedState.canTransition(to: state, kind: recognizer.kind) {
      apply(recognizer, state, reason: "deferred until its failure requirements failed")
    }
  }

  /// Rule 4: the competitors in `possible` and the recognizers waiting for `winner` fail.
  private func defeatOthers(of winner: GestureRecognizer) {
    let losers = participants.filter { other in
      other !== winner
        && ((competes(other, winner) && !simultaneous(other, winner)) || requires(other, toFail: winner))
    }
    for loser in losers where loser.storedState == .possible {
      loser.pendingStates = []
      let waitedForWinner = requires(loser, toFail: winner)
      fail(
        loser,
        waitedForWinner
          ? "it requires \(winner.displayName) to fail, which recognized"
          : "lost to \(winner.displayName), which recognized first")
    }
  }

  /// Moves `recognizer` to `state` and queues the effects.
  func apply(
    _ recognizer: GestureRecognizer, _ state: GestureRecognizer.State, reason: @autoclosure () -> String,
    isRecognition: Bool = false
  ) {
    recognizer.storedState = state
    log(recognizer, .state(state), reason())
    if state != .failed { effects.append(Effect(recognizer: recognizer, isRecognition: isRecognition)) }
    if state == .ended || state == .cancelled { hoveringRecognizers.removeAll { $0 === recognizer } }
  }

  /// Fails `recognizer` and decides the recognizers that were waiting for it. The reason (the
  /// recognizer's own, from ``GestureRecognizer/fail(because:)``, or `reason`) is built only when
  /// diagnostics are on.
  func fail(_ recognizer: GestureRecognizer, _ reason: @autoclosure () -> String) {
    guard recognizer.storedState == .possible else { return }
    let stated = recognizer.failureReason
    recognizer.failureReason = nil
    apply(recognizer, .failed, reason: stated ?? reason())
    promoteWaiting()
  }

  /// Decides again every recognizer that waits for others to fail (rule 2).
  private func promoteWaiting() {
    for waiting in participants where waiting.storedState == .possible && !waiting.pendingStates.isEmpty {
      let blockers = requiredFailures(of: waiting)
      if let winner = blockers.first(where: { $0.storedState != .possible && $0.storedState != .failed }) {
        waiting.pendingStates = []
        fail(waiting, "it requires \(winner.displayName) to fail, which recognized")
      } else if !blockers.contains(where: { $0.storedState == .possible }) {
        let states = waiting.pendingStates
        waiting.pendingStates = []
        attemptRecognition(waiting, states: states, askToBegin: false)
      }
    }
  }

  // MARK: Relations

  private func beginRefusal(of recognizer: GestureRecognizer) -> String? {
    if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false {
      return "its delegate refused to let it begin"
    }
    var views: [View] = recognizer.view.map { [$0] } ?? []
    for touch in recognizer.sequenceTouches {
      if let view = touch.view, !views.contains(where: { $0 === view }) { views.append(view) }
    }
    if let refusing = views.first(where: { !$0.gestureRecognizerShouldBegin(recognizer) }) {
      return "\(type(of: refusing)).gestureRecognizerShouldBegin refused it"
    }
    return nil
  }

  /// The recognizers with a sequence in progress that `recognizer` must wait for.
  func requiredFailures(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
    participants.filter { $0 !== recognizer && requires(recognizer, toFail: $0) }
  }

  private func requires(_ recognizer: GestureRecognizer, toFail other: GestureRecognizer) -> Bool {
    recognizer.failureRequirements.contains { $0.object === other }
      || recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
      || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
      || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
  }

  /// Whether two recognizers share a touch of the current sequence (or the touchpad gesture).
  private func competes(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    if a.isTouchpadActive && b.isTouchpadActive { return true }
    return a.sequenceTouches.contains { touch in b.sequenceTouches.contains { $0 === touch } }
  }

  private func simultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
    a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
      || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
  }

  // MARK: Effects and reset

  /// Runs the queued effects unless a touch delivery to recognizers is in progress.
  func flushIfIdle() {
    guard !recognizerDelivery.isActive else { return }
    flushing.runUnlessActive {
      repeat {
        while !effects.isEmpty {
          let effect = effects.removeFirst()
          if effect.isRecognition, effect.recognizer.cancelsTouchesInView {
            window.touchGate.cut(effect.recognizer.sequenceTouches)
          }
          effect.recognizer.sendActions()
        }
        window.touchGate.releaseHolds()
        resetFinished()
      } while !effects.isEmpty
    }
  }

  /// Resets the recognizers whose sequence is over; fails those left undecided by their touches.
  private func resetFinished() {
    for recognizer in participants where isSequenceOver(recognizer) {
      if recognizer.storedState == .possible, recognizer.pendingStates.isEmpty, recognizer.timers.isEmpty {
        fail(recognizer, "its touches ended before it recognized")
      }
      guard recognizer.storedState.isFinal else { continue }
      participants.removeAll { $0 === recognizer }
      log(recognizer, .reset, "every finger it received has lifted")
      recognizer.resetNow()
    }
  }

  private func isSequenceOver(_ recognizer: GestureRecognizer) -> Bool {
    recognizer.activeTouches.isEmpty && !recognizer.isTouchpadActive
      && recognizer.refusedTouches.allSatisfy { $0.phase.isFinal }
      && !hoveringRecognizers.contains { $0 === recognizer }
  }
}
