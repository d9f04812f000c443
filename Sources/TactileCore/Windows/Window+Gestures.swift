/// The window's side of gesture recognition: diagnostics, and delivering to a view outside the
/// event's own delivery (what a recognizer released or cancelled).
extension Window {
  /// A switch for gesture diagnostics: when set, it is called with every decision of this window's
  /// ``GestureCoordinator`` — each state change with its reason ("lost to Pan, which recognized first"),
  /// each wait for a failure requirement, each touch refused, each reset. `nil` by default; while `nil`
  /// no message is built (one comparison per decision).
  public var gestureDiagnostics: (@MainActor (GestureDecision) -> Void)? {
    get { gestureCoordinator.diagnostics }
    set { gestureCoordinator.diagnostics = newValue }
  }

  /// Delivers `touches` to `view` in `phase`, in an event of their own (a held `touchesBegan` or
  /// `touchesEnded` being released, or `touchesCancelled` from a recognizer).
  func deliverToView(_ touches: [Touch], phase: Touch.Phase, view: View) {
    var timestamp = touches.first?.timestamp ?? 0
    var set = Set<Touch>(minimumCapacity: touches.count)
    for touch in touches {
      if timestamp < touch.timestamp { timestamp = touch.timestamp }
      set.insert(touch)
    }
    let event = Event(type: .touches, timestamp: timestamp, window: self, touches: set)
    for touch in touches { event.touchPlan.append((touch, phase)) }
    send(set, phase: phase, to: view, with: event)
  }
}
