import TactileCore

/// Key repeat, which Wayland leaves to the client: after `delay` a held key repeats `rate` times per
/// second, on a ``TactileCore/Scheduler`` (the application's, so tests advance a manual clock).
///
/// Rules of `wl_keyboard` repeat: rate 0 disables repeat; only one key repeats, the latest pressed one that
/// repeats at all; it stops on the release of **that** key (not of any key), on `leave`, when the surface
/// goes away, and when a new `repeat_info` arrives. Without `repeat_info` (seat below v4) the defaults
/// apply.
@MainActor
final class KeyRepeater {
  /// `wl_keyboard.repeat_info`: characters per second and milliseconds before the first repeat.
  struct Info: Equatable {
    var rate: Int32
    var delay: Int32

    /// Used until the compositor sends `repeat_info`: 25 per second after 600 ms (weston's and
    /// X's defaults).
    static let standard = Info(rate: 25, delay: 600)
  }

  var info = Info.standard {
    didSet { stop() }
  }
  /// The evdev code of the key repeating now.
  private(set) var key: UInt32?
  private var token: TimerToken?

  /// Starts repeating `key` (replacing any repeat in progress) unless the rate is 0.
  ///
  /// - Parameters:
  ///   - key: The evdev code of the key.
  ///   - scheduler: The clock and timers to repeat on.
  ///   - fire: Called on each repeat with the time elapsed since `start`, in seconds.
  func start(key: UInt32, on scheduler: Scheduler, fire: @escaping @MainActor (Double) -> Void) {
    stop()
    guard info.rate > 0 else { return }
    self.key = key
    let start = scheduler.now
    let first = start + Double(max(0, info.delay)) / 1000
    schedule(count: 0, first: first, start: start, scheduler: scheduler, fire: fire)
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

  /// Schedules repeat `count` at `first + count / rate` (from the start, so the cadence does not drift).
  private func schedule(
    count: Int, first: Double, start: Double, scheduler: Scheduler,
    fire: @escaping @MainActor (Double) -> Void
  ) {
    let deadline = first + Double(count) / Double(info.rate)
    token = scheduler.schedule(at: deadline) { [weak self] in
      guard let self else { return }
      self.schedule(count: count + 1, first: first, start: start, scheduler: scheduler, fire: fire)
      fire(deadline - start)
    }
  }
}
