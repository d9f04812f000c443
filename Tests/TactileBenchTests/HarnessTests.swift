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
