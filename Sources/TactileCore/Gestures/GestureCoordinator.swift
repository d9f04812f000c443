/// A window's referee between gesture recognizers: it delivers touches to them before the views
/// (`GestureCoordinator+Delivery.swift`; what the views then get is the `TouchGate`'s), decides every state change out of
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
/// 3. **First come, first served:** if a competing recognizer is already in `began`/`changed`,
///    neither delegate allows recognizing both simultaneously, and that recognizer can prevent this one
///    (``GestureRecognizer/canPrevent(_:)`` and ``GestureRecognizer/canBePrevented(by:)``), it fails.
/// 4. **It wins:** it changes state, and every competing recognizer still in `possible` (waiting or
///    not) that may not recognize simultaneously with it and that it can prevent — and every recognizer
///    waiting for it to fail — fails. (A tap never prevents a tap that needs more taps.)
///
/// The rule itself is `GestureArena`'s, which sees recognizers only through the narrow
/// `GestureArenaMember` interface (their decided state, their relations, and the verdicts accept and
/// reject, one per touch sequence); the coordinator delivers, runs the effects and resets.
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
  /// The resolution rule, and the recognizers with a sequence in progress (its members).
  let arena = GestureArena<GestureRecognizer>()
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
    arena.onDecision = { [unowned self] recognizer, state, isRecognition, reason in
      log(recognizer, .state(state), reason())
      if state != .failed { effects.append(Effect(recognizer: recognizer, isRecognition: isRecognition)) }
      if state == .ended || state == .cancelled { hoveringRecognizers.removeIdentical(recognizer) }
    }
    arena.onWait = { [unowned self] recognizer, reason in log(recognizer, .waiting, reason()) }
  }

  func log(
    _ recognizer: GestureRecognizer, _ outcome: GestureDecision.Outcome, _ reason: @autoclosure () -> String
  ) {
    guard let diagnostics else { return }
    diagnostics(GestureDecision(recognizer: recognizer.displayName, outcome: outcome, reason: reason()))
  }

  func join(_ recognizer: GestureRecognizer) {
    guard arena.join(recognizer) else { return }
    recognizer.coordinator = self
  }

  /// A recognizer asked for `next` (already checked legal against its effective state): the arena
  /// decides, then the effects run unless a delivery to recognizers is in progress.
  func request(_ recognizer: GestureRecognizer, _ next: GestureRecognizer.State) {
    join(recognizer)
    arena.request(recognizer, next)
    flushIfIdle()
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
            window.pressGate.cut(effect.recognizer.sequencePresses)
          }
          effect.recognizer.sendActions()
        }
        window.touchGate.releaseHolds()
        window.pressGate.releaseHolds()
        resetFinished()
      } while !effects.isEmpty
    }
  }

  /// Resets the recognizers whose sequence is over; fails those left undecided by their touches.
  private func resetFinished() {
    for recognizer in arena.members where isSequenceOver(recognizer) {
      if recognizer.storedState == .possible, recognizer.pendingStates.isEmpty, recognizer.timers.isEmpty {
        arena.fail(recognizer, "its touches ended before it recognized")
      }
      guard recognizer.storedState.isFinal else { continue }
      arena.leave(recognizer)
      log(recognizer, .reset, "every finger it received has lifted")
      recognizer.resetNow()
    }
  }

  private func isSequenceOver(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.activeTouches.isEmpty, recognizer.activePresses.isEmpty, !recognizer.isTouchpadActive
    else { return false }
    for touch in recognizer.refusedTouches where !touch.phase.isFinal { return false }
    return !hoveringRecognizers.containsIdentical(recognizer)
  }
}
