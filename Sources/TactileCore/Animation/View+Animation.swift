/// Options of ``View/animate(withDuration:delay:options:animations:completion:)``, like
/// `UIView.AnimationOptions` (the curve options are exclusive; with none, ease in and out).
public struct AnimationOptions: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Start each property from the value shown now, even while another animation moves it.
  public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
  /// ``TimingCurve/easeInOut`` (the default).
  public static let curveEaseInOut = AnimationOptions([])
  /// ``TimingCurve/easeIn``.
  public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
  /// ``TimingCurve/easeOut``.
  public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
  /// ``TimingCurve/linear``.
  public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

  /// The curve the options name.
  var curve: TimingCurve {
    switch (rawValue >> 16) & 3 {
    case 1: .easeIn
    case 2: .easeOut
    case 3: .linear
    default: .easeInOut
    }
  }
}

/// Block animations, as UIKit's `UIView.animate`: a ``PropertyAnimator`` started for the changes the
/// block makes (rules there).
extension View {
  /// Animates the changes `animations` makes to animatable properties over `duration` seconds.
  ///
  /// - Parameters:
  ///   - duration: Seconds the animation takes.
  ///   - delay: Seconds before it starts. Default 0.
  ///   - options: The curve and ``AnimationOptions/beginFromCurrentState``. Default none (ease in and
  ///     out, starting from the end value of a running animation of the same property).
  ///   - animations: The changes.
  ///   - completion: Called once at the end with `true` when the animation ran to its end, `false`
  ///     when another animation took over any of its properties.
  public static func animate(
    withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    start(
      PropertyAnimator(duration: duration, curve: options.curve, animations: animations), delay, options,
      completion)
  }

  /// Like ``animate(withDuration:delay:options:animations:completion:)``, along a spring
  /// (``TimingCurve/spring(dampingRatio:initialVelocity:)``) instead of `options`' curve.
  public static func animate(
    withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
    initialSpringVelocity velocity: Double, options: AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let curve = TimingCurve.spring(dampingRatio: dampingRatio, initialVelocity: velocity)
    start(
      PropertyAnimator(duration: duration, curve: curve, animations: animations), delay, options, completion)
  }

  private static func start(
    _ animator: PropertyAnimator, _ delay: Double, _ options: AnimationOptions,
    _ completion: ((Bool) -> Void)?
  ) {
    animator.beginsFromCurrentState = options.contains(.beginFromCurrentState)
    if let completion {
      animator.addCompletion { [weak animator] position in
        completion(position == .end && !(animator?.wasInterrupted ?? false))
      }
    }
    animator.startAnimation(afterDelay: delay)
  }
}
