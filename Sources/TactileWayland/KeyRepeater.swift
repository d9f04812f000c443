import TactileCore

/// Key repeat, which Wayland leaves to the client: after `delay` a held key repeats `rate` times per
/// second, on a ``TactileCore/Scheduler`` (the application's, so tests advance a manual clock).
///
/// Rules of `wl_keyboard` repeat: rate 0 disables repeat; only one key repeats, the latest pressed one
/// that repeats at all; it stops on the release of **that** key (not of any key), on `leave`, when the
/// surface goes away, and when a new `repeat_info` arrives. Without `repeat_info` (seat below v4) the defaults apply.
///
/// A compositor's `repeat_info` is clamped to ``Info/rates`` and ``Info/delays`` (a rate below 1 disables
/// repeat), and a repeat that falls due while the previous one has not yet run (the app was busy) is
/// skipped: at most one repeat runs per event-loop turn, so a release read in the next turn always ends
/// it.
@MainActor
final class KeyRepeater {
  /// `wl_keyboard.repeat_info`: characters per second and milliseconds before the first repeat, as the
  /// compositor sent them.
  struct Info: Equatable {
    var rate: Int32
    var delay: Int32

    /// Used until the compositor sends `repeat_info`: 25 per second after 600 ms (weston's and
    /// X's defaults).
    static let standard = Info(rate: 25, delay: 600)

    /// The repeat rates used, per second: a faster rate is slowed to 100 (the fastest desktop settings
    /// offer); 0 or less disables repeat.
    static let rates: ClosedRange<Int32> = 1...100
    /// The delays used, in milliseconds: a shorter one waits 100 ms, a longer one 5 s.
    static let delays: ClosedRange<Int32> = 100...5000

    /// The rate used: ``rates`` clamps it; nil when repeat is disabled.
    var usedRate: Double? { rate < Self.rates.lowerBound ? nil : Double(min(rate, Self.rates.upperBound)) }
    /// The delay used, in seconds (clamped to ``delays``).
    var usedDelay: Double { Double(min(max(delay, Self.delays.lowerBound), Self.delays.upperBound)) / 1000 }
  }

  var info = Info.standard {
    didSet { stop() }
  }
  /// The evdev code of the key repeating now.
  private(set) var key: UInt32?
  private var token: TimerToken?

  /// Starts repeating `key` (replacing any repeat in progress) unless repeat is disabled.
  ///
  /// - Parameters:
  ///   - key: The evdev code of the key.
  ///   - scheduler: The clock and timers to repeat on.
  ///   - fire: Called on each repeat with the time elapsed since `start`, in seconds.
  func start(key: UInt32, on scheduler: Scheduler, fire: @escaping @MainActor (Double) -> Void) {
    stop()
    guard let rate = info.usedRate else { return }
    self.key = key
    let start = scheduler.now
    let cadence = Cadence(first: start + info.usedDelay, rate: rate)
    schedule(count: 0, cadence: cadence, start: start, scheduler: scheduler, fire: fire)
  }

  /// Stops the repeat of `key` only.
  func stop(key released: UInt32) {
    if released == key { stop() }
  }

  /// Stops any repeat.
  func stop() {
    token?.cancel()
    token = nil
    key = nil
  }

  /// When repeats fall due: repeat `count` at `first + count / rate`, from the start, so the cadence does
  /// not drift.
  private struct Cadence {
    var first: Double
    var rate: Double

    func deadline(_ count: Int) -> Double { first + Double(count) / rate }

    /// The first repeat after `count` that falls due after `now`: the next one, or a later one when the
    /// next is already overdue.
    func next(after count: Int, now: Double) -> Int {
      let overdue = ((now - first) * rate).rounded(.down)
      guard overdue.isFinite, overdue >= Double(count + 1) else { return count + 1 }
      return overdue < Double(Int.max / 2) ? Int(overdue) + 1 : Int.max / 2
    }
  }

  private func schedule(
    count: Int, cadence: Cadence, start: Double, scheduler: Scheduler,
    fire: @escaping @MainActor (Double) -> Void
  ) {
    let deadline = cadence.deadline(count)
    // The scheduler holds this action until it runs or is cancelled: capturing the scheduler strongly
    // would make a cycle (scheduler → action → scheduler) for a repeat that is never stopped.
    token = scheduler.schedule(at: deadline) { [weak self, weak scheduler] in
      guard let self, let scheduler else { return }
      let next = cadence.next(after: count, now: scheduler.now)
      self.schedule(count: next, cadence: cadence, start: start, scheduler: scheduler, fire: fire)
      fire(deadline - start)
    }
  }
}
