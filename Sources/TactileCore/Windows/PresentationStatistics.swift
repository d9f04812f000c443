/// A window's frames that answered input, summed up (``Window/presentationStatistics``).
public struct PresentationStatistics: Sendable, Hashable {
  /// How many of the latest input-to-presentation times ``recentLatencies`` keeps.
  public static let recentCount = 120

  /// Frames shown.
  public private(set) var framesPresented = 0
  /// Frames the compositor discarded.
  public private(set) var framesDiscarded = 0
  /// The refresh intervals missed, over every frame shown (``FramePresentation/missedRefreshes``).
  public private(set) var missedRefreshes = 0
  /// The latest frame reported.
  public private(set) var latest: FramePresentation?
  /// The input-to-presentation times, in seconds, of the latest frames shown (at most
  /// ``recentCount``), oldest first.
  public private(set) var recentLatencies: [Double] = []

  public init() {}

  /// Adds one frame's report.
  ///
  /// - Complexity: O(``recentCount``).
  public mutating func record(_ frame: FramePresentation) {
    latest = frame
    guard frame.presentedTime != nil else {
      framesDiscarded += 1
      return
    }
    framesPresented += 1
    missedRefreshes += frame.missedRefreshes
    guard let latency = frame.inputToPresentation else { return }
    recentLatencies.append(latency)
    if recentLatencies.count > Self.recentCount { recentLatencies.removeFirst() }
  }

  /// The median of ``recentLatencies`` (the mean of the middle two for an even count); `nil` when empty.
  ///
  /// - Complexity: O(n log n) in ``recentCount``.
  public var medianLatency: Double? {
    guard !recentLatencies.isEmpty else { return nil }
    let sorted = recentLatencies.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
