import TactileGeometry

/// Lifts a drag: a long press for a finger, and for a pointer also a press that moves
/// ``pointerLiftDistance`` points before the long press is due (as desktop drags start). Continuous,
/// like its ``LongPressGestureRecognizer`` base: each later move is a change, lifting ends it.
public final class DragLiftGestureRecognizer: LongPressGestureRecognizer {
  /// How far a held pointer button moves to lift at once, in points. Default 4.
  public var pointerLiftDistance = 4.0

  private var pointerStarts: [ObjectIdentifier: Point] = [:]

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    for touch in touches where touch.type == .pointer {
      pointerStarts[ObjectIdentifier(touch)] = touch.location(in: nil)
    }
    super.touchesBegan(touches, with: event)
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if state == .possible, numberOfTouches == numberOfTouchesRequired,
      touches.contains(where: { touch in
        pointerStarts[ObjectIdentifier(touch)].map {
          $0.distance(to: touch.location(in: nil)) >= pointerLiftDistance
        }
          ?? false
      })
    {
      cancelTimers()
      state = .began
      return
    }
    super.touchesMoved(touches, with: event)
  }

  public override func reset() {
    super.reset()
    pointerStarts = [:]
  }
}
