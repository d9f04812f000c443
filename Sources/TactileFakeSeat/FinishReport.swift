/// What a test run left behind, from ``FakeCompositor/finish()``. A clean run has nothing here.
public struct FinishReport: Equatable, Sendable, CustomStringConvertible {
  /// Buffers committed and never released (in manual or withheld release modes).
  public var unreleasedBuffers: Int
  /// Frame callbacks requested and never answered (withheld mode, hidden surfaces, uncommitted requests).
  public var pendingFrameCallbacks: Int
  /// Pings without a pong.
  public var unansweredPings: Int
  /// Touch points still down.
  public var liveTouchPoints: [Int32]
  /// Every protocol error and ignored misbehaviour of the clients.
  public var failures: [Failure]

  /// Whether nothing is left over.
  public var isClean: Bool {
    unreleasedBuffers == 0 && pendingFrameCallbacks == 0 && unansweredPings == 0 && liveTouchPoints.isEmpty
      && failures.isEmpty
  }

  public var description: String {
    if isClean { return "clean" }
    var parts: [String] = []
    if unreleasedBuffers > 0 { parts.append("\(unreleasedBuffers) unreleased buffer(s)") }
    if pendingFrameCallbacks > 0 { parts.append("\(pendingFrameCallbacks) pending frame callback(s)") }
    if unansweredPings > 0 { parts.append("\(unansweredPings) unanswered ping(s)") }
    if !liveTouchPoints.isEmpty { parts.append("touch points still down: \(liveTouchPoints)") }
    parts += failures.map(\.description)
    return parts.joined(separator: "; ")
  }
}

extension FakeCompositor {
  /// Handles what is still queued, then reports what is left over. The compositor stays usable.
  public func finish() -> FinishReport {
    pump()
    return FinishReport(
      unreleasedBuffers: heldBufferCount, pendingFrameCallbacks: pendingFrameCallbackCount,
      unansweredPings: unansweredPingCount, liveTouchPoints: touchPointIDs, failures: failures)
  }
}
