import TactileGeometry

/// One platform sample of a touch: where the finger was at one instant, with the contact measured then.
///
/// An event keeps every sample its touches got since the previous delivery (``Event/coalescedTouches(for:)``)
/// and the samples its predictor extrapolated (``Event/predictedTouches(for:)``); apps see them as
/// ``Touch`` snapshots made on demand.
struct TouchSample: Sendable, Hashable {
  /// Where the finger was, in window coordinates.
  var location: Point
  /// The sample before this one (for the first sample of an event, the touch's location at the previous
  /// event), in window coordinates.
  var previousLocation: Point
  /// Seconds on the platform's input clock.
  var timestamp: Double
  var majorRadius: Double
  var majorRadiusTolerance: Double
  var minorRadius: Double
  var orientation: Double
  var force: Double?
  var altitudeAngle: Double
  var azimuthInWindow: Double
  var rollAngle: Double

  /// The touch's current state as a sample.
  @MainActor init(of touch: Touch) {
    location = touch.locationInWindow
    previousLocation = touch.previousLocationInWindow
    timestamp = touch.timestamp
    majorRadius = touch.majorRadius
    majorRadiusTolerance = touch.majorRadiusTolerance
    minorRadius = touch.minorRadius
    orientation = touch.orientation
    force = touch.force
    altitudeAngle = touch.altitudeAngle
    azimuthInWindow = touch.azimuthInWindow
    rollAngle = touch.rollAngle
  }
}
