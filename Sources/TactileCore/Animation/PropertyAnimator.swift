/// An animation that can be started, paused, scrubbed, reversed and continued, like
/// `UIViewPropertyAnimator`, running on the app's ``Scheduler``.
///
/// ## Capturing
/// The animations blocks run when the animator first starts, pauses or is scrubbed. Every animatable
/// property (``View/center``, ``View/bounds`` and so ``View/frame``, ``View/transform``,
/// ``View/alpha``, ``View/backgroundColor``, ``View/cornerRadii`` and so ``View/cornerRadius``) that a
/// block changes becomes a track from the value before the block to the value it set; the view is put
/// back to the start and the animator moves it. Reading a property during an animation gives the value
/// shown now (UIKit gives the end value and keeps the shown one on its presentation layer). A track
/// starts from the value shown when ``beginsFromCurrentState`` is set (the default); otherwise, for a
/// property another animation is moving, from that animation's end value — a jump, as in UIKit.
///
/// ## Running
/// The scheduler is that of the first animated view's window; each tick, every 1/60 s after the start
/// and once more at the end, sets each track to its value at the ``timingCurve``'s progress. Setting a
/// property marks damage as any change does, so a frame redraws only what moved. Without a window (or
/// without anything to animate) the animator jumps to its end at once.
///
/// ## Interruption
/// An animation that animates a property this animator is moving takes that track over. An animator
/// whose tracks were all taken ends then, at ``Position/current``; ``wasInterrupted`` tells the
/// completion of one that lost any track.
@MainActor
public final class PropertyAnimator {
  /// Where an animator is in its life, like `UIViewAnimatingState`.
  public enum State: Sendable {
    /// Not started, or finished (its completions ran).
    case inactive
    /// Started or paused: the tracks are captured.
    case active
    /// Stopped by ``stopAnimation(_:)`` without finishing: waiting for ``finishAnimation(at:)``.
    case stopped
  }

  /// Where an animation ended, like `UIViewAnimatingPosition`.
  public enum Position: Sendable {
    /// At the end values.
    case end
    /// Back at the start values (a reversed animation).
    case start
    /// Wherever it was when stopped or interrupted.
    case current
  }

  /// One animated property of one view.
  struct Track {
    let view: View
    let property: AnimatableProperty
    let from: AnimatableValue
    let to: AnimatableValue
  }

  /// A run from one progress to another along a curve.
  private struct Segment {
    let start: Double
    let fromProgress: Double
    let toProgress: Double
    let duration: Double
    let curve: TimingCurve
  }

  /// The seconds a run from start to end takes. Non-finite or negative values count as 0.
  public let duration: Double
  /// The curve of a run started with ``startAnimation()``.
  public let timingCurve: TimingCurve
  /// Whether tracks start from the value shown now (rules on ``PropertyAnimator``). Default `true`.
  public var beginsFromCurrentState = true
  /// The life stage.
  public private(set) var state = State.inactive
  /// Whether another animation took over any of this animator's tracks.
  public private(set) var wasInterrupted = false
  /// The animator's seconds between ticks.
  static let tickInterval = 1.0 / 60

  /// Called after each tick has moved the tracks, once per frame (not when the animator jumps to its
  /// end without a scheduler), for a view that follows what its animated subviews show.
  var frameObserver: (() -> Void)?

  private var animations: [() -> Void] = []
  private var completions: [(Position) -> Void] = []
  private(set) var tracks: [Track] = []
  private var progress = 0.0
  private var segment: Segment?
  private var tick: TimerToken?
  /// Weak: a pending tick holds the animator, so a strong reference back would keep the scheduler.
  private weak var scheduler: Scheduler?

  /// - Parameters:
  ///   - duration: Seconds from start to end.
  ///   - curve: How progress follows time. Default ``TimingCurve/easeInOut``.
  ///   - animations: Changes to animate (more with ``addAnimations(_:)``).
  public init(duration: Double, curve: TimingCurve = .easeInOut, animations: (() -> Void)? = nil) {
    self.duration = duration.isFinite ? max(duration, 0) : 0
    timingCurve = curve
    if let animations { self.animations.append(animations) }
  }

  /// Whether the animation is moving (started and not paused, stopped or finished).
  public var isRunning: Bool { segment != nil }

  /// How far the values are from start (0) to end (1). Setting it (clamped to 0 ... 1; ignored while
  /// running or when non-finite) captures the tracks if needed and moves every track there in
  /// proportion, as a finger scrubbing the animation does.
  public var fractionComplete: Double {
    get { progress }
    set {
      guard !isRunning, newValue.isFinite, state != .stopped else { return }
      captureIfNeeded()
      progress = min(max(newValue, 0), 1)
      apply(progress)
    }
  }

  /// Whether the animation runs back towards the start. Changing it while running turns the run
  /// around from where it is, along the same curve.
  public var isReversed = false {
    didSet {
      guard isReversed != oldValue, let segment, let scheduler else { return }
      run(curve: segment.curve, durationFactor: 1, at: scheduler.now)
    }
  }

  /// Adds changes to animate; captured with the others at the first start (ignored once captured).
  public func addAnimations(_ animations: @escaping () -> Void) {
    guard state == .inactive, tracks.isEmpty else { return }
    self.animations.append(animations)
  }

  /// Adds a block run once when the animation ends, with where it ended.
  public func addCompletion(_ completion: @escaping (Position) -> Void) {
    completions.append(completion)
  }

  /// Starts or resumes the run towards the end (or the start when reversed) with ``timingCurve``.
  public func startAnimation() {
    startAnimation(afterDelay: 0)
  }

  /// Like ``startAnimation()``, `delay` seconds from now (non-finite or negative: none).
  public func startAnimation(afterDelay delay: Double) {
    guard state != .stopped, !isRunning else { return }
    captureIfNeeded()
    guard let scheduler else { return finish(at: isReversed ? .start : .end) }
    run(curve: timingCurve, durationFactor: 1, at: scheduler.now + (delay.isFinite ? max(delay, 0) : 0))
  }

  /// Stops the run where it is (capturing the tracks if not yet done); ``startAnimation()`` or
  /// ``continueAnimation(withTimingParameters:durationFactor:)`` resumes it.
  public func pauseAnimation() {
    guard state != .stopped else { return }
    captureIfNeeded()
    halt()
  }

  /// Resumes a paused animation from where it is to the end (or the start when reversed) with `curve`
  /// (or ``timingCurve``), taking the remaining share of ``duration`` times `durationFactor` (ignored
  /// unless positive and finite). A spring's initial velocity is in remaining distances per second: a
  /// finger moving at `v` points per second with `d` points left to go continues with `v / d`.
  public func continueAnimation(withTimingParameters curve: TimingCurve?, durationFactor: Double) {
    guard state == .active, !isRunning, let scheduler else { return }
    let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 1
    run(curve: curve ?? timingCurve, durationFactor: factor, at: scheduler.now)
  }

  /// Stops the animation where it is. With `withoutFinishing` the animator ends at once, without its
  /// completions; otherwise it waits in ``State/stopped`` for ``finishAnimation(at:)``. Either way the
  /// views keep their current values and other animations may take the properties over.
  public func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    halt()
    releaseTracks()
    state = withoutFinishing ? .inactive : .stopped
    if withoutFinishing { completions = [] }
  }

  /// Ends a stopped animation: moves the views to `position` and runs the completions.
  public func finishAnimation(at position: Position) {
    guard state == .stopped else { return }
    finish(at: position)
  }

  /// Takes the `property` track of `view` away from this animator (another animation took it over).
  func release(_ view: View, _ property: AnimatableProperty) {
    tracks.removeAll { $0.view === view && $0.property == property }
    wasInterrupted = true
    if tracks.isEmpty, state == .active { finish(at: .current) }
  }

  private func captureIfNeeded() {
    guard state == .inactive else { return }
    state = .active
    AnimationCapture.capture(animations) { changes in
      for change in changes {
        let to = change.view.value(of: change.property)
        let running = change.view.runningAnimators[change.property]
        let runningEnd = beginsFromCurrentState ? nil : running?.endValue(of: change.view, change.property)
        let from = runningEnd ?? change.old
        running?.release(change.view, change.property)
        guard from != to else { continue }
        tracks.append(Track(view: change.view, property: change.property, from: from, to: to))
        change.view.runningAnimators[change.property] = self
        change.view.setValue(from, of: change.property)
      }
    }
    animations = []
    scheduler = tracks.lazy.compactMap { $0.view.window?.application.scheduler }.first
  }

  private func endValue(of view: View, _ property: AnimatableProperty) -> AnimatableValue? {
    tracks.first { $0.view === view && $0.property == property }?.to
  }

  /// Starts a segment from the current progress to the end the animation runs towards.
  private func run(curve: TimingCurve, durationFactor: Double, at start: Double) {
    tick?.cancel()
    let target = isReversed ? 0.0 : 1.0
    let next = Segment(
      start: start, fromProgress: progress, toProgress: target,
      duration: duration * abs(target - progress) * durationFactor, curve: curve)
    segment = next
    scheduleTick(number: 1, of: next)
  }

  private func scheduleTick(number: Int, of run: Segment) {
    guard let scheduler else { return }
    let end = run.start + run.duration
    let deadline = min(run.start + Double(number) * Self.tickInterval, end)
    tick = scheduler.schedule(at: deadline) { [self] in
      // The last tick is decided on the deadline, not on `deadline - start`, which on a clock far from
      // zero can round to just under the duration and would never finish.
      let isLast = deadline >= end
      let elapsed = isLast ? run.duration : deadline - run.start
      let eased = run.curve.progress(atTime: elapsed, duration: run.duration)
      progress = run.fromProgress + (run.toProgress - run.fromProgress) * eased
      apply(progress)
      frameObserver?()
      if isLast {
        segment = nil
        tick = nil
        finish(at: run.toProgress == 1 ? .end : .start)
      } else {
        scheduleTick(number: number + 1, of: run)
      }
    }
  }

  /// Every track at `progress` of the way from its start to its end value.
  private func apply(_ progress: Double) {
    for track in tracks {
      track.view.setValue(track.from.interpolated(to: track.to, progress), of: track.property)
    }
  }

  private func halt() {
    tick?.cancel()
    tick = nil
    segment = nil
  }

  private func releaseTracks() {
    for track in tracks where track.view.runningAnimators[track.property] === self {
      track.view.runningAnimators[track.property] = nil
    }
  }

  private func finish(at position: Position) {
    halt()
    switch position {
    case .end: progress = 1
    case .start: progress = 0
    case .current: break
    }
    if position != .current { apply(progress) }
    releaseTracks()
    state = .inactive
    let blocks = completions
    completions = []
    for block in blocks { block(position) }
  }
}
