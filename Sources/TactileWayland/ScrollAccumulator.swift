import CWaylandClient
import TactileCore
import TactileGeometry

/// Turns one pointer frame's `axis_source`, `axis`, `axis_value120` (or `axis_discrete`) and `axis_stop`
/// events into one ``TactileCore/ScrollInput``.
///
/// Rules:
/// - When a frame carries `axis_value120` for an axis (a wheel, seat v8), that axis scrolls by whole
///   notches only: the value120s accumulate across frames and every full 120 is one notch of
///   ``pointsPerNotch``; the remainder waits for the next frame. The continuous `axis` value of the same
///   frame is not added (it describes the same motion). Below seat v8, `axis_discrete` steps count as
///   120 each (the owner feeds them to ``axisValue120(vertical:value:)``).
/// - Otherwise (touchpad, or a device without notches) the continuous value is the delta, in points.
/// - `axis_source` names the frame's source (it holds for that frame only); `axis_stop` ends a scroll
///   sequence on that axis: the notch remainder is dropped and the step says the axis stopped.
/// - A frame that neither scrolls nor stops an axis yields no step.
struct ScrollAccumulator {
  /// How far one wheel notch scrolls, in points.
  static let pointsPerNotch = 15.0

  private var continuous = [0.0, 0.0]
  private var value120: [Int32?] = [nil, nil]
  private var remainder: [Int32] = [0, 0]
  private var source: ScrollInput.Source?
  private var stopped: ScrollInput.Axes = []

  /// `axis_source`: the wire value (0 wheel, 1 finger, 2 continuous, 3 wheel tilt); unknown values
  /// leave the source unnamed.
  mutating func source(_ value: UInt32) {
    switch value {
    case WL_POINTER_AXIS_SOURCE_WHEEL.rawValue: source = .wheel
    case WL_POINTER_AXIS_SOURCE_FINGER.rawValue: source = .finger
    case WL_POINTER_AXIS_SOURCE_CONTINUOUS.rawValue: source = .continuous
    case WL_POINTER_AXIS_SOURCE_WHEEL_TILT.rawValue: source = .wheelTilt
    default: source = nil
    }
  }

  /// A continuous `axis` value, in surface units.
  mutating func axis(vertical: Bool, value: Double) {
    guard value.isFinite else { return }
    continuous[vertical ? 1 : 0] += value
  }

  /// An `axis_value120` value (120 = one notch).
  mutating func axisValue120(vertical: Bool, value: Int32) {
    let index = vertical ? 1 : 0
    value120[index] = (value120[index] ?? 0).addingReportingOverflow(value).partialValue
  }

  /// `axis_stop`: the sequence on this axis ended.
  mutating func stop(vertical: Bool) {
    remainder[vertical ? 1 : 0] = 0
    stopped.insert(vertical ? .vertical : .horizontal)
  }

  /// Ends the frame.
  ///
  /// - Returns: The step at `location` and `timestamp`, or nil when the frame neither scrolls nor stops.
  mutating func frame(at location: Point, timestamp: Double) -> ScrollInput? {
    defer {
      source = nil
      stopped = []
    }
    let notched = value120[0] != nil || value120[1] != nil
    let (x, notchesX) = take(0)
    let (y, notchesY) = take(1)
    let delta = Point(x: x, y: y)
    guard delta != .zero || !stopped.isEmpty else { return nil }
    return ScrollInput(
      location: location, delta: delta, timestamp: timestamp, source: source,
      notches: notched ? Point(x: notchesX, y: notchesY) : nil, stoppedAxes: stopped)
  }

  /// The axis's delta in points and its whole notches.
  private mutating func take(_ index: Int) -> (delta: Double, notches: Double) {
    defer {
      continuous[index] = 0
      value120[index] = nil
    }
    guard let notched = value120[index] else { return (continuous[index], 0) }
    let total = Int64(remainder[index]) + Int64(notched)
    let notches = total / 120
    remainder[index] = Int32(total - notches * 120)
    return (Double(notches) * Self.pointsPerNotch, Double(notches))
  }
}
