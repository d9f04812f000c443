/// The points a latency run's finger visits: a serpentine over a grid (left to right, down one step,
/// right to left, …), so that every point lies on canvas no earlier stroke touched — a stroke up to
/// `step` − 4 pixels wide never covers the next point before the motion to it arrives.
public struct MotionPath: Sendable {
  /// Surface-local points in visiting order (whole pixels, so the pixel under each is unambiguous).
  public let points: [(x: Int, y: Int)]

  /// Fails (nil) if the area holds fewer than `count` grid points.
  ///
  /// - Parameters:
  ///   - count: How many points.
  ///   - left: The area's left edge (surface-local pixels).
  ///   - top: Its top edge.
  ///   - right: Its right edge (exclusive).
  ///   - bottom: Its bottom edge (exclusive).
  ///   - step: The grid spacing in pixels.
  public init?(count: Int, left: Int, top: Int, right: Int, bottom: Int, step: Int = 12) {
    let columns = max(0, (right - left + step - 1) / step)
    let rows = max(0, (bottom - top + step - 1) / step)
    guard columns * rows >= count else { return nil }
    points = (0..<count).map { index in
      let row = index / columns
      let column = row % 2 == 0 ? index % columns : columns - 1 - index % columns
      return (left + column * step, top + row * step)
    }
  }
}
