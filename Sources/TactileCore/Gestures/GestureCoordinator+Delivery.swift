/// Touches beside the responder chain: which recognizers get a touch, delivering it to them before the
/// views, and what the views then receive.
///
/// - **Who receives a touch:** when a touch begins, the enabled recognizers of its hit view, of each
///   ancestor and of the window, in that order (each view's in the order added), except those that do
///   not want it (another ``GestureRecognizer/buttonMaskRequired`` than the touch's button,
///   ``GestureRecognizer/canReceive(_:)``, the delegate's
///   ``GestureRecognizerDelegate/gestureRecognizer(_:shouldReceive:)``) and those that already finished
///   (ended, cancelled, failed) and wait for every finger to lift. The list is fixed for the touch's
///   life (``Touch/gestureRecognizers``). The hit view used is the hit-test result even when
///   ``View/isMultipleTouchEnabled`` keeps the touch from the view itself.
/// - **Order:** for each event, the recognizers get their touches phase by phase (began, moved, ended,
///   cancelled), then the decided state changes take effect, then the views get theirs.
/// - **What the view gets:** `touchesBegan` is held while a recognizer of the touch that
///   ``GestureRecognizer/delaysTouchesBegan`` is undecided; `touchesEnded` is held while a recognizer
///   that ``GestureRecognizer/delaysTouchesEnded`` is undecided. When such a recognizer fails, what was
///   held is delivered (began, then ended). When a recognizer with
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
      && recognizer.canReceive(touch)
    {
      if recognizer.storedState.isFinal {
        recognizer.refusedTouches.append(touch)
        log(recognizer, .refusedTouch, "it already finished and waits for every finger to lift")
        continue
      }
      if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) == false {
        log(recognizer, .refusedTouch, "its delegate refused the touch")
        continue
      }
      join(recognizer)
      recognizer.sequenceTouches.append(touch)
      recognizer.activeTouches.append(touch)
      accepted.append(recognizer)
    }
    touch.gestureRecognizers = accepted
  }

  /// Delivers an event's touches to their recognizers, then runs the effects of what they decided.
  func deliverToRecognizers(_ event: Event) {
    deliveryDepth += 1
    for phase in [Touch.Phase.began, .moved, .ended, .cancelled] {
      let touches = event.touchPlan.filter { $0.phase == phase }.map(\.touch)
      var order: [GestureRecognizer] = []
      for touch in touches {
        for recognizer in touch.gestureRecognizers where !order.contains(where: { $0 === recognizer }) {
          order.append(recognizer)
        }
      }
      for recognizer in order { deliver(touches, phase: phase, to: recognizer, event: event) }
    }
    deliveryDepth -= 1
    flushIfIdle()
  }

  private func deliver(_ touches: [Touch], phase: Touch.Phase, to recognizer: GestureRecognizer, event: Event)
  {
    let mine = touches.filter { touch in recognizer.activeTouches.contains { $0 === touch } }
    guard !mine.isEmpty else { return }
    let isReceiving =
      recognizer.isEnabled && recognizer.view != nil
      && [.possible, .began, .changed].contains(recognizer.storedState)
    recognizer.centroidInWindow = recognizer.activeCentroidInWindow ?? recognizer.centroidInWindow
    if isReceiving {
      let set = Set(mine)
      switch phase {
      case .began: recognizer.touchesBegan(set, with: event)
      case .moved: recognizer.touchesMoved(set, with: event)
      case .ended: recognizer.touchesEnded(set, with: event)
      case .cancelled: recognizer.touchesCancelled(set, with: event)
      case .stationary: break
      }
    }
    if phase.isFinal {
      recognizer.activeTouches.removeAll { touch in mine.contains { $0 === touch } }
    }
  }

  // MARK: What views receive

  /// Whether the view of `touch` gets it in `phase` now (called for every planned view delivery); holds
  /// or drops deliveries as the rules on this extension say.
  func viewReceives(_ touch: Touch, phase: Touch.Phase) -> Bool {
    guard !touch.gestureRecognizers.isEmpty || gates[ObjectIdentifier(touch)] != nil else { return true }
    let gate = self.gate(for: touch)
    switch phase {
    case .began:
      if gate.isCut { return false }
      if holdsBegan(touch) {
        gate.heldBegan = true
        return false
      }
      return admitsBegan(gate)
    case .moved, .stationary:
      return touch.beganWasDelivered && !gate.isCut && !gate.viewEnded
    case .ended:
      gate.finalSeen = true
      if gate.heldBegan { gate.heldEnd = true }
      guard touch.beganWasDelivered, !gate.isCut, !gate.viewEnded else { return false }
      if holdsEnded(touch) {
        gate.heldEnd = true
        return false
      }
      gate.viewEnded = true
      return true
    case .cancelled:
      gate.finalSeen = true
      gate.heldBegan = false
      gate.heldEnd = false
      guard touch.beganWasDelivered, !gate.isCut, !gate.viewEnded else { return false }
      gate.viewEnded = true
      return true
    }
  }

  private func gate(for touch: Touch) -> Gate {
    if let gate = gates[ObjectIdentifier(touch)] { return gate }
    let gate = Gate(touch: touch)
    gates[ObjectIdentifier(touch)] = gate
    gateOrder.append(gate)
    return gate
  }

  /// Whether every recognizer lets the view begin the touch (a scroll view's `touchesShouldBegin`).
  private func admitsBegan(_ gate: Gate) -> Bool {
    guard gate.touch.gestureRecognizers.allSatisfy({ $0.allowsViewToBegin(gate.touch) }) else {
      gate.isCut = true
      return false
    }
    return true
  }

  private func holdsBegan(_ touch: Touch) -> Bool {
    touch.gestureRecognizers.contains { isUndecided($0, about: touch) && $0.holdsTouchesBegan }
  }

  private func holdsEnded(_ touch: Touch) -> Bool {
    touch.gestureRecognizers.contains { isUndecided($0, about: touch) && $0.delaysTouchesEnded }
  }

  private func isUndecided(_ recognizer: GestureRecognizer, about touch: Touch) -> Bool {
    recognizer.isEnabled && recognizer.storedState == .possible
      && recognizer.sequenceTouches.contains { $0 === touch }
  }

  /// `cancelsTouchesInView`: the views get `touchesCancelled` for the recognizer's touches they began.
  func cutTouches(of recognizer: GestureRecognizer) {
    var groups: [(view: View, touches: [Touch])] = []
    for touch in recognizer.sequenceTouches {
      // A finished touch whose gate is gone has had its whole view delivery already.
      if gates[ObjectIdentifier(touch)] == nil, touch.phase.isFinal { continue }
      let gate = self.gate(for: touch)
      guard !gate.isCut else { continue }
      gate.isCut = true
      gate.heldBegan = false
      gate.heldEnd = false
      guard touch.beganWasDelivered, !gate.viewEnded, let view = touch.view else { continue }
      gate.viewEnded = true
      if let index = groups.firstIndex(where: { $0.view === view }) {
        groups[index].touches.append(touch)
      } else {
        groups.append((view, [touch]))
      }
    }
    for group in groups { window.deliverToView(group.touches, phase: .cancelled, view: group.view) }
  }

  /// Delivers what is held and no longer needs to be, in the order the touches began.
  func releaseHolds() {
    guard !isReleasingHolds else { return }
    isReleasingHolds = true
    defer { isReleasingHolds = false }
    var index = 0
    while index < gateOrder.count {
      let gate = gateOrder[index]
      index += 1
      let touch = gate.touch
      if gate.heldBegan, !holdsBegan(touch) {
        gate.heldBegan = false
        if !gate.isCut, admitsBegan(gate), let view = touch.view {
          window.deliverToView([touch], phase: .began, view: view)
        }
      }
      if gate.heldEnd, !gate.heldBegan, !holdsEnded(touch) {
        gate.heldEnd = false
        if touch.beganWasDelivered, !gate.isCut, !gate.viewEnded, let view = touch.view {
          gate.viewEnded = true
          window.deliverToView([touch], phase: .ended, view: view)
        }
      }
    }
    let done = gateOrder.filter { $0.finalSeen && !$0.heldBegan && !$0.heldEnd }
    for gate in done { gates[ObjectIdentifier(gate.touch)] = nil }
    gateOrder.removeAll { $0.finalSeen && !$0.heldBegan && !$0.heldEnd }
  }
}
