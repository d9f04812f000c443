/// Presses beside the responder chain: which recognizers get a key press, delivering it to them before
/// the responder, and what the responder then receives.
///
/// - **Who receives a press:** when a press begins, the enabled recognizers of the views on the
///   responder chain from the press's responder (the first responder, or the window) — each view's in
///   the order added, nearest view first — except those whose ``GestureRecognizer/allowedPressTypes``
///   lack the press's ``Press/type``, those the delegate's
///   ``GestureRecognizerDelegate/gestureRecognizer(_:shouldReceive:)-(_,Press)`` refuses, and those
///   that already finished and wait for their touches and presses to end. The list is fixed for the
///   press's life (``Press/gestureRecognizers``), except that a recognizer leaves it by ignoring the
///   press (``GestureRecognizer/ignore(_:for:)-(Press,_)``). The responder chain is walked as it is
///   when the press begins: a view controller in it adds its view's recognizers only through its view.
/// - **Order:** for each event the recognizers get the presses phase by phase (`pressesBegan`,
///   `pressesChanged`, `pressesEnded`, `pressesCancelled`), then the decided state changes take effect,
///   then the responder gets its presses. Recognizers compete over a shared press by the resolution
///   rule of ``GestureCoordinator``, as over a shared touch.
/// - **What the responder gets** is the `PressGate`'s decision, with the touch flags meaning the same
///   for presses: `pressesBegan` waits while a recognizer of the press that
///   ``GestureRecognizer/delaysTouchesBegan`` is undecided, `pressesEnded` while one that
///   ``GestureRecognizer/delaysTouchesEnded`` is; when a recognizer with
///   ``GestureRecognizer/cancelsTouchesInView`` recognizes, the responder gets `pressesCancelled` for
///   the presses it had begun and nothing more of them (a press still held is never delivered, nor is
///   one cancelled while its `pressesBegan` is held).
///
/// A recognizer's default ``GestureRecognizer/allowedPressTypes`` is empty, so the built-in
/// recognizers never see a key: only a recognizer that asks for presses gets them.
extension GestureCoordinator {
  /// Delivers an event's presses to their recognizers (choosing them for presses that begin), then
  /// runs the effects of what they decided.
  func deliverPressesToRecognizers(_ event: Event) {
    for press in event.allPresses where press.phase == .began { attach(press) }
    recognizerDelivery.run {
      for phase in [Press.Phase.began, .changed, .ended, .cancelled] {
        let presses = Array(event.allPresses.filter { $0.phase == phase })
        var order: [GestureRecognizer] = []
        for press in presses {
          for recognizer in press.gestureRecognizers where !order.contains(where: { $0 === recognizer }) {
            order.append(recognizer)
          }
        }
        for recognizer in order { deliver(presses, phase: phase, to: recognizer, event: event) }
      }
    }
    flushIfIdle()
  }

  /// Chooses the recognizers of a new press (the ``Press/gestureRecognizers`` list).
  private func attach(_ press: Press) {
    var accepted: [GestureRecognizer] = []
    var responder = press.responder
    while let current = responder {
      for recognizer in (current as? View)?.gestureRecognizers ?? []
      where recognizer.isEnabled && recognizer.allowedPressTypes.contains(press.type) {
        if recognizer.storedState.isFinal {
          log(recognizer, .refusedPress, "it already finished and waits for its inputs to end")
          continue
        }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: press) == false {
          log(recognizer, .refusedPress, "its delegate refused the press")
          continue
        }
        join(recognizer)
        recognizer.sequencePresses.append(press)
        recognizer.activePresses.append(press)
        accepted.append(recognizer)
      }
      responder = current.next
    }
    press.gestureRecognizers = accepted
  }

  private func deliver(
    _ presses: [Press], phase: Press.Phase, to recognizer: GestureRecognizer, event: Event
  ) {
    let mine = presses.filter { press in recognizer.activePresses.contains { $0 === press } }
    guard !mine.isEmpty else { return }
    if recognizer.isEnabled, recognizer.view != nil,
      recognizer.storedState.isReceivingInput
    {
      let set = Set(mine)
      switch phase {
      case .began: recognizer.pressesBegan(set, with: event)
      case .changed: recognizer.pressesChanged(set, with: event)
      case .ended: recognizer.pressesEnded(set, with: event)
      case .cancelled: recognizer.pressesCancelled(set, with: event)
      case .stationary: break
      }
    }
    if phase == .ended || phase == .cancelled {
      recognizer.activePresses.removeAll { press in mine.contains { $0 === press } }
    }
  }
}
