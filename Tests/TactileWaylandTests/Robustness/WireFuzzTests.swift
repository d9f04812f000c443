import Foundation
import Testing

/// The wire fuzzer (issue 9): seeded hostile sequences through the fake seat into a Tactile window.
///
/// CI runs 200 sequences of 40 steps with a fixed seed; `bash Tests/Stress/run` runs 100,000 with
/// memory checked (`TACTILE_FUZZ_SEQUENCES`, `TACTILE_FUZZ_SEED`, `TACTILE_STRESS_MEMORY=1`).
@MainActor @Suite struct WireFuzzTests {
  @Test func hostileSequencesKeepEveryTouchRecognizerAndRepeatContract() throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["TACTILE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x7AC7_11E
    let sequences = environment["TACTILE_FUZZ_SEQUENCES"].flatMap { Int($0) } ?? 200
    let started = Date()
    let report = try WireFuzzer(seed: seed, sequences: sequences).run()
    print(
      "wire fuzzer: seed \(seed), \(report.sequences) sequences, \(report.steps) steps, "
        + "\(report.touches) touches checked, \(report.recognitions) recognitions, "
        + "\(Int(Date().timeIntervalSince(started))) s; memory by tenths: "
        + report.memory.map(\.description).joined(separator: " | "))
    if let failure = report.failure { Issue.record("\(failure)") }
    #expect(report.touches >= report.sequences, "too few touches reached the views to prove anything")
    #expect(report.recognitions >= report.sequences / 10, "too few gestures were recognized")
    if environment["TACTILE_STRESS_MEMORY"] == "1", let first = report.memory.dropFirst().first,
      let last = report.memory.last
    {
      #expect(
        last.allocated - first.allocated < 2_000_000,
        "malloc in use grew from \(first) to \(last) over the run")
    }
  }

  /// Sequences the fuzzer found (shrunk), kept as regression tests.
  @Test(arguments: [
    // A finger lifted in a frame that never came, then cancel: the lifted finger was never cancelled.
    [
      FuzzStep.touchDown(id: 3, x: 64, y: 23), .touchDown(id: 1, x: 55, y: 18), .touchFrame, .touchUp(id: 3),
      .touchCancel,
    ]
  ])
  func aSequenceTheFuzzerFoundKeepsTheContract(steps: [FuzzStep]) throws {
    let app = try FuzzedApp()
    for step in steps { try app.perform(step) }
    #expect(try app.settle() == [])
    #expect(app.touchesChecked == 2)
  }

  @Test func aFailingSequenceShrinksToTheStepsThatBreakIt() {
    let steps = FuzzStep.sequence(seed: 42, length: 60) + [.touchCancel, .keyboardLeave]
    let (minimal, violations) = WireFuzzer.shrink(steps) { candidate in
      candidate.contains(.touchCancel) && candidate.contains(.keyboardLeave) ? ["both"] : nil
    }
    #expect(minimal.count == 2 && minimal.contains(.touchCancel) && minimal.contains(.keyboardLeave))
    #expect(violations == ["both"])
  }

  @Test func theSameSeedGivesTheSameSequence() {
    #expect(FuzzStep.sequence(seed: 7, length: 50) == FuzzStep.sequence(seed: 7, length: 50))
    #expect(FuzzStep.sequence(seed: 7, length: 50) != FuzzStep.sequence(seed: 8, length: 50))
  }
}
