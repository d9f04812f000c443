/// The one-shot timers of an ``EventLoop``: deadlines in seconds on the loop's monotonic clock.
///
/// Timers fall due in deadline order; equal deadlines run in the order they were scheduled.
///
/// - Complexity: Scheduling and cancelling are O(1); finding the next timer is O(n) in the number of
///   pending timers, which stays small (a few per window).
struct TimerQueue {
  private struct Entry {
    var deadline: Double
    var sequence: Int
    var action: @MainActor () -> Void
  }

  private var entries: [Int: Entry] = [:]
  private var nextSequence = 0

  /// How many timers are pending.
  var count: Int { entries.count }

  /// Adds a timer.
  ///
  /// - Returns: Its identifier for ``cancel(_:)``.
  mutating func schedule(at deadline: Double, _ action: @escaping @MainActor () -> Void) -> Int {
    let sequence = nextSequence
    nextSequence += 1
    entries[sequence] = Entry(deadline: deadline, sequence: sequence, action: action)
    return sequence
  }

  /// Removes a timer; does nothing if it already ran or was cancelled.
  mutating func cancel(_ identifier: Int) {
    entries.removeValue(forKey: identifier)
  }

  /// The earliest deadline, or nil when no timer is pending.
  var nextDeadline: Double? { earliest?.deadline }

  /// Removes and returns the earliest timer whose deadline is at or before `now`.
  mutating func popDue(now: Double) -> (@MainActor () -> Void)? {
    guard let entry = earliest, entry.deadline <= now else { return nil }
    entries.removeValue(forKey: entry.sequence)
    return entry.action
  }

  private var earliest: Entry? {
    entries.values.min { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
  }

  /// The `poll` timeout in milliseconds until `deadline`: rounded up, so the loop never wakes before a
  /// timer is due and spins; 0 when it is due; -1 (wait forever) without a deadline.
  static func pollTimeout(until deadline: Double?, now: Double) -> Int32 {
    guard let deadline else { return -1 }
    let milliseconds = ((deadline - now) * 1000).rounded(.up)
    if !(milliseconds > 0) { return 0 }
    return milliseconds >= Double(Int32.max) ? Int32.max : Int32(milliseconds)
  }
}
