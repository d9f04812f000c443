import TactileFakeSeat

/// One client in a benchmark run (latency or list scroll), with what was measured so far.
final class Target {
  let client: BenchClient
  let process: ClientProcess
  let surfaceID: Int
  var latencies: [Double] = []
  var missed = 0
  var commitsNotShowing = 0
  /// When the latest event was sent to it.
  var lastSent: UInt64 = 0

  init(client: BenchClient, process: ClientProcess, surfaceID: Int) {
    self.client = client
    self.process = process
    self.surfaceID = surfaceID
  }

  /// Keeps the compositor serving clients until `milliseconds` passed since the latest event to this one.
  func waitForInterval(_ milliseconds: Int, bench: BenchCompositor) throws {
    let due = lastSent + UInt64(milliseconds) * 1_000_000
    let now = monotonicNanoseconds()
    if now < due { bench.compositor.pump(forMilliseconds: Int((due - now + 999_999) / 1_000_000)) }
  }
}
