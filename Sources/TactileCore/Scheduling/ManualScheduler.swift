/// A ``Scheduler`` whose clock moves only when told to: for tests of everything time-dependent.
///
/// ``advance(by:)`` moves the clock forward and runs each timer that falls due, in deadline order (timers
/// with equal deadlines in the order they were scheduled), with ``now`` set to that timer's deadline while
/// it runs. Timers scheduled by a running timer run in the same call if they fall due before its end.
///
/// At the end of a test, ``finish()`` reports the timers still waiting — a gesture timer, a repeat, a
/// deceleration left behind — and drops them, so a test can state that nothing was left running.
@MainActor
public final class ManualScheduler: Scheduler {
  /// A timer still waiting when the scheduler was finished.
  public struct PendingTimer: Sendable, Hashable, CustomStringConvertible {
    /// When it would have run, in seconds on the scheduler's clock.
    public let deadline: Double
    /// The clock's time when it was scheduled.
    public let scheduledAt: Double

    public var description: String { "timer due at \(deadline) s, scheduled at \(scheduledAt) s" }
  }

  private struct Entry {
    var deadline: Double
    var sequence: Int
    var scheduledAt: Double
    var action: @MainActor () -> Void
  }

  public private(set) var now: Double
  private var entries: [Int: Entry] = [:]
  private var nextSequence = 0

  /// - Parameter now: The starting time, in seconds.
  public init(now: Double = 0) {
    self.now = now
  }

  /// How many timers are waiting to run.
  public var pendingCount: Int { entries.count }

  @discardableResult
  public func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> TimerToken {
    let sequence = nextSequence
    nextSequence += 1
    entries[sequence] = Entry(deadline: deadline, sequence: sequence, scheduledAt: now, action: action)
    return TimerToken { [weak self] in
      MainActor.assumeIsolated { _ = self?.entries.removeValue(forKey: sequence) }
    }
  }

  /// Moves the clock forward by `seconds` (negative values are treated as zero), running every timer that
  /// falls due on the way.
  public func advance(by seconds: Double) {
    let end = now + max(0, seconds)
    while let next = entries.values.min(by: { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }),
      next.deadline <= end
    {
      entries.removeValue(forKey: next.sequence)
      now = max(now, next.deadline)
      next.action()
    }
    now = end
  }

  /// Runs the timers that are already due without moving the clock.
  public func runDue() {
    advance(by: 0)
  }

  /// Ends a test's use of the clock: returns the timers still waiting and drops them (they never run;
  /// cancelling their tokens afterwards does nothing). The scheduler can be used again afterwards.
  ///
  /// - Returns: The waiting timers in the order they would have run; empty when nothing was left behind.
  /// - Complexity: O(*n* log *n*) for *n* waiting timers.
  public func finish() -> [PendingTimer] {
    let pending = entries.values.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
    entries = [:]
    return pending.map { PendingTimer(deadline: $0.deadline, scheduledAt: $0.scheduledAt) }
  }
}
