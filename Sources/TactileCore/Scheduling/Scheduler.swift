/// The core's seam to time: a monotonic clock and one-shot timers.
///
/// Everything in Tactile that depends on time — long press, double tap, key repeat, scroll deceleration,
/// frame pacing — reads ``now`` and calls ``schedule(at:_:)`` on the scheduler it was given, never the
/// system clock. A platform (the Wayland event loop) provides a real one; tests use ``ManualScheduler`` and
/// advance it, so no test sleeps.
///
/// All calls happen on the main actor; actions run on the main actor, never re-entrantly from inside
/// ``schedule(at:_:)``.
@MainActor
public protocol Scheduler: AnyObject {
  /// Seconds on a monotonic clock with an arbitrary origin. Never decreases.
  var now: Double { get }

  /// Runs `action` once, at the first opportunity at or after `deadline` (seconds on ``now``'s clock).
  ///
  /// - Parameters:
  ///   - deadline: When to run; a deadline in the past runs at the next opportunity, not immediately.
  ///   - action: What to run.
  /// - Returns: A token that cancels the timer; cancelling after it ran does nothing.
  @discardableResult
  func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken
}

extension Scheduler {
  /// Runs `action` once, `delay` seconds from now. See ``Scheduler/schedule(at:_:)``.
  @discardableResult
  public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
    schedule(at: now + delay, action)
  }
}

/// Cancels one scheduled timer. Cancelling twice, or after the timer ran, does nothing.
@MainActor
public final class TimerToken {
  private var onCancel: (() -> Void)?

  /// - Parameter onCancel: Called at most once, on the first ``cancel()``.
  public init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the timer from running, if it has not run yet.
  public func cancel() {
    let action = onCancel
    onCancel = nil
    action?()
  }
}
