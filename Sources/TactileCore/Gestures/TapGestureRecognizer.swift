import TactileGeometry

/// Recognizes one or more taps of one or more fingers, like `UITapGestureRecognizer`. Discrete.
///
/// A tap is every required finger down, then all of them up. It recognizes (``GestureRecognizer/State/ended``)
/// when the last finger of the ``numberOfTapsRequired``-th tap lifts, and fails when:
/// - a finger moves farther than ``InteractionSettings/tapSlop`` from where it went down;
/// - more fingers than ``numberOfTouchesRequired`` are down, or a tap ends having had fewer;
/// - the next tap does not begin within ``InteractionSettings/multipleTapInterval`` of the previous
///   tap's end (measured on the scheduler), or begins farther than
///   ``InteractionSettings/multipleTapDistance`` from the first.
open class TapGestureRecognizer: GestureRecognizer {
  /// How many taps make the gesture. Default 1.
  public var numberOfTapsRequired = 1
  /// How many fingers each tap needs. Default 1.
  public var numberOfTouchesRequired = 1

  private var tapsCompleted = 0
  private var mostFingersInTap = 0
  private var startLocations: [ObjectIdentifier: Point] = [:]
  private var firstTapLocation: Point?

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    cancelTimers()
    guard numberOfTouches <= numberOfTouchesRequired else {
      fail(because: "\(numberOfTouches) fingers are down, it needs \(numberOfTouchesRequired)")
      return
    }
    for touch in touches {
      let location = touch.location(in: nil)
      startLocations[ObjectIdentifier(touch)] = location
      if let first = firstTapLocation, first.distance(to: location) > settings.multipleTapDistance {
        fail(because: "the next tap began too far from the first")
        return
      }
    }
    mostFingersInTap = max(mostFingersInTap, numberOfTouches)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    for touch in touches {
      guard let start = startLocations[ObjectIdentifier(touch)] else { continue }
      if start.distance(to: touch.location(in: nil)) > settings.tapSlop {
        fail(because: "a finger moved past the tap slop of \(settings.tapSlop) points")
        return
      }
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches == touches.count else { return }
    guard mostFingersInTap == numberOfTouchesRequired else {
      fail(because: "the tap had \(mostFingersInTap) fingers, it needs \(numberOfTouchesRequired)")
      return
    }
    tapsCompleted += 1
    mostFingersInTap = 0
    if firstTapLocation == nil { firstTapLocation = location(in: nil) }
    if tapsCompleted >= numberOfTapsRequired {
      state = .ended
      return
    }
    failUnlessTheNextTapBeginsInTime()
  }

  /// A tap never prevents a tap recognizer that needs more taps, as in UIKit: a single and a double
  /// tap on one view both recognize without ``GestureRecognizer/require(toFail:)`` (the single at the
  /// first lift, the double at the second).
  open override func canPrevent(_ other: GestureRecognizer) -> Bool {
    guard let tap = other as? TapGestureRecognizer else { return super.canPrevent(other) }
    return tap.numberOfTapsRequired <= numberOfTapsRequired
  }

  open override func reset() {
    super.reset()
    tapsCompleted = 0
    mostFingersInTap = 0
    startLocations = [:]
    firstTapLocation = nil
  }
}
