import TactileGeometry

/// A window's bookkeeping of touches: which platform point id maps to which ``Touch``, and the last tap
/// (for ``Touch/tapCount``). What the views receive is the `TouchGate`'s.
@MainActor
struct TouchTracker {
  /// The last completed tap, for counting multiple taps.
  struct Tap {
    var location: Point
    var timestamp: Double
    var count: Int
    var type: Touch.TouchType
    weak var view: View?
  }

  /// Every platform point that is down, by id. A touch the system cancelled stays here, finished, until
  /// the platform ends the point, so its later motion is ignored rather than starting a new touch.
  var touchesByID: [Int: Touch] = [:]
  /// The gesture-only touch of each non-primary button held, by the button's raw value
  /// (`Window+ButtonGestures.swift`).
  var buttonTouches: [Int: Touch] = [:]
  var lastTap: Tap?

  /// The touches that are live: down and not yet ended or cancelled (a held non-primary button's too).
  var liveTouches: [Touch] {
    (Array(touchesByID.values) + buttonTouches.values).filter { !$0.phase.isFinal }
  }

  /// The tap count for a touch beginning at `location` on `view`: one more than the last tap when it
  /// was close enough in time and space, on the same view, with the same input kind; otherwise 1.
  func tapCount(at location: Point, timestamp: Double, view: View?, type: Touch.TouchType) -> Int {
    guard let tap = lastTap, tap.type == type, tap.view === view, view != nil else { return 1 }
    let settings = InteractionSettings.forTouch(type)
    let close =
      timestamp - tap.timestamp <= settings.multipleTapInterval
      && tap.location.distance(to: location) <= settings.multipleTapDistance
    return close ? tap.count + 1 : 1
  }
}
