import TactileFakeSeat

/// Sends one touch event to a benchmark ``Target`` and waits for the first commit that shows it: whose
/// pixels, where the event must change them, differ from before the event.
final class CommitProbe {
  /// Where a commit must differ from the one before the event to show it.
  enum Change {
    /// The pixel under the event's point (a paint stroke reaching it).
    case pixel(x: Int, y: Int)
    /// Any pixel of the surface (a list scrolled by the event).
    case anywhere
  }

  private let bench: BenchCompositor
  /// The surface, the change and the watched pixels' values the awaited commit must change.
  private var expected: (surfaceID: Int, change: Change, before: [UInt32])?
  private var shownAt: UInt64?
  private var commitsNotShowing = 0

  init(bench: BenchCompositor) {
    self.bench = bench
    bench.commitHandler = { [unowned self] surface, received in commitArrived(surface, received) }
  }

  /// Injects an event with `inject`, ends the touch frame, flushes, and waits until a commit shows it.
  ///
  /// - Parameters:
  ///   - target: The client; its latencies, misses and lastSent are updated.
  ///   - change: What a commit must change to show the event.
  ///   - measured: Whether the latency counts (the touch-down before the motions does not).
  ///   - timeoutMilliseconds: After this the motion counts as missed.
  ///   - inject: Sends the event (without the frame).
  /// - Throws: ``BenchError/clientFailed(name:log:)`` if the client exits; what `inject` throws.
  func send(
    to target: Target, showing change: Change, measured: Bool = true, timeoutMilliseconds: Int,
    inject: () throws -> Void
  ) throws {
    expected = (target.surfaceID, change, watched(change, of: target.surfaceID) ?? [])
    shownAt = nil
    commitsNotShowing = 0
    let sent = monotonicNanoseconds()
    try inject()
    bench.compositor.touchFrame()
    bench.compositor.pump()
    target.lastSent = sent
    try? bench.compositor.pump(until: "a commit showing the motion", timeoutMilliseconds: timeoutMilliseconds)
    {
      shownAt != nil || target.process.exitStatus != nil
    }
    expected = nil
    guard target.process.exitStatus == nil else {
      throw BenchError.clientFailed(
        name: target.client.name, log: bench.session.log(of: target.client.arguments[0]))
    }
    guard measured else { return }
    target.commitsNotShowing += commitsNotShowing
    if let shownAt {
      target.latencies.append(Double(shownAt - sent) / 1_000_000)
    } else {
      target.missed += 1
    }
  }

  private func commitArrived(_ surfaceID: Int, _ received: UInt64) {
    guard let expected, shownAt == nil, surfaceID == expected.surfaceID else { return }
    if let now = watched(expected.change, of: surfaceID), now != expected.before {
      shownAt = received
    } else {
      commitsNotShowing += 1
    }
  }

  /// The ARGB values of the pixels a change watches in a surface's committed buffer (buffer scale 1):
  /// one pixel, or all; nil without a buffer or for a pixel outside it.
  private func watched(_ change: Change, of surfaceID: Int) -> [UInt32]? {
    guard let image = try? bench.compositor.contents(ofSurface: surfaceID) else { return nil }
    switch change {
    case .pixel(let x, let y):
      guard x >= 0, y >= 0, x < image.width, y < image.height else { return nil }
      return [image.pixels[y * image.width + x]]
    case .anywhere:
      return image.pixels
    }
  }
}
