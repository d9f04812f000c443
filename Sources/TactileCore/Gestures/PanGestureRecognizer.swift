import TactileGeometry

/// Recognizes dragging, like `UIPanGestureRecognizer`. Continuous.
///
/// It begins once the centroid of ``minimumNumberOfTouches`` to ``maximumNumberOfTouches`` fingers has
/// moved farther than ``InteractionSettings/panThreshold``; every move after that is a change; it ends
/// when fewer than ``minimumNumberOfTouches`` fingers remain. It fails when every finger lifts before
/// it began (too few fingers, or not far enough), or when more than ``maximumNumberOfTouches`` fingers
/// are down before it began. A finger added or lifted mid-gesture does not make the translation jump.
///
/// A touchpad swipe (``TouchpadGestureInput/Kind/swipe``) whose finger count lies in the touch range
/// drives it the same way, its deltas adding to the translation.
open class PanGestureRecognizer: GestureRecognizer {
  /// The fewest fingers that pan. Default 1.
  public var minimumNumberOfTouches = 1
  /// The most fingers that pan. Default `Int.max`.
  public var maximumNumberOfTouches = Int.max

  open override var kind: Kind { .continuous }

  /// The translation in window coordinates accumulated before the current set of fingers.
  private var baseTranslation = Point.zero
  /// The fingers whose centroid moves the translation now, and that centroid when they became the set.
  private var anchorTouches: [Touch] = []
  private var anchor = Point.zero
  private var tracker = VelocityTracker(sampleWindow: InteractionSettings.touch.velocitySampleWindow)
  /// The time of the latest touch event, a lift included: a finger that rested longer than the sample
  /// window before lifting has no velocity.
  private var latestEventTime: Double?

  /// The translation so far, in window coordinates.
  var windowTranslation: Point {
    guard let centroid = Self.centroid(of: anchorTouches) else { return baseTranslation }
    return baseTranslation + (centroid - anchor)
  }

  private static func centroid(of touches: [Touch]) -> Point? {
    guard !touches.isEmpty else { return nil }
    var sum = Point.zero
    for touch in touches { sum = sum + touch.location(in: nil) }
    return sum * (1 / Double(touches.count))
  }

  /// How far the fingers moved since the gesture started (or since ``setTranslation(_:in:)``), as a
  /// vector in `view`'s coordinate system (`nil`: the window's).
  public func translation(in view: View?) -> Point {
    vector(windowTranslation, to: view)
  }

  /// Sets the translation, expressed in `view`'s coordinate system, so that later translations count
  /// from it (a handler that applies the translation each time resets it to zero).
  public func setTranslation(_ translation: Point, in view: View?) {
    guard translation.isFinite else { return }
    baseTranslation = vectorToWindow(translation, from: view)
    anchor = Self.centroid(of: anchorTouches) ?? anchor
    tracker.reset()
  }

  /// The velocity of the translation, in points per second of `view`'s coordinate system, from a
  /// least-squares fit over the last ``InteractionSettings/velocitySampleWindow`` seconds; zero when the
  /// fingers rested longer than that before the latest event (a drag held still, then lifted, flings
  /// nothing).
  public func velocity(in view: View?) -> Point {
    vector(latestEventTime.map { tracker.velocity(at: $0) } ?? tracker.velocity, to: view)
  }

  /// Whether the pan may begin now with `translation` (window coordinates); a reason when it must fail
  /// instead. Subclasses in the module narrow it (screen edges, a scroll view's content policy).
  func beginRefusal(translation: Point) -> String? { nil }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if state == .possible, numberOfTouches > maximumNumberOfTouches {
      fail(because: "\(numberOfTouches) fingers are down, at most \(maximumNumberOfTouches) pan")
      return
    }
    tracker.sampleWindow = settings.velocitySampleWindow
    reanchor(excluding: [])
    tracker.add(windowTranslation, at: event.timestamp)
    latestEventTime = event.timestamp
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    let translation = windowTranslation
    tracker.add(translation, at: event.timestamp)
    latestEventTime = event.timestamp
    guard state == .possible else {
      state = .changed
      return
    }
    guard (minimumNumberOfTouches...maximumNumberOfTouches).contains(numberOfTouches),
      translation.distance(to: .zero) > settings.panThreshold
    else { return }
    if let refusal = beginRefusal(translation: translation) {
      fail(because: refusal)
    } else {
      state = .began
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    latestEventTime = event.timestamp
    let remaining = numberOfTouches - touches.count
    switch state {
    case .began, .changed:
      if remaining < minimumNumberOfTouches {
        state = .ended
      } else {
        reanchor(excluding: touches)
      }
    case .possible:
      if remaining == 0 {
        fail(because: "the fingers lifted before moving \(settings.panThreshold) points together")
      } else {
        reanchor(excluding: touches)
      }
    default: break
    }
  }

  /// Keeps the translation continuous when the set of fingers changes: what the old set moved is kept,
  /// and the new set starts from its current centroid.
  private func reanchor(excluding leaving: Set<Touch>) {
    baseTranslation = windowTranslation
    anchorTouches = activeTouches.filter { !leaving.contains($0) }
    anchor = Self.centroid(of: anchorTouches) ?? anchor
  }

  open override func acceptsTouchpadGesture(_ kind: TouchpadGestureInput.Kind, fingers: Int) -> Bool {
    kind == .swipe && (minimumNumberOfTouches...maximumNumberOfTouches).contains(fingers)
  }

  open override func touchpadGestureChanged(_ input: TouchpadGestureInput) {
    switch input.phase {
    case .began:
      baseTranslation = .zero
      tracker.sampleWindow = settings.velocitySampleWindow
      tracker.add(.zero, at: input.timestamp)
    case .changed:
      baseTranslation = baseTranslation + input.delta
      tracker.add(baseTranslation, at: input.timestamp)
      if state == .possible {
        if let refusal = beginRefusal(translation: baseTranslation) {
          fail(because: refusal)
        } else {
          state = .began
        }
      } else {
        state = .changed
      }
    case .ended, .cancelled:
      finishTouchpad(cancelled: input.phase == .cancelled)
    }
  }

  /// Converts a window-space vector into `view`'s coordinate system.
  func vector(_ vector: Point, to view: View?) -> Point {
    convertFromWindow(vector, to: view) - convertFromWindow(.zero, to: view)
  }

  private func vectorToWindow(_ vector: Point, from view: View?) -> Point {
    guard let view, let window = view.window else { return vector }
    return view.convert(vector, to: window) - view.convert(.zero, to: window)
  }

  open override func reset() {
    super.reset()
    baseTranslation = .zero
    anchorTouches = []
    anchor = .zero
    tracker.reset()
    latestEventTime = nil
  }
}

extension GestureRecognizer {
  /// Ends (or cancels) a touchpad-driven continuous gesture, or fails it if it never began.
  func finishTouchpad(cancelled: Bool) {
    switch state {
    case .began, .changed: state = cancelled ? .cancelled : .ended
    case .possible: fail(because: "the touchpad gesture ended before it began")
    default: break
    }
  }
}
