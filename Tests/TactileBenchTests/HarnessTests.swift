import Foundation
import Testing

@testable import TactileBench

/// The benchmark machinery works (numbers are not asserted: timing belongs to `Benchmarks/run`).
@Suite struct HarnessTests {
  static func executable(_ name: String) -> String {
    Bundle.main.executableURL!.deletingLastPathComponent().appending(path: name).path
  }

  @Test func aLatencyRunOnFingerPaintMeasuresEveryMotion() throws {
    var options = LatencyBenchmark.Options()
    options.motions = 20
    options.windowWidth = 640
    options.windowHeight = 480
    options.timeoutMilliseconds = 20_000
    let client = BenchClient(name: "FingerPaint", arguments: [Self.executable("FingerPaint")])
    let results = try LatencyBenchmark.run([client], options: options)
    let result = try #require(results.first)
    #expect(result.missed == 0)
    #expect(result.latencies.count == 20)
    #expect((result.surfaceWidth, result.surfaceHeight) == (640, 480))
    #expect(result.latencies.sorted.allSatisfy { $0 > 0 && $0 < 20_000 })
  }

  @Test func aLatencyRunOnFingerPaintReportsItsOwnInputToCommitAndInputToPresentedTimes() throws {
    var options = LatencyBenchmark.Options()
    options.motions = 20
    options.windowWidth = 640
    options.windowHeight = 480
    options.timeoutMilliseconds = 20_000
    let client = BenchClient(
      name: "FingerPaint", arguments: [Self.executable("FingerPaint")], logsPresentation: true)
    let result = try #require(try LatencyBenchmark.run([client], options: options).first)
    let commit = try #require(result.ownInputToCommit)
    let presented = try #require(result.ownInputToPresented)
    // Every motion was answered by a frame that the fake seat presented at once.
    #expect(commit.count >= options.motions)
    #expect(presented.count == commit.count)
    #expect(commit.sorted.allSatisfy { $0 > 0 && $0 < 20_000 })
    #expect((presented.median ?? 0) >= (commit.median ?? .infinity), "presented after committed")
    let silent = BenchClient(name: "FingerPaint", arguments: [Self.executable("FingerPaint")])
    options.motions = 2
    #expect(try LatencyBenchmark.run([silent], options: options).first?.ownInputToCommit == nil)
  }

  @Test func aPresentationLogLineGivesItsInputToCommitAndInputToPresentedTimes() throws {
    let log = try PresentationLogFile(
      text: """
        # input commit presented input-to-commit input-to-presented (seconds)
        1.000250000 1.002000000 1.003000000 0.001750000 0.002750000
        1.010000000 1.012000000 - 0.002000000 -
        """)
    #expect(log.inputToCommit == [0.00175, 0.002])
    #expect(log.inputToPresented == [0.00275])
    #expect(throws: BenchError.self) { try PresentationLogFile(text: "1 2 3\n") }
  }

  /// Compiles Benchmarks/gtk-list.c, as `Benchmarks/run` does, into a temporary directory.
  static func buildGTKList() throws -> String {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Benchmarks/gtk-list.c").path
    let program = FileManager.default.temporaryDirectory.appending(path: "gtk-list-\(getpid())").path
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/bin/sh")
    compiler.arguments = ["-c", "cc -O2 -o '\(program)' '\(source)' $(pkg-config --cflags --libs gtk4)"]
    try compiler.run()
    compiler.waitUntilExit()
    try #require(compiler.terminationStatus == 0, "cc failed on \(source)")
    return program
  }

  @Test func aListScrollRunMeasuresEveryStepOfTheTactileAndTheGTKList() throws {
    let gtkList = try Self.buildGTKList()
    defer { try? FileManager.default.removeItem(atPath: gtkList) }
    var options = ListScrollBenchmark.Options()
    options.steps = 30
    options.windowWidth = 400
    options.windowHeight = 480
    options.holdMilliseconds = 100
    options.timeoutMilliseconds = 20_000
    let clients = [
      BenchClient(name: "Tactile", arguments: [Self.executable("ListScroll"), "1000"]),
      BenchClient(name: "GTK 4", arguments: [gtkList, "1000"], environment: BenchClient.gtkEnvironment),
    ]
    let results = try ListScrollBenchmark.run(clients, options: options)
    #expect(results.count == 2)
    for result in results {
      #expect(result.missed == 0, "\(result.client) showed every step")
      #expect(result.frames.count == 30, "\(result.client)")
      #expect(result.frames.sorted.allSatisfy { $0 > 0 && $0 < 20_000 })
    }
    #expect((results[0].surfaceWidth, results[0].surfaceHeight) == (400, 480))
  }

  @Test func aListScrollRunSplitsItsStepsIntoStrokesThatEachStartThePanUnmeasured() throws {
    let steps = try #require(
      ListScrollBenchmark.steps(measured: 5, stepPixels: 10, top: 100, bottom: 161))
    #expect(
      steps == [
        .down(y: 160), .move(y: 130, measured: false), .move(y: 120, measured: true),
        .move(y: 110, measured: true), .move(y: 100, measured: true), .up,
        .down(y: 160), .move(y: 130, measured: false), .move(y: 120, measured: true),
        .move(y: 110, measured: true), .up,
      ])
    #expect(ListScrollBenchmark.steps(measured: 5, stepPixels: 10, top: 100, bottom: 135) == nil)
  }

  @Test func aStartupRunOnHelloMeasuresTheFirstFrameAndPeakMemory() throws {
    let client = BenchClient(name: "Hello", arguments: [Self.executable("Hello")])
    let result = try #require(try StartupBenchmark.run([client], runs: 1).first)
    #expect(result.firstFrame.count == 1)
    #expect(result.firstFrame.sorted.allSatisfy { $0 > 0 })
    let peakAtFirstFrame = try #require(result.peakAtFirstFrame.median)
    let peakAfterSecond = try #require(result.peakAfterSecond.median)
    #expect(peakAtFirstFrame > 1 && peakAfterSecond >= peakAtFirstFrame)
    #expect((result.surfaceWidth, result.surfaceHeight) == (640, 480))
  }

  @MainActor @Test(arguments: DispatchScene.allCases)
  func everyDispatchSceneRunsItsRounds(scene: DispatchScene) {
    let round = scene.makeRound()
    benchMeasuredRounds(3, round)
  }

  @Test func theMotionPathSnakesOverFreshGridPoints() throws {
    let path = try #require(MotionPath(count: 7, left: 10, top: 20, right: 46, bottom: 100, step: 12))
    #expect(
      path.points.map { [$0.x, $0.y] } == [
        [10, 20], [22, 20], [34, 20], [34, 32], [22, 32], [10, 32], [10, 44],
      ])
    #expect(MotionPath(count: 100, left: 0, top: 0, right: 24, bottom: 24, step: 12) == nil)
  }

  @Test func theMedianAndNearestRankPercentile() {
    let samples = Samples([5, 1, 4, 2, 3, 100])
    #expect(samples.median == 3.5)
    #expect(samples.percentile(50) == 3)
    #expect(samples.percentile(99) == 100)
    #expect(Samples([]).median == nil)
  }

  @Test func theInstructionTotalIsReadFromCallgrindOutput() {
    #expect(
      Callgrind.totalInstructions(inCallgrindOutput: "events: Ir\nfl=(1) a\n0 5\ntotals: 12345\n") == 12345)
    #expect(Callgrind.totalInstructions(inCallgrindOutput: "events: Ir\nsummary: 77\n") == 77)
    #expect(Callgrind.totalInstructions(inCallgrindOutput: "events: Ir\n") == nil)
  }
}
