import TactileGeometry

/// Non-primary pointer buttons for the gesture recognizers that require them
/// (``GestureRecognizer/buttonMaskRequired``), as UIKit delivers a right click to a tap recognizer whose
/// `buttonMaskRequired` is `.secondary`.
///
/// - When a non-primary button goes down and an enabled recognizer of the view hit at the pointer, or of
///   an ancestor, requires exactly that button, a touch of type ``Touch/TouchType/pointer`` begins. It
///   is bound to no view: only those recognizers receive it (by the usual rules,
///   `GestureCoordinator+Delivery.swift`), and no view gets `touches…` for it. Its events carry the
///   buttons held (``Event/buttonMask``).
/// - Pointer motion with the button held (hover `moved`) moves it; the button's release ends it; closing
///   the window cancels it. A second press of the same button without a release cancels the first.
/// - Its ``Touch/tapCount`` is always 1 (a tap recognizer counts taps itself).
/// - The press and the release still reach the responders as before (`Window+Clicks.swift`: the edit
///   menu, a middle-click paste); a recognized gesture does not stop them.
extension Window {
  /// Begins the gesture-only touch of `input`'s button, if a recognizer requires it (the rules above).
  func beginButtonTouch(_ input: PointerButtonInput) {
    if let old = touchTracker.buttonTouches.removeValue(forKey: input.button.rawValue) { systemCancel([old]) }
    let hit = hitTest(input.location, with: nil)
    var current = hit
    var wanted = false
    while let view = current, !wanted {
      wanted = view.gestureRecognizers.contains { $0.isEnabled && $0.buttonMaskRequired == input.button }
      current = view.superview
    }
    guard wanted else { return }
    let touch = Touch(
      window: self, view: nil, location: input.location, timestamp: input.timestamp, type: .pointer,
      tapCount: 1)
    touch.button = input.button
    gestureCoordinator.attach(touch, hitView: hit)
    touchTracker.buttonTouches[input.button.rawValue] = touch
    send(touch, .began, buttonMask: input.buttonMask)
  }

  /// Ends the gesture-only touch of `input`'s button, if it has one.
  func endButtonTouch(_ input: PointerButtonInput) {
    guard let touch = touchTracker.buttonTouches.removeValue(forKey: input.button.rawValue) else { return }
    move(touch, to: input.location, timestamp: input.timestamp)
    send(touch, .ended, buttonMask: input.buttonMask)
  }

  /// Moves the gesture-only touches of the buttons `hover` holds to its location.
  func moveButtonTouches(to hover: HoverInput) {
    guard hover.phase == .moved else { return }
    for (button, touch) in touchTracker.buttonTouches.sorted(by: { $0.key < $1.key })
    where hover.buttonMask.contains(ButtonMask(rawValue: button)) {
      move(touch, to: hover.location, timestamp: hover.timestamp)
      send(touch, .moved, buttonMask: hover.buttonMask)
    }
  }

  private func move(_ touch: Touch, to location: Point, timestamp: Double) {
    touch.previousLocationInWindow = touch.locationInWindow
    if location.isFinite { touch.locationInWindow = location }
    touch.timestamp = max(touch.timestamp, timestamp)
  }

  /// Sends `touch` in `phase` (``Touch/Phase/ended`` makes it final), alone in its event, to its
  /// recognizers.
  private func send(_ touch: Touch, _ phase: Touch.Phase, buttonMask: ButtonMask) {
    touch.phase = phase
    let event = Event(
      type: .touches, timestamp: touch.timestamp, window: self, touches: [touch], buttonMask: buttonMask)
    event.touchPlan = [(touch, phase)]
    application.sendEvent(event)
  }
}
