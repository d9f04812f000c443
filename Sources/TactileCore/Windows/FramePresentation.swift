/// When one frame that answered input reached the screen, as the platform's compositor reported it
/// (`wp_presentation` feedback on Wayland): the input it answered, its commit, its presentation.
///
/// A window's host reports one for every committed frame drawn after input reached the window
/// (``Window/deliver(framePresentation:)``); ``Window/presentationStatistics`` sums them up and
/// ``Window/onFramePresented`` sees each.
public struct FramePresentation: Sendable, Hashable {
  /// How the compositor says the frame was shown (`wp_presentation_feedback.kind`).
  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Shown in step with the display's refresh (no tearing).
    public static let vsync = Flags(rawValue: 1)
    /// The presentation time came from the display hardware's clock.
    public static let hardwareClock = Flags(rawValue: 2)
    /// The hardware signalled that the frame was shown (rather than the compositor assuming it).
    public static let hardwareCompletion = Flags(rawValue: 4)
    /// The display scanned the client's buffer out directly, without a copy.
    public static let zeroCopy = Flags(rawValue: 8)
  }

  /// Seconds on the platform's input clock of the oldest input the frame answers (to the nanosecond
  /// where the compositor tells input times that finely, else to the millisecond).
  public var inputTime: Double
  /// Seconds on the presentation clock when the frame was committed.
  public var commitTime: Double
  /// Seconds on the presentation clock when the frame was shown; `nil` when the compositor discarded
  /// it (a later frame replaced it before it was shown, or the surface is not visible).
  public var presentedTime: Double?
  /// The display's refresh interval in seconds when it has a steady one; `nil` otherwise.
  public var refreshInterval: Double?
  /// The display's refresh counter at presentation (`0` when the compositor has none).
  public var sequence: UInt64
  public var flags: Flags
  /// Seconds from the input to the presentation; `nil` when the frame was discarded or the platform's
  /// input clock is not the presentation clock.
  public var inputToPresentation: Double?
  /// Seconds from the input to the commit; `nil` when the platform's input clock is not the
  /// presentation clock.
  public var inputToCommit: Double?

  public init(
    inputTime: Double, commitTime: Double, presentedTime: Double?, refreshInterval: Double?,
    sequence: UInt64 = 0, flags: Flags = [], inputToPresentation: Double?, inputToCommit: Double? = nil
  ) {
    self.inputTime = inputTime
    self.commitTime = commitTime
    self.presentedTime = presentedTime
    self.refreshInterval = refreshInterval
    self.sequence = sequence
    self.flags = flags
    self.inputToPresentation = inputToPresentation
    self.inputToCommit = inputToCommit
  }

  /// Seconds from the commit to the presentation; `nil` when discarded.
  public var commitToPresentation: Double? { presentedTime.map { $0 - commitTime } }

  /// Whole refresh intervals the frame waited after its commit beyond the first: 0 for a frame shown
  /// at the first refresh after its commit, 1 for one that missed that refresh, …; 0 when discarded or
  /// when the display has no steady refresh.
  public var missedRefreshes: Int {
    guard let wait = commitToPresentation, let refreshInterval, refreshInterval > 0, wait > 0 else {
      return 0
    }
    return Int((wait / refreshInterval).rounded(.down))
  }
}
