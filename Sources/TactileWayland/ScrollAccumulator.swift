import TactileGeometry

/// Turns one pointer frame's `axis`, `axis_value120` and `axis_stop` events into one scroll delta.
///
/// Rules (WAYLAND-NOTES.md):
/// - When a frame carries `axis_value120` for an axis (a wheel, seat v8), that axis scrolls by whole
///   notches only: the value120s accumulate across frames and every full 120 is one notch of
///   ``pointsPerNotch``; the remainder waits for the next frame. The continuous `axis` value of the same
///   frame is not added (it describes the same motion).
/// - Otherwise (touchpad, or a wheel on a seat below v8) the continuous value is the delta, in points.
/// - `axis_stop` ends a scroll sequence on that axis: the notch remainder is dropped.
/// - A frame that changes nothing yields no delta.
struct ScrollAccumulator {
  /// How far one wheel notch scrolls, in points.
  static let pointsPerNotch = 15.0

  private var continuous = [0.0, 0.0]
  private var value120: [Int32?] = [nil, nil]
  private var remainder: [Int32] = [0, 0]

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
  }

  /// Ends the frame.
  ///
  /// - Returns: The delta to scroll (x right, y down), or nil when the frame scrolls nothing.
  mutating func frame() -> Point? {
    let delta = Point(x: take(0), y: take(1))
    return delta == .zero ? nil : delta
  }

  private mutating func take(_ index: Int) -> Double {
    defer {
      continuous[index] = 0
      value120[index] = nil
    }
    guard let notched = value120[index] else { return continuous[index] }
    let total = Int64(remainder[index]) + Int64(notched)
    let notches = total / 120
    remainder[index] = Int32(total - notches * 120)
    return Double(notches) * Self.pointsPerNotch
  }
}
