import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore

/// The compositor's `wp_presentation` (presentation-time, stable): the clock it states presentation
/// times on, and one `wp_presentation_feedback` per frame that answers input.
///
/// A window asks for feedback on a commit that attaches a buffer drawn after input reached it
/// (``requestFeedback(for:inputTime:report:)``); the compositor answers once, `presented` or
/// `discarded`, and the answer becomes a ``TactileCore/FramePresentation`` for the window. The commit
/// time is read on the presentation clock just before the commit. Input times are the nanosecond times
/// of `zwp_input_timestamps_v1` where the compositor offers them (``InputTimestamps``), else the
/// protocol's millisecond timestamps, both wrapped in the protocol's 2³² milliseconds, on a clock the
/// protocol leaves unnamed: libinput-based compositors (weston, mutter, KWin) take them from
/// `CLOCK_MONOTONIC`, which is also a DRM compositor's presentation clock (headless weston presents on
/// `CLOCK_MONOTONIC_RAW`, which differs from it by the clock's slow slew). The input-to-presentation
/// time is their difference in those wrapping 2³² milliseconds, to the nanosecond, reported only when it
/// comes out between 0 and 10 s: two unrelated clocks land there by chance once in millions of frames.
@MainActor
final class Presentation {
  private let proxy: OpaquePointer
  /// Kept so that the `wl_display` outlives the proxies.
  private let connection: WaylandConnection
  /// Where every answer is also written, when `TACTILE_PRESENTATION_LOG` names a file.
  private let log: PresentationLog?
  /// The clock of presentation times (`wp_presentation.clock_id`, sent on bind).
  private(set) var clock = CLOCK_MONOTONIC
  /// The feedback objects awaiting their one answer, by proxy.
  private var pending: [ProxyKey: PendingFeedback] = [:]

  /// A requested feedback: what the frame answered and who hears of it.
  private struct PendingFeedback {
    var proxy: OpaquePointer
    var inputTime: Double
    /// The commit's time on the presentation clock, in nanoseconds.
    var commitNanoseconds: UInt64
    var report: @MainActor (FramePresentation) -> Void
  }

  init(proxy: OpaquePointer, connection: WaylandConnection, log: PresentationLog? = nil) {
    self.proxy = proxy
    self.connection = connection
    self.log = log
    wp_presentation_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    for feedback in pending.values { wp_presentation_feedback_destroy(feedback.proxy) }
    wp_presentation_destroy(proxy)
  }

  /// Seconds now on the presentation clock.
  func now() -> Double {
    Double(nowNanoseconds()) / 1e9
  }

  /// Nanoseconds now on the presentation clock.
  private func nowNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(clock, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// How many feedback requests await their answer.
  var pendingCount: Int { pending.count }

  /// Asks for feedback on `surface`'s coming commit, which answers input of `inputTime` (seconds on
  /// the input clock); call it just before the commit. `report` gets the answer once.
  func requestFeedback(
    for surface: OpaquePointer, inputTime: Double, report: @escaping @MainActor (FramePresentation) -> Void
  ) {
    guard let feedback = wp_presentation_feedback(proxy, surface) else { return }
    pending[ProxyKey(feedback)] = PendingFeedback(
      proxy: feedback, inputTime: inputTime, commitNanoseconds: nowNanoseconds(), report: report)
    wp_presentation_feedback_add_listener(feedback, Self.feedbackListener, listenerData(self))
  }

  private func answered(
    _ key: ProxyKey, presented: (seconds: UInt64, nanoseconds: UInt32)?,
    refresh: UInt32, sequence: UInt64, flags: UInt32
  ) {
    guard let feedback = pending.removeValue(forKey: key) else { return }
    wp_presentation_feedback_destroy(feedback.proxy)
    let presentedTime = presented.map { Double($0.seconds) + Double($0.nanoseconds) / 1e9 }
    // 536,870,912 s are 125 whole input-clock periods: reducing the seconds by them first keeps the
    // nanoseconds in range and the difference modulo the period unchanged.
    let presentedNanoseconds = presented.map {
      ($0.seconds % 536_870_912) * 1_000_000_000 + UInt64($0.nanoseconds)
    }
    let frame = FramePresentation(
      inputTime: feedback.inputTime, commitTime: Double(feedback.commitNanoseconds) / 1e9,
      presentedTime: presentedTime, refreshInterval: refresh == 0 ? nil : Double(refresh) / 1e9,
      sequence: sequence, flags: FramePresentation.Flags(rawValue: flags & 0xF),
      inputToPresentation: presentedNanoseconds.flatMap { Self.elapsed(from: feedback.inputTime, to: $0) },
      inputToCommit: Self.elapsed(from: feedback.inputTime, to: feedback.commitNanoseconds))
    log?.write(frame)
    feedback.report(frame)
  }

  /// The seconds from an input (seconds on the input clock, which wraps every 2³² milliseconds) to a
  /// time on the presentation clock, compared in nanoseconds modulo that period
  /// (``inputClockPeriodNanoseconds``); nil unless between 0 and 10 s.
  static func elapsed(from input: Double, to nanoseconds: UInt64) -> Double? {
    let period = inputClockPeriodNanoseconds
    guard input.isFinite, input >= 0, input < Double(period) / 1e9 else { return nil }
    let inputNanoseconds = UInt64((input * 1e9).rounded()) % period
    let elapsed = (nanoseconds % period + period - inputNanoseconds) % period
    let seconds = Double(elapsed) / 1e9
    return seconds < 10 ? seconds : nil
  }

  private static let listener = permanentListener(
    wp_presentation_listener(
      clock_id: { data, _, clock in
        withListenerTarget(data, Presentation.self) { $0.clock = clockid_t(clock) }
      }))

  private static let feedbackListener = permanentListener(
    wp_presentation_feedback_listener(
      sync_output: { _, _, _ in },
      presented: {
        data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, flags in
        guard let feedback else { return }
        let key = ProxyKey(feedback)
        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
        let sequence = UInt64(sequenceHigh) << 32 | UInt64(sequenceLow)
        withListenerTarget(data, Presentation.self) {
          $0.answered(
            key, presented: (seconds, nanoseconds), refresh: refresh, sequence: sequence, flags: flags)
        }
      },
      discarded: { data, feedback in
        guard let feedback else { return }
        let key = ProxyKey(feedback)
        withListenerTarget(data, Presentation.self) {
          $0.answered(key, presented: nil, refresh: 0, sequence: 0, flags: 0)
        }
      }))
}
