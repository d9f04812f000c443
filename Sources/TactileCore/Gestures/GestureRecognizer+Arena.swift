/// A recognizer as a member of its window's gesture arena: the relations the resolution rule reads, and
/// the verdicts it gives (each legal once per arena, checked here).
extension GestureRecognizer: GestureArenaMember {
  var arenaState: State { storedState }
  var waitingStates: [State] { pendingStates }

  func refusalToBegin() -> String? {
    if delegate?.gestureRecognizerShouldBegin(self) == false {
      return "its delegate refused to let it begin"
    }
    var views: [View] = []
    if let view { views.append(view) }
    for touch in sequenceTouches {
      if let view = touch.view { views.appendIfAbsent(view) }
    }
    for refusing in views where !refusing.gestureRecognizerShouldBegin(self) {
      return "\(type(of: refusing)).gestureRecognizerShouldBegin refused it"
    }
    return nil
  }

  func mustWait(forFailureOf other: GestureRecognizer) -> Bool {
    requiresFailureExplicitly(of: other)
      || shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: self)
      || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
      || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
  }

  /// Whether ``GestureRecognizer/require(toFail:)`` made it wait for `other`.
  private func requiresFailureExplicitly(of other: GestureRecognizer) -> Bool {
    for requirement in failureRequirements where requirement.object === other { return true }
    return false
  }

  /// Whether the two share a touch or a press of the current sequence (or the touchpad gesture).
  func competes(with other: GestureRecognizer) -> Bool {
    if isTouchpadActive && other.isTouchpadActive { return true }
    for touch in sequenceTouches where other.sequenceTouches.containsIdentical(touch) { return true }
    for press in sequencePresses where other.sequencePresses.containsIdentical(press) { return true }
    return false
  }

  func mayRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
    delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
      || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
  }

  func mayPrevent(_ other: GestureRecognizer) -> Bool {
    canPrevent(other) && other.canBePrevented(by: self)
  }

  func canAdvance(to state: State) -> Bool { storedState.canTransition(to: state, kind: kind) }

  func wait(with states: [State]) {
    precondition(storedState == .possible, "\(displayName) waits in \(storedState)")
    pendingStates += states
  }

  func stopWaiting() -> [State] {
    defer { pendingStates = [] }
    return pendingStates
  }

  func takeFailureReason() -> String? {
    defer { failureReason = nil }
    return failureReason
  }

  func accept(_ state: State) {
    precondition(
      storedState == .possible && state != .failed && canAdvance(to: state),
      "\(displayName) accepted for \(state) in \(storedState)")
    storedState = state
  }

  func reject() {
    precondition(storedState == .possible, "\(displayName) rejected in \(storedState)")
    storedState = .failed
  }

  func advance(to state: State) {
    precondition(
      storedState != .possible && canAdvance(to: state),
      "\(displayName) advanced to \(state) in \(storedState)")
    storedState = state
  }
}
