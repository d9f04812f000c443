import Foundation
import Tactile

/// What the inspector shows of one live touch: its state at its latest delivery, every sample it has
/// had, and the samples predicted next.
struct InspectedTouch {
  /// The inspector's number for the touch: the lowest not in use when it began, from 1 (as a touch
  /// screen numbers its contact slots), so two fingers down are 1 and 2 whatever ids the compositor
  /// gave them (the canvas numbers fingers that land in one event left to right).
  let number: Int
  let type: Touch.TouchType
  private(set) var phase: Touch.Phase = .began
  /// In the canvas's coordinates.
  private(set) var location = Point.zero
  /// Half the contact ellipse's axes and its angle from the vertical, as the touch reports them.
  private(set) var majorRadius = 0.0
  private(set) var minorRadius = 0.0
  private(set) var orientation = 0.0
  /// Whether the platform measured the contact (else the radii are nominal and the canvas draws
  /// ``defaultRadius``).
  private(set) var isContactMeasured = false
  private(set) var force: Double?
  /// For a pen: its altitude and azimuth in the canvas, in radians.
  private(set) var angles: (altitude: Double, azimuth: Double)?
  /// Every sample the touch has had, oldest first: where it began, then each coalesced sample.
  private(set) var samples: [Point] = []
  /// How many coalesced samples its latest delivery carried (0 for one that did not move it).
  private(set) var latestSampleCount = 0
  /// Where the latest delivery predicts it over the next frame, oldest first.
  private(set) var predicted: [Point] = []

  /// The radius drawn for a contact the platform did not measure.
  static let defaultRadius = 20.0

  /// A touch that began, seen from `view`.
  @MainActor init(number: Int, touch: Touch, in view: View) {
    self.number = number
    type = touch.type
    update(from: touch, event: nil, in: view)
    samples = [location]
  }

  /// Takes a delivery of `touch` in `event`: its phase, location and contact; for a move, its coalesced
  /// samples and predictions.
  @MainActor mutating func update(from touch: Touch, event: Event?, in view: View) {
    phase = touch.phase
    location = touch.location(in: view)
    majorRadius = touch.majorRadius
    minorRadius = touch.minorRadius
    orientation = touch.orientation
    isContactMeasured = touch.majorRadiusTolerance == 0 && touch.majorRadius > 0
    force = touch.force
    angles = touch.type == .pencil ? (touch.altitudeAngle, touch.azimuthAngle(in: view)) : nil
    guard touch.phase == .moved else {
      latestSampleCount = 0
      predicted = []
      return
    }
    let coalesced = event?.coalescedTouches(for: touch) ?? [touch]
    samples += coalesced.map { $0.location(in: view) }
    latestSampleCount = coalesced.count
    predicted = (event?.predictedTouches(for: touch) ?? []).map { $0.location(in: view) }
  }

  /// The radii the canvas draws: the measured ones, or ``defaultRadius`` for both.
  var drawnRadii: (major: Double, minor: Double) {
    isContactMeasured ? (majorRadius, minorRadius) : (Self.defaultRadius, Self.defaultRadius)
  }

  /// The label's lines: number and phase, position, contact, force and angles when the touch has them,
  /// and how many samples the latest delivery coalesced when more than one.
  var labelLines: [String] {
    var lines = ["#\(number) \(phase)", String(format: "x %.1f y %.1f", location.x, location.y)]
    lines.append(
      isContactMeasured
        ? String(format: "r %.1f × %.1f, %.0f°", majorRadius, minorRadius, orientation * 180 / .pi)
        : "r nominal")
    if let force { lines.append(String(format: "force %.2f", force)) }
    if let angles {
      lines.append(
        String(format: "alt %.0f° az %.0f°", angles.altitude * 180 / .pi, angles.azimuth * 180 / .pi))
    }
    if latestSampleCount > 1 { lines.append("\(latestSampleCount) samples this frame") }
    return lines
  }
}
