import TactileGeometry

/// One step of a touchpad gesture (`zwp_pointer_gestures_v1`: swipe, pinch, hold), as plain values a
/// platform adapter hands to ``Window/deliver(touchpadGesture:)``.
///
/// The Wayland seat turns each `begin`/`update`/`end` of a gesture object into one of these, with the
/// pointer's location at that time; amounts are converted from the protocol's fixed-point values but not
/// otherwise changed (deltas are per event, the pinch scale is absolute).
///
/// What it drives: a `pinch` drives ``PinchGestureRecognizer`` (scale) and
/// ``RotationGestureRecognizer`` (rotation); a `swipe` drives ``PanGestureRecognizer`` when the finger
/// count is within its touch range; a `hold` stops a ``ScrollView``'s deceleration (libinput sends a hold
/// when fingers rest on the pad).
public struct TouchpadGestureInput: Sendable, Hashable {
  /// The protocol's gesture kinds.
  public enum Kind: Sendable, Hashable {
    case swipe, pinch, hold
  }

  /// Where the gesture is in its life (`begin`, `update`, `end`, `end` with `cancelled` = 1).
  public enum Phase: Sendable, Hashable {
    case began, changed, ended, cancelled
  }

  public var kind: Kind
  public var phase: Phase
  /// How many fingers are on the pad.
  public var fingers: Int
  /// The pointer's location in window coordinates; the recognizers are those of the view under it when
  /// the gesture began.
  public var location: Point
  /// For swipe and pinch: how far the fingers' centroid moved since the previous step, in points.
  public var delta: Point
  /// For pinch: the scale relative to the start of the gesture (1 at `began`).
  public var scale: Double
  /// For pinch: the rotation since the previous step, in degrees, positive clockwise (the protocol's
  /// convention, which is also ``RotationGestureRecognizer/rotation``'s sign).
  public var rotationDelta: Double
  /// Seconds on the platform's input clock.
  public var timestamp: Double

  public init(
    kind: Kind, phase: Phase, fingers: Int, location: Point, delta: Point = .zero, scale: Double = 1,
    rotationDelta: Double = 0, timestamp: Double
  ) {
    self.kind = kind
    self.phase = phase
    self.fingers = fingers
    self.location = location
    self.delta = delta
    self.scale = scale
    self.rotationDelta = rotationDelta
    self.timestamp = timestamp
  }

  /// Whether every amount is finite (non-finite steps are dropped).
  var isFinite: Bool {
    location.isFinite && delta.isFinite && scale.isFinite && rotationDelta.isFinite
  }
}

extension Window {
  /// Delivers one step of a touchpad gesture to the recognizers of the view under the pointer (see
  /// ``TouchpadGestureInput`` for which). Steps with non-finite amounts are dropped; `changed` and
  /// `ended` without a `began` are ignored; a `began` while another gesture is live cancels that one.
  public func deliver(touchpadGesture input: TouchpadGestureInput) {
    guard input.isFinite else { return }
    application.enqueue { [weak self] in
      guard let self, !self.isClosed else { return }
      self.gestureCoordinator.deliverTouchpad(input)
    }
  }
}
