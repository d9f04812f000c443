import TactileFakeSeat

/// Startup time and memory of hello-window programs under the fake seat: the time from starting the
/// program (just before `posix_spawn`) to the arrival of its first commit that maps a window, and the
/// peak resident set size (`VmHWM` of `/proc/PID/status`) read at that commit and again one second later
/// (the program idle, its frame callbacks answered), after which it is killed.
///
/// (`ru_maxrss` from `wait4` is no use here: the kernel carries the spawning parent's peak, shared until
/// `exec`, into the child's.)
///
/// All programs start in one compositor (``BenchCompositor``), one at a time, interleaved: run *r*
/// starts each program in turn, the order rotating with *r*.
public enum StartupBenchmark {
  /// One program's measurements, one value per run.
  public struct Result: Sendable {
    public var client: String
    /// The window's surface size at its first frame (of the last run).
    public var surfaceWidth: Int32 = 0
    public var surfaceHeight: Int32 = 0
    /// Milliseconds from exec to the first frame.
    public var firstFrame: Samples = Samples([])
    /// Peak RSS in MiB when the first frame arrived.
    public var peakAtFirstFrame: Samples = Samples([])
    /// Peak RSS in MiB one second after the first frame.
    public var peakAfterSecond: Samples = Samples([])
  }

  /// Runs every program `runs` times.
  ///
  /// - Throws: ``BenchError/clientFailed(name:log:)``; fake-seat errors.
  public static func run(_ clients: [BenchClient], runs: Int) throws -> [Result] {
    let bench = try BenchCompositor(outputWidth: 1920, outputHeight: 1080)
    var firstFrames = Array(repeating: [Double](), count: clients.count)
    var peaksAtFirstFrame = firstFrames
    var peaksAfterSecond = firstFrames
    var results = clients.map { Result(client: $0.name) }
    for run in 0..<runs {
      for offset in clients.indices {
        let index = (run + offset) % clients.count
        let sample = try measure(clients[index], in: bench)
        firstFrames[index].append(sample.firstFrame)
        peaksAtFirstFrame[index].append(sample.peakAtFirstFrame)
        peaksAfterSecond[index].append(sample.peakAfterSecond)
        (results[index].surfaceWidth, results[index].surfaceHeight) = sample.size
      }
    }
    for index in clients.indices {
      results[index].firstFrame = Samples(firstFrames[index])
      results[index].peakAtFirstFrame = Samples(peaksAtFirstFrame[index])
      results[index].peakAfterSecond = Samples(peaksAfterSecond[index])
    }
    return results
  }

  private static func measure(_ client: BenchClient, in bench: BenchCompositor) throws -> (
    firstFrame: Double, peakAtFirstFrame: Double, peakAfterSecond: Double, size: (Int32, Int32)
  ) {
    try bench.compositor.pump(until: "the previous client to disconnect") {
      bench.compositor.clientCount == 0
    }
    var firstFrame: UInt64?
    var peakAtFirstFrame: Int?
    var pid: Int32 = 0
    bench.commitHandler = { surface, received in
      guard firstFrame == nil, bench.compositor.windows.contains(where: { $0.id == surface }) else { return }
      firstFrame = received
      peakAtFirstFrame = ProcessMemory.peakResidentKibibytes(of: pid)
    }
    defer { bench.commitHandler = nil }
    let start = monotonicNanoseconds()
    let (process, window) = try bench.launch(client) { pid = $0.pid }
    bench.compositor.pump(forMilliseconds: 1_000)
    let peakAfterSecond = ProcessMemory.peakResidentKibibytes(of: process.pid)
    process.terminate()
    guard let firstFrame, let peakAtFirstFrame, let peakAfterSecond else {
      throw BenchError.clientFailed(name: client.name, log: bench.session.log(of: client.arguments[0]))
    }
    return (
      Double(firstFrame - start) / 1_000_000, Double(peakAtFirstFrame) / 1024, Double(peakAfterSecond) / 1024,
      (window.width, window.height)
    )
  }
}
