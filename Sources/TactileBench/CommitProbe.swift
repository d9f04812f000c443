import TactileFakeSeat

/// Sends one touch event to a latency ``Target`` and waits for the first commit whose pixel under the
/// event's point differs from before the event ("the commit that shows it").
final class CommitProbe {
  private let bench: BenchCompositor
  /// The surface, point and pixel value the awaited commit must change.
  private var expected: (surfaceID: Int, x: Int, y: Int, before: UInt32)?
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
  ///   - point: The surface-local point of the event.
  ///   - measured: Whether the latency counts (the touch-down before the motions does not).
  ///   - timeoutMilliseconds: After this the motion counts as missed.
  ///   - inject: Sends the event (without the frame).
  /// - Throws: ``BenchError/clientFailed(name:log:)`` if the client exits; what `inject` throws.
  func send(
    to target: Target, at point: (x: Int, y: Int), measured: Bool = true, timeoutMilliseconds: Int,
    inject: () throws -> Void
  ) throws {
    expected = (target.surfaceID, point.x, point.y, pixel(of: target.surfaceID, at: point) ?? 0)
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
    if let now = pixel(of: surfaceID, at: (expected.x, expected.y)), now != expected.before {
      shownAt = received
    } else {
      commitsNotShowing += 1
    }
  }

  /// The ARGB value of a surface's committed buffer at a surface-local pixel (buffer scale 1).
  private func pixel(of surfaceID: Int, at point: (x: Int, y: Int)) -> UInt32? {
    guard let image = try? bench.compositor.contents(ofSurface: surfaceID), point.x >= 0, point.y >= 0,
      point.x < image.width, point.y < image.height
    else { return nil }
    return image.pixels[point.y * image.width + point.x]
  }
}
