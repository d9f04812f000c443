/// A ``Scheduler`` whose clock moves only when told to: for tests of everything time-dependent.
///
/// ``advance(by:)`` moves the clock forward and runs each timer that falls due, in deadline order (timers
/// with equal deadlines in the order they were scheduled), with ``now`` set to that timer's deadline while
/// it runs. Timers scheduled by a running timer run in the same call if they fall due before its end.
@MainActor
public final class ManualScheduler: Scheduler {
  private struct Entry {
    var deadline: Double
    var sequence: Int
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
    entries[sequence] = Entry(deadline: deadline, sequence: sequence, action: action)
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
}
