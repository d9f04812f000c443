import TactileGeometry

/// Recognizes fingers held still for a while, like `UILongPressGestureRecognizer`. Continuous.
///
/// After ``numberOfTapsRequired`` taps (each within ``InteractionSettings/multipleTapInterval`` of the
/// previous), ``numberOfTouchesRequired`` fingers go down; once they have been held for
/// ``minimumPressDuration`` seconds on the scheduler without moving farther than
/// ``allowableMovement``, it begins; each later move is a change; lifting a finger ends it. It fails
/// when a finger moves too far or lifts before that time, when more fingers than required go down, or
/// when a required tap does not come in time.
open class LongPressGestureRecognizer: GestureRecognizer {
  /// How long the fingers must be held, in seconds. Default 0.5, UIKit's, for every input kind.
  public var minimumPressDuration = 0.5
  /// How far a finger may move before the gesture begins, in points. Default 10, UIKit's, for every
  /// input kind.
  public var allowableMovement = 10.0
  /// How many fingers. Default 1.
  public var numberOfTouchesRequired = 1
  /// How many full taps come before the press. Default 0.
  public var numberOfTapsRequired = 0

  open override var kind: Kind { .continuous }

  private var tapsCompleted = 0
  private var startLocations: [ObjectIdentifier: Point] = [:]

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else { return }
    cancelTimers()
    guard numberOfTouches <= numberOfTouchesRequired else {
      fail(because: "\(numberOfTouches) fingers are down, it needs \(numberOfTouchesRequired)")
      return
    }
    for touch in touches { startLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }
    guard numberOfTouches == numberOfTouchesRequired, tapsCompleted == numberOfTapsRequired else { return }
    scheduleTimer(after: minimumPressDuration) { [weak self] in
      guard let self, self.state == .possible else { return }
      self.state = .began
    }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else {
      state = .changed
      return
    }
    for touch in touches {
      guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
      if start.distance(to: touch.location(in: nil)) > allowableMovement {
        fail(
          because: "a finger moved more than \(allowableMovement) points before the press was long enough")
        return
      }
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else {
      state = .ended
      return
    }
    cancelTimers()
    let liftsAll = numberOfTouches == touches.count
    guard liftsAll, tapsCompleted < numberOfTapsRequired else {
      fail(because: "a finger lifted before the minimum press duration")
      return
    }
    tapsCompleted += 1
    failUnlessTheNextTapBeginsInTime()
  }

  open override func reset() {
    super.reset()
    tapsCompleted = 0
    startLocations = [:]
  }
}
