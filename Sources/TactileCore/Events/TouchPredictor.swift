import TactileGeometry

/// Where a moving touch will be: the predictor behind ``Event/predictedTouches(for:)``.
///
/// The predictor fits a parabola per axis, by least squares, through the touch's samples of the last
/// ``fitWindow`` seconds, x(τ) ≈ c₀ + c₁τ + c₂τ² with τ the time since the newest sample, and
/// continues from the newest sample with the fit's velocity and acceleration there:
/// x + c₁·a + c₂·a² for a time `a` ahead (a line through two samples when there are only two; the
/// newest position when there is one, or when the samples share one time). It predicts over
/// ``horizon`` seconds, one frame of a 60 Hz display, one sample per input interval (the time between
/// the touch's last two samples): a 120 Hz touch screen gets two predicted samples per frame, the last
/// one a whole horizon ahead; an interval longer than the horizon gives one sample at the horizon.
///
/// Its error was measured on a recorded stroke (`TouchPredictionTests`, the trace
/// `Tests/TactileWaylandTests/Traces/handwriting-stroke.trace` replayed through the fake compositor);
/// the window of 30 ms was chosen there: a straight-line fit over 50 ms erred 3× as much on the
/// stroke's loops. The article "Coalesced and predicted touches" states the numbers.
struct TouchPredictor: Sendable, Hashable {
  /// How far ahead, in seconds, the last predicted sample is.
  static let horizon = 1.0 / 60
  /// How far back, in seconds, the samples the parabola is fitted to reach.
  static let fitWindow = 0.03
  /// The fewest seconds between two predicted samples (a 480 Hz digitizer's interval).
  static let shortestInterval = 1.0 / 480
  /// The most samples kept (more than ``fitWindow`` holds at 480 Hz).
  static let maximumSamples = 16

  private struct Sample: Sendable, Hashable {
    var time: Double
    var location: Point
  }

  private var samples: [Sample] = []
  private var interval: Double?

  /// Adds a sample; non-finite ones are ignored, a time earlier than the newest is taken as the newest,
  /// and a sample at the newest time replaces it.
  mutating func add(_ location: Point, at time: Double) {
    guard location.isFinite, time.isFinite else { return }
    let newest = samples.last?.time ?? time
    let time = max(time, newest)
    if time > newest { interval = time - newest }
    if samples.last?.time == time { samples.removeLast() }
    samples.append(Sample(time: time, location: location))
    if samples.count > Self.maximumSamples { samples.removeFirst(samples.count - Self.maximumSamples) }
  }

  /// The predicted samples after `sample` (the touch's newest), oldest first; each keeps `sample`'s
  /// contact and force.
  ///
  /// - Complexity: O(``maximumSamples``).
  func predictions(after sample: TouchSample) -> [TouchSample] {
    let (velocity, acceleration) = motion()
    let step = min(Self.horizon, max(Self.shortestInterval, interval ?? Self.horizon))
    let count = max(1, Int((Self.horizon / step).rounded()))
    var predicted: [TouchSample] = []
    var previous = sample.location
    for index in 1...count {
      let ahead = Self.horizon * Double(index) / Double(count)
      var next = sample
      next.location = Point(
        x: sample.location.x + velocity.x * ahead + acceleration.x * ahead * ahead,
        y: sample.location.y + velocity.y * ahead + acceleration.y * ahead * ahead)
      next.previousLocation = previous
      next.timestamp = sample.timestamp + ahead
      previous = next.location
      predicted.append(next)
    }
    return predicted
  }

  /// The fit's c₁ and c₂ per axis at the newest sample (zero when the samples say nothing).
  private func motion() -> (velocity: Point, acceleration: Point) {
    guard let newest = samples.last?.time else { return (.zero, .zero) }
    let recent = samples.filter { newest - $0.time <= Self.fitWindow }
    guard recent.count >= 2 else { return (.zero, .zero) }
    // Sums of τ⁰…τ⁴ and of x·τ⁰…τ², y·τ⁰…τ² for the normal equations.
    var s = [Double](repeating: 0, count: 5)
    var sx = [Double](repeating: 0, count: 3)
    var sy = [Double](repeating: 0, count: 3)
    for sample in recent {
      let tau = sample.time - newest
      var power = 1.0
      for k in 0..<5 {
        s[k] += power
        if k < 3 {
          sx[k] += sample.location.x * power
          sy[k] += sample.location.y * power
        }
        power *= tau
      }
    }
    if recent.count >= 3, let quadratic = Self.solve3(s, sx), let quadraticY = Self.solve3(s, sy) {
      return (Point(x: quadratic.1, y: quadraticY.1), Point(x: quadratic.2, y: quadraticY.2))
    }
    // A line: slope = (n·Στx − Στ·Σx) / (n·Στ² − (Στ)²).
    let denominator = s[0] * s[2] - s[1] * s[1]
    guard denominator > 0 else { return (.zero, .zero) }
    return (
      Point(x: (s[0] * sx[1] - s[1] * sx[0]) / denominator, y: (s[0] * sy[1] - s[1] * sy[0]) / denominator),
      .zero
    )
  }

  /// Solves the 3×3 normal equations of a parabola fit (matrix of sums `s`, right side `b`) by
  /// Cramer's rule; `nil` when they are singular (the samples lie at two times or fewer).
  private static func solve3(_ s: [Double], _ b: [Double]) -> (Double, Double, Double)? {
    func det(_ m: [[Double]]) -> Double {
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
    let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
    let determinant = det(matrix)
    // The sums of τ⁴ are tiny (τ is milliseconds): compare against the scale of the terms.
    guard determinant.isFinite, abs(determinant) > 1e-12 * abs(s[0] * s[2] * s[4]) + .leastNormalMagnitude
    else { return nil }
    func replaced(_ column: Int) -> [[Double]] {
      var m = matrix
      for row in 0..<3 { m[row][column] = b[row] }
      return m
    }
    return (det(replaced(0)) / determinant, det(replaced(1)) / determinant, det(replaced(2)) / determinant)
  }
}
