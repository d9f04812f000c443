import Glibc
import TactileGeometry

/// How an animation's progress (0 at the start, 1 at the end) follows time, like UIKit's timing curves
/// and spring parameters.
public enum TimingCurve: Hashable, Sendable {
  /// Progress proportional to time.
  case linear
  /// Slow start: the cubic Bézier curve (0.42, 0) (1, 1), as UIKit's and CSS's `ease-in`.
  case easeIn
  /// Slow end: the cubic Bézier curve (0, 0) (0.58, 1).
  case easeOut
  /// Slow start and end: the cubic Bézier curve (0.42, 0) (0.58, 1) (UIKit's default).
  case easeInOut
  /// A cubic Bézier curve from (0, 0) to (1, 1) through the two control points (x in 0 ... 1).
  case cubicBezier(Point, Point)
  /// A damped spring that starts at progress 0 moving at `initialVelocity` (in whole animation distances
  /// per second, as UIKit's `initialSpringVelocity`) and settles on 1 (rules on
  /// ``progress(atTime:duration:)``).
  ///
  /// `dampingRatio` is clamped to 0.01 ... 1: 1 is critically damped (no overshoot), smaller values
  /// oscillate more.
  case spring(dampingRatio: Double, initialVelocity: Double)

  /// The progress `time` seconds into an animation of `duration` seconds: 0 at or before the start,
  /// exactly 1 at or after the end (and for a duration of zero or less).
  ///
  /// Bézier curves are solved for the time fraction (Newton's method, then bisection) to within 10⁻⁹.
  /// A spring is the damped harmonic oscillator `x'' = −ω²(x − 1) − 2ζωx'` with `x(0) = 0`,
  /// `x'(0) = initialVelocity` and ζ the damping ratio, whose stiffness is chosen so that its envelope
  /// `e^(−ζωt)` falls to 0.001 at the end of the duration: `ω = ln 1000 / (ζ · duration)`.
  public func progress(atTime time: Double, duration: Double) -> Double {
    guard duration > 0, time < duration else { return 1 }
    guard time > 0 else { return 0 }
    let fraction = time / duration
    switch self {
    case .linear: return fraction
    case .easeIn: return Self.bezier(Point(x: 0.42, y: 0), Point(x: 1, y: 1), at: fraction)
    case .easeOut: return Self.bezier(Point(x: 0, y: 0), Point(x: 0.58, y: 1), at: fraction)
    case .easeInOut: return Self.bezier(Point(x: 0.42, y: 0), Point(x: 0.58, y: 1), at: fraction)
    case .cubicBezier(let first, let second): return Self.bezier(first, second, at: fraction)
    case .spring(let dampingRatio, let initialVelocity):
      return Self.spring(
        damping: min(max(dampingRatio.isFinite ? dampingRatio : 1, 0.01), 1),
        velocity: initialVelocity.isFinite ? initialVelocity : 0, duration: duration, at: time)
    }
  }

  /// The curve's y where its x is `fraction`, for control points `p1` and `p2` (x clamped to 0 ... 1).
  private static func bezier(_ p1: Point, _ p2: Point, at fraction: Double) -> Double {
    let x1 = min(max(p1.x, 0), 1)
    let x2 = min(max(p2.x, 0), 1)
    // One coordinate of the cubic with end points 0 and 1, and its derivative, at parameter s.
    func coordinate(_ c1: Double, _ c2: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s
    }
    func slope(_ c1: Double, _ c2: Double, _ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * c1 + 6 * u * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }
    var s = fraction
    for _ in 0..<8 {
      let error = coordinate(x1, x2, s) - fraction
      if abs(error) < 1e-9 { return coordinate(p1.y, p2.y, s) }
      let derivative = slope(x1, x2, s)
      guard abs(derivative) > 1e-6 else { break }
      s = min(max(s - error / derivative, 0), 1)
    }
    var low = 0.0
    var high = 1.0
    s = fraction
    while high - low > 1e-9 {
      if coordinate(x1, x2, s) < fraction { low = s } else { high = s }
      s = (low + high) / 2
    }
    return coordinate(p1.y, p2.y, s)
  }

  /// The spring's position at `time` (closed form; rules on ``progress(atTime:duration:)``).
  private static func spring(damping: Double, velocity: Double, duration: Double, at time: Double) -> Double {
    let omega = log(1000) / (damping * duration)
    let envelope = exp(-damping * omega * time)
    // The displacement from the rest position 1 starts at −1 with slope `velocity`.
    if damping >= 1 {
      return 1 + envelope * (-1 + (velocity - omega) * time)
    }
    let damped = omega * (1 - damping * damping).squareRoot()
    let sine = (velocity - damping * omega) / damped
    return 1 + envelope * (-cos(damped * time) + sine * sin(damped * time))
  }
}
