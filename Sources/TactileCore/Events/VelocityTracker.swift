import TactileGeometry

/// Estimates the velocity of a moving point from its recent positions: the slope of a least-squares
/// line through the samples of the last ``sampleWindow`` seconds, per axis.
///
/// A fit over several samples is steadier than the last two samples' difference, which jumps with the
/// jitter of input timestamps; it also answers zero after the finger has rested longer than the window,
/// so a pan that stops before lifting does not fling.
///
/// Times are the input clock of the samples (the touches' timestamps), so a velocity is in points per
/// second of input time.
public struct VelocityTracker: Sendable, Hashable {
  private struct Sample: Sendable, Hashable {
    var time: Double
    var position: Point
  }

  /// The most samples kept.
  public static let maximumSamples = 20

  /// How far back, in seconds, samples count (``InteractionSettings/velocitySampleWindow``).
  public var sampleWindow: Double
  private var samples: [Sample] = []

  /// - Parameter sampleWindow: Seconds of history to fit.
  public init(sampleWindow: Double) {
    self.sampleWindow = sampleWindow
  }

  /// Adds a position at `time`. Non-finite samples are ignored; a time earlier than the previous sample
  /// is taken as that time; a sample at the same time replaces the previous one.
  public mutating func add(_ position: Point, at time: Double) {
    guard position.isFinite, time.isFinite else { return }
    let time = max(time, samples.last?.time ?? time)
    if samples.last?.time == time { samples.removeLast() }
    samples.append(Sample(time: time, position: position))
    if samples.count > Self.maximumSamples { samples.removeFirst(samples.count - Self.maximumSamples) }
  }

  /// Forgets every sample.
  public mutating func reset() {
    samples = []
  }

  /// The velocity in points per second at `time`: ``velocity``, or zero when the newest sample is more
  /// than ``sampleWindow`` before `time` (the point rested since).
  public func velocity(at time: Double) -> Point {
    guard let newest = samples.last?.time, time - newest <= sampleWindow else { return .zero }
    return velocity
  }

  /// The velocity in points per second at the newest sample (zero with fewer than two samples in the
  /// window, or when they share one time).
  ///
  /// - Complexity: O(``maximumSamples``).
  public var velocity: Point {
    guard let newest = samples.last?.time else { return .zero }
    let recent = samples.filter { newest - $0.time <= sampleWindow }
    guard recent.count >= 2 else { return .zero }
    let count = Double(recent.count)
    let meanT = recent.reduce(0) { $0 + $1.time } / count
    let meanX = recent.reduce(0) { $0 + $1.position.x } / count
    let meanY = recent.reduce(0) { $0 + $1.position.y } / count
    var sxx = 0.0
    var sxy = 0.0
    var syy = 0.0
    for sample in recent {
      let dt = sample.time - meanT
      sxx += dt * dt
      sxy += dt * (sample.position.x - meanX)
      syy += dt * (sample.position.y - meanY)
    }
    guard sxx > 0 else { return .zero }
    return Point(x: sxy / sxx, y: syy / sxx)
  }
}
