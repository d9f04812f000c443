import Glibc
import TactileGeometry

/// Recognizes two fingers turning about each other, like `UIRotationGestureRecognizer`. Continuous.
///
/// ``rotation`` is in radians, **positive clockwise as seen on screen** (y grows downwards, so this is
/// the sign of `atan2(dy, dx)` of the line from the first finger to the second, and the sign UIKit
/// uses). It begins once the line between the first two fingers has turned more than
/// ``InteractionSettings/rotationThreshold``. Like a pinch (and UIKit's) it ends only when both fingers
/// have lifted, holding ``rotation`` while one finger is down; it fails if every finger lifts before it
/// began. A touchpad pinch drives it with the protocol's rotation (degrees, clockwise), beginning on the
/// first update that turns.
open class RotationGestureRecognizer: GestureRecognizer {
  open override var kind: Kind { .continuous }

  /// The rotation in radians since the gesture started, positive clockwise. Setting it rebases the
  /// gesture: later turning adds to the new value.
  public var rotation: Double {
    get { baseRotation + turned }
    set {
      guard newValue.isFinite else { return }
      baseRotation = newValue
      turned = 0
      tracker.reset()
    }
  }

  /// How fast ``rotation`` changes, in radians per second (least squares over recent samples).
  public var velocity: Double { tracker.velocity.x }

  private var baseRotation = 0.0
  /// Radians turned since the start or the last rebase, unwrapped across ±π.
  private var turned = 0.0
  private var lastAngle: Double?
  private var tracker = VelocityTracker(sampleWindow: InteractionSettings.touch.velocitySampleWindow)

  private var currentAngle: Double? {
    guard activeTouches.count >= 2 else { return nil }
    let d = activeTouches[1].location(in: nil) - activeTouches[0].location(in: nil)
    return atan2(d.y, d.x)
  }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches >= 2, lastAngle == nil else { return }
    lastAngle = currentAngle
    tracker.sampleWindow = settings.velocitySampleWindow
    tracker.add(Point(x: rotation, y: 0), at: event.timestamp)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let previous = lastAngle, let angle = currentAngle else { return }
    var step = angle - previous
    if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
    turned += step
    lastAngle = angle
    tracker.add(Point(x: rotation, y: 0), at: event.timestamp)
    if state == .possible {
      if abs(turned) > settings.rotationThreshold { state = .began }
    } else {
      state = .changed
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    liftFingers(touches, failure: "the fingers lifted before turning") { _ in lastAngle = nil }
  }

  open override func acceptsTouchpadGesture(_ kind: TouchpadGestureInput.Kind, fingers: Int) -> Bool {
    kind == .pinch
  }

  open override func touchpadGestureChanged(_ input: TouchpadGestureInput) {
    switch input.phase {
    case .began:
      tracker.sampleWindow = settings.velocitySampleWindow
      tracker.add(Point(x: rotation, y: 0), at: input.timestamp)
    case .changed:
      turned += input.rotationDelta * .pi / 180
      tracker.add(Point(x: rotation, y: 0), at: input.timestamp)
      if state == .possible {
        if abs(turned) > 0 { state = .began }
      } else {
        state = .changed
      }
    case .ended, .cancelled:
      finishTouchpad(cancelled: input.phase == .cancelled)
    }
  }

  open override func reset() {
    super.reset()
    baseRotation = 0
    turned = 0
    lastAngle = nil
    tracker.reset()
  }
}
