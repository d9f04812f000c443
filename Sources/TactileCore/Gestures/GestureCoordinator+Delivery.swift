/// Touches beside the responder chain: which recognizers get a touch, delivering it to them before the
/// views, and what the views then receive.
///
/// - **Who receives a touch:** when a touch begins, the enabled recognizers of its hit view, of each
///   ancestor and of the window, in that order (each view's in the order added), except those that do
///   not want it (another ``GestureRecognizer/buttonMaskRequired`` than the touch's button, a kind
///   of touch ``GestureRecognizer/allowedTouchTypes`` or ``GestureRecognizer/requiresExclusiveTouchType``
///   rules out, ``GestureRecognizer/canReceive(_:)``, the delegate's
///   ``GestureRecognizerDelegate/gestureRecognizer(_:shouldReceive:)-(_,Touch)``) and those that already finished
///   (ended, cancelled, failed) and wait for every finger to lift. The list is fixed for the touch's
///   life (``Touch/gestureRecognizers``), except that a recognizer leaves it by ignoring the touch
///   (``GestureRecognizer/ignore(_:for:)-(Touch,_)``). The hit view used is the hit-test result even when
///   ``View/isMultipleTouchEnabled`` keeps the touch from the view itself.
/// - **Order:** for each event, the recognizers get their touches phase by phase (began, moved, ended,
///   cancelled), then the decided state changes take effect, then the views get theirs.
/// - **What the view gets** is the `TouchGate`'s decision: `touchesBegan` is held while a recognizer
///   of the touch that ``GestureRecognizer/delaysTouchesBegan`` is undecided; `touchesEnded` is held
///   while a recognizer that ``GestureRecognizer/delaysTouchesEnded`` is undecided. When such a
///   recognizer fails, what was held is delivered (began, then ended). When a recognizer with
///   ``GestureRecognizer/cancelsTouchesInView`` recognizes, the view gets `touchesCancelled` for the
///   gesture's touches it had begun (and nothing more for them); a touch whose `touchesBegan` was still
///   held is never delivered. Each touch a view received is ended or cancelled exactly once.
extension GestureCoordinator {
  /// Chooses the recognizers of a new touch (the ``Touch/gestureRecognizers`` list).
  func attach(_ touch: Touch, hitView: View?) {
    var candidates: [GestureRecognizer] = []
    var current = hitView
    while let view = current {
      candidates += view.gestureRecognizers
      current = view.superview
    }
    var accepted: [GestureRecognizer] = []
    for recognizer in candidates
    where recognizer.isEnabled && recognizer.buttonMaskRequired == touch.button
      && recognizer.acceptsType(of: touch) && recognizer.canReceive(touch)
    {
      if recognizer.storedState.isFinal {
        recognizer.refuseTouch(touch)
        log(recognizer, .refusedTouch, "it already finished and waits for every finger to lift")
        continue
      }
      if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false {
        log(recognizer, .refusedTouch, "its delegate refused the touch")
        continue
      }
      join(recognizer)
      recognizer.adoptTouch(touch)
      accepted.append(recognizer)
    }
    touch.gestureRecognizers = accepted
  }

  /// Delivers an event's touches to their recognizers, then runs the effects of what they decided.
  func deliverToRecognizers(_ event: Event) {
    recognizerDelivery.run {
      for phase in Touch.Phase.deliveryOrder {
        let touches = event.plannedTouches(in: phase)
        guard !touches.isEmpty else { continue }
        // A touch lists each recognizer once, so the first touch's list needs no search.
        var order = touches[0].gestureRecognizers
        for touch in touches.dropFirst() {
          for recognizer in touch.gestureRecognizers { order.appendIfAbsent(recognizer) }
        }
        var everyTouch: Set<Touch>?
        for recognizer in order {
          deliver(touches, phase: phase, to: recognizer, event: event, everyTouch: &everyTouch)
        }
      }
    }
    flushIfIdle()
  }

  /// Delivers to `recognizer` those of `touches` it tracks. `everyTouch` is the set of all of
  /// `touches`, built by the first recognizer that tracks them all and shared by the others.
  private func deliver(
    _ touches: [Touch], phase: Touch.Phase, to recognizer: GestureRecognizer, event: Event,
    everyTouch: inout Set<Touch>?
  ) {
    let mine = recognizer.ownTouches(among: touches)
    guard !mine.isEmpty else { return }
    let isReceiving =
      recognizer.isEnabled && recognizer.view != nil && recognizer.storedState.isReceivingInput
    recognizer.centroidInWindow = recognizer.activeCentroidInWindow ?? recognizer.centroidInWindow
    if isReceiving {
      let set: Set<Touch>
      if mine.count == touches.count {
        let shared = everyTouch ?? Set(touches)
        everyTouch = shared
        set = shared
      } else {
        set = Set(mine)
      }
      switch phase {
      case .began: recognizer.touchesBegan(set, with: event)
      case .moved: recognizer.touchesMoved(set, with: event)
      case .ended: recognizer.touchesEnded(set, with: event)
      case .cancelled: recognizer.touchesCancelled(set, with: event)
      case .stationary: break
      }
    }
    if phase.isFinal { recognizer.releaseTouches(mine) }
  }
}
