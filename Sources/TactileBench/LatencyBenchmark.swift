import TactileFakeSeat

/// Input-to-photon latency under the fake seat: the time from the compositor sending a touch motion
/// (`wl_touch.motion` + `frame`, flushed at once) to the client committing a buffer whose pixel under the
/// motion point changed.
///
/// All clients run side by side in one compositor (``BenchCompositor``: frame callbacks answered at
/// once), each with one finger down on its own window. Motions are interleaved: motion *i* goes to each
/// client in turn (the order rotates with *i*), and the next motion is sent only after the previous one
/// was shown or timed out, and at least ``Options/minimumIntervalMilliseconds`` after the previous
/// motion to the same client — a client is idle when a motion arrives. Every client's finger visits the
/// same ``MotionPath``, inside the smallest window.
///
/// A Tactile client (``BenchClient/logsPresentation``) also reports its own times: for every frame that
/// answered input (the touch-down and the motions), from the input's nanosecond time to its commit and
/// to its presentation, as its ``TactileCore/Window/presentationStatistics`` records them.
public enum LatencyBenchmark {
  public struct Options: Sendable {
    /// Measured motions per client (one touch-down before them is not measured).
    public var motions = 1000
    /// The size every window is configured to (a client that keeps its own size keeps it).
    public var windowWidth: Int32 = 1920
    public var windowHeight: Int32 = 1080
    /// The shortest time between two motions to the same client (8 ms: a 125 Hz touch screen).
    public var minimumIntervalMilliseconds = 8
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
    /// Milliseconds from motion to the first commit showing it, one per shown motion.
    public var latencies: Samples
    /// The same, in the order the motions were sent (the stroke growing).
    public var latenciesInOrder: [Double]
    /// Motions no commit showed within the timeout.
    public var missed: Int
    /// Commits after a motion that did not show it yet (the client committed something else first).
    public var commitsNotShowing: Int
    /// The client's own milliseconds from input to commit and from input to presentation, one per
    /// frame that answered input; nil for a client that does not log them.
    public var ownInputToCommit: Samples?
    public var ownInputToPresented: Samples?
  }

  /// Runs the benchmark.
  ///
  /// - Throws: ``BenchError`` if a client fails or the windows are too small; fake-seat errors.
  public static func run(_ clients: [BenchClient], options: Options) throws -> [Result] {
    let bench = try BenchCompositor(outputWidth: options.windowWidth, outputHeight: options.windowHeight)
    let logs = clients.indices.map {
      clients[$0].logsPresentation ? bench.session.directory + "/presentation-\($0).log" : nil
    }
    let launched = zip(clients, logs).map { client, log in
      var client = client
      if let log { client.environment["TACTILE_PRESENTATION_LOG"] = log }
      return client
    }
    let targets = try bench.launchTargets(launched, width: options.windowWidth, height: options.windowHeight)
    let sizes = targets.map { bench.size(of: $0) }
    let width = sizes.map(\.0).min() ?? 0
    let height = sizes.map(\.1).min() ?? 0
    // Away from the edges, and below a title bar (GTK's header bar and shadow end above y = 100).
    guard
      let path = MotionPath(
        count: options.motions + 1, left: 60, top: 120, right: Int(width) - 60, bottom: Int(height) - 40)
    else { throw BenchError.windowTooSmall(width: width, height: height, motions: options.motions) }

    let probe = CommitProbe(bench: bench)
    for (index, target) in targets.enumerated() {
      let point = path.points[0]
      try probe.send(
        to: target, showing: .pixel(x: point.x, y: point.y), measured: false,
        timeoutMilliseconds: options.timeoutMilliseconds
      ) {
        try bench.compositor.touchDown(
          id: Int32(index + 1), at: .surface(id: target.surfaceID, x: Double(point.x), y: Double(point.y)))
      }
    }
    for (step, point) in path.points.dropFirst().enumerated() {
      for offset in targets.indices {
        let index = (step + offset) % targets.count
        let target = targets[index]
        try target.waitForInterval(options.minimumIntervalMilliseconds, bench: bench)
        try probe.send(
          to: target, showing: .pixel(x: point.x, y: point.y),
          timeoutMilliseconds: options.timeoutMilliseconds
        ) {
          try bench.compositor.touchMotion(
            id: Int32(index + 1), to: .surface(id: target.surfaceID, x: Double(point.x), y: Double(point.y)))
        }
      }
    }
    if let directory = options.screenshotDirectory { try bench.writeLastBuffers(of: targets, to: directory) }
    // The clients hear of their last frames' presentation after the commit that showed the last motion.
    if logs.contains(where: { $0 != nil }) { bench.settle() }
    return try targets.indices.map { index in
      let (target, size) = (targets[index], sizes[index])
      let own = try logs[index].map { try PresentationLogFile(contentsOf: $0) }
      return Result(
        client: target.client.name, surfaceWidth: size.0, surfaceHeight: size.1,
        latencies: Samples(target.latencies), latenciesInOrder: target.latencies, missed: target.missed,
        commitsNotShowing: target.commitsNotShowing,
        ownInputToCommit: own.map { Samples($0.inputToCommit.map { $0 * 1000 }) },
        ownInputToPresented: own.map { Samples($0.inputToPresented.map { $0 * 1000 }) })
    }
  }
}
