import TactileFakeSeat

/// A list scroll frame under the fake seat: the time from the compositor sending a touch motion that
/// drags a list (`wl_touch.motion` + `frame`, flushed at once) to the client committing a buffer that
/// differs from the one before — the list scrolled and drawn.
///
/// The measurement is the latency benchmark's (``LatencyBenchmark``: one compositor answering frame
/// callbacks at once, clients side by side, motions interleaved, the order rotating, each client idle
/// for at least ``Options/minimumIntervalMilliseconds`` when a motion arrives); only the gesture
/// differs. Each client's finger goes down near the bottom of its window, moves up 30 pixels (not
/// measured: the list's pan begins), then ``Options/stepPixels`` up per measured motion until it nears
/// the top, rests ``Options/holdMilliseconds`` (so the lift flings nothing) and lifts; the next stroke
/// starts at the bottom again, further down the list, until ``Options/steps`` motions were measured.
public enum ListScrollBenchmark {
  public struct Options: Sendable {
    /// Measured motions per client.
    public var steps = 500
    /// How far each measured motion moves the finger up, in pixels.
    public var stepPixels = 8
    /// The size every window is configured to.
    public var windowWidth: Int32 = 640
    public var windowHeight: Int32 = 960
    /// The shortest time between two motions to the same client (8 ms: a 125 Hz touch screen).
    public var minimumIntervalMilliseconds = 8
    /// How long the finger rests before it lifts at the end of a stroke.
    public var holdMilliseconds = 300
    /// How long a motion may wait for a commit that shows it before it counts as missed.
    public var timeoutMilliseconds = 2_000
    /// If set, each client's last committed buffer is written there as `NAME.png` after the run.
    public var screenshotDirectory: String?

    public init() {}
  }

  /// One client's measurements.
  public struct Result: Sendable {
    public var client: String
    /// The size of the client's surface during the run.
    public var surfaceWidth: Int32
    public var surfaceHeight: Int32
    /// Milliseconds from motion to the first commit that differs, one per shown motion.
    public var frames: Samples
    /// Motions no commit showed within the timeout.
    public var missed: Int
  }

  /// What a client's finger does at one step of the run.
  enum Step: Equatable {
    /// Down at surface-local y (not measured, nothing to show).
    case down(y: Int)
    /// A move to y: measured, or not (the move that starts the pan).
    case move(y: Int, measured: Bool)
    /// Rest, then lift.
    case up
  }

  /// The strokes of a run in a window whose list spans `top ..< bottom` (surface-local pixels).
  ///
  /// - Returns: nil when the span has no room for a measured motion.
  static func steps(measured count: Int, stepPixels: Int, top: Int, bottom: Int) -> [Step]? {
    let start = bottom - 1
    let begun = start - 30
    let perStroke = (begun - top) / max(stepPixels, 1)
    guard perStroke > 0 else { return nil }
    var steps: [Step] = []
    var left = count
    while left > 0 {
      steps += [.down(y: start), .move(y: begun, measured: false)]
      let moves = min(left, perStroke)
      steps += (1...moves).map { .move(y: begun - $0 * stepPixels, measured: true) }
      steps.append(.up)
      left -= moves
    }
    return steps
  }

  /// Runs the benchmark.
  ///
  /// - Throws: ``BenchError`` if a client fails or the windows are too small; fake-seat errors.
  public static func run(_ clients: [BenchClient], options: Options) throws -> [Result] {
    let bench = try BenchCompositor(outputWidth: options.windowWidth, outputHeight: options.windowHeight)
    let targets = try bench.launchTargets(clients, width: options.windowWidth, height: options.windowHeight)
    let sizes = targets.map { bench.size(of: $0) }
    let width = Int(sizes.map(\.width).min() ?? 0)
    let height = Int(sizes.map(\.height).min() ?? 0)
    // Inside every list: right of GTK's shadow, below its header bar and above the bottom shadow.
    guard width > 120,
      let steps = steps(
        measured: options.steps, stepPixels: options.stepPixels, top: 120, bottom: height - 40)
    else {
      throw BenchError.windowTooSmall(width: Int32(width), height: Int32(height), motions: options.steps)
    }
    let x = Double(width / 2)
    let probe = CommitProbe(bench: bench)
    for (number, step) in steps.enumerated() {
      for offset in targets.indices {
        let index = (number + offset) % targets.count
        let target = targets[index]
        let id = Int32(index + 1)
        switch step {
        case .down(let y):
          try bench.compositor.touchDown(id: id, at: .surface(id: target.surfaceID, x: x, y: Double(y)))
          bench.compositor.touchFrame()
          bench.compositor.pump()
          target.lastSent = monotonicNanoseconds()
        case .move(let y, let measured):
          try target.waitForInterval(options.minimumIntervalMilliseconds, bench: bench)
          try probe.send(
            to: target, showing: .anywhere, measured: measured,
            timeoutMilliseconds: options.timeoutMilliseconds
          ) {
            try bench.compositor.touchMotion(id: id, to: .surface(id: target.surfaceID, x: x, y: Double(y)))
          }
        case .up:
          try target.waitForInterval(options.holdMilliseconds, bench: bench)
          try bench.compositor.touchUp(id: id)
          bench.compositor.touchFrame()
          bench.compositor.pump()
          target.lastSent = monotonicNanoseconds()
        }
      }
      if step == .up { bench.settle() }
    }
    if let directory = options.screenshotDirectory { try bench.writeLastBuffers(of: targets, to: directory) }
    return zip(targets, sizes).map { target, size in
      Result(
        client: target.client.name, surfaceWidth: size.width, surfaceHeight: size.height,
        frames: Samples(target.latencies), missed: target.missed)
    }
  }
}
