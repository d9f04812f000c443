import TactileGeometry

/// Recognizes two fingers moving apart or together, like `UIPinchGestureRecognizer`. Continuous.
///
/// It begins once the distance between the first two fingers has changed by more than
/// ``InteractionSettings/pinchThreshold`` from when the second went down; ``scale`` is the distance
/// divided by that starting distance. As in UIKit it ends only when both fingers have lifted: between the
/// first lift and the second, ``scale`` keeps the value it had when the first finger lifted and no
/// `changed` is sent (``location(in:)`` follows the finger still down); a second finger going down again
/// continues the pinch from that scale. It fails if every finger lifts before it began. A touchpad pinch
/// drives it with the protocol's absolute scale, beginning on the first update (the compositor has
/// already applied its own threshold).
open class PinchGestureRecognizer: GestureRecognizer {
  open override var kind: Kind { .continuous }

  /// The scale factor relative to the two fingers' distance at the start (1 = unchanged). Setting it
  /// rebases the gesture: later changes multiply the new value.
  public var scale: Double {
    get { baseScale * currentFactor }
    set {
      guard newValue.isFinite else { return }
      baseScale = newValue
      startDistance = currentDistance ?? startDistance
      touchpadStart = touchpadScale ?? 1
      tracker.reset()
    }
  }

  /// How fast ``scale`` changes, in scale factor per second (least squares over recent samples).
  public var velocity: Double { tracker.velocity.x }

  private var baseScale = 1.0
  private var startDistance: Double?
  private var touchpadScale: Double?
  private var touchpadStart = 1.0
  private var tracker = VelocityTracker(sampleWindow: InteractionSettings.touch.velocitySampleWindow)

  private var currentDistance: Double? {
    guard activeTouches.count >= 2 else { return nil }
    return activeTouches[0].location(in: nil).distance(to: activeTouches[1].location(in: nil))
  }

  private var currentFactor: Double {
    if let touchpadScale { return touchpadScale / touchpadStart }
    guard let startDistance, startDistance > 0, let distance = currentDistance else { return 1 }
    return distance / startDistance
  }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches >= 2, startDistance == nil else { return }
    startDistance = currentDistance
    tracker.sampleWindow = settings.velocitySampleWindow
    tracker.add(Point(x: scale, y: 0), at: event.timestamp)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let startDistance, let distance = currentDistance else { return }
    tracker.add(Point(x: scale, y: 0), at: event.timestamp)
    if state == .possible {
      if abs(distance - startDistance) > settings.pinchThreshold { state = .began }
    } else {
      state = .changed
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    liftFingers(touches, failure: "the fingers lifted before pinching") { began in
      if began { baseScale = scale }
      startDistance = nil
    }
  }

  open override func acceptsTouchpadGesture(_ kind: TouchpadGestureInput.Kind, fingers: Int) -> Bool {
    kind == .pinch
  }

  open override func touchpadGestureChanged(_ input: TouchpadGestureInput) {
    switch input.phase {
    case .began:
      touchpadScale = 1
      touchpadStart = 1
      tracker.sampleWindow = settings.velocitySampleWindow
      tracker.add(Point(x: scale, y: 0), at: input.timestamp)
    case .changed:
      touchpadScale = input.scale
      tracker.add(Point(x: scale, y: 0), at: input.timestamp)
      state = state == .possible ? .began : .changed
    case .ended, .cancelled:
      finishTouchpad(cancelled: input.phase == .cancelled)
    }
  }

  open override func reset() {
    super.reset()
    baseScale = 1
    startDistance = nil
    touchpadScale = nil
    touchpadStart = 1
    tracker.reset()
  }
}
