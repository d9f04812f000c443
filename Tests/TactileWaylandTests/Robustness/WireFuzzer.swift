import Foundation

/// Runs seeded hostile sequences (``FuzzStep``) through the fake seat into one ``FuzzedApp`` and checks
/// the contract after each; on the first failure it shrinks the sequence on fresh apps and reports the
/// seed and the minimal steps.
///
/// Sequence `i` of a run with seed `s` has seed `s + i`: `TACTILE_FUZZ_SEED=<that seed>
/// TACTILE_FUZZ_SEQUENCES=1` replays it alone.
@MainActor struct WireFuzzer {
  /// A sequence that broke the contract.
  struct Failure: CustomStringConvertible {
    var seed: UInt64
    var violations: [String]
    /// The smallest subsequence found that still fails on a fresh app (the whole sequence if it fails
    /// only after the ones before it).
    var steps: [FuzzStep]
    var reproducesAlone: Bool

    var description: String {
      let alone = reproducesAlone ? "shrunk on a fresh app" : "fails only after the earlier sequences"
      return """
        wire fuzzer: sequence with seed \(seed) broke the contract (\(alone)):
        \(violations.map { "  - \($0)" }.joined(separator: "\n"))
        steps (\(steps.count)):
        \(steps.map { "  \($0)" }.joined(separator: "\n"))
        """
    }
  }

  /// What a run did.
  struct Report {
    var sequences = 0
    var steps = 0
    /// Touches that reached views, all checked for their end.
    var touches = 0
    /// Recognizers that began or recognized.
    var recognitions = 0
    var failure: Failure?
    /// Memory after each tenth of the run.
    var memory: [MemorySample] = []
  }

  var seed: UInt64
  var sequences: Int
  var length = 40

  /// Runs the sequences, stopping at the first failure.
  ///
  /// - Throws: A fake-seat or Wayland error when an app cannot be started at all.
  func run() throws -> Report {
    let restore = CrashNote.install()
    defer { restore() }
    var report = Report()
    var app = try FuzzedApp()
    let samples = max(1, sequences / 10)
    for index in 0..<sequences {
      let sequenceSeed = seed &+ UInt64(index)
      let steps = FuzzStep.sequence(seed: sequenceSeed, length: length)
      CrashNote.set(
        "\nwire fuzzer: crashed in the sequence with seed \(sequenceSeed):\n"
          + steps.map { "  \($0)\n" }.joined())
      let (touchesBefore, recognitionsBefore) = (app.touchesChecked, app.recognitions)
      let violations = Self.violations(of: steps, in: app)
      report.touches += app.touchesChecked - touchesBefore
      report.recognitions += app.recognitions - recognitionsBefore
      report.sequences += 1
      report.steps += steps.count
      if !violations.isEmpty {
        report.failure = try shrink(steps, seed: sequenceSeed, violations: violations)
        return report
      }
      if index % samples == samples - 1 { report.memory.append(.now()) }
      if app.harness.window.isClosed { app = try FuzzedApp() }
    }
    return report
  }

  /// The contract violations of `steps` run on `app` (a broken connection is one).
  private static func violations(of steps: [FuzzStep], in app: FuzzedApp) -> [String] {
    do {
      for step in steps { try app.perform(step) }
      return try app.settle()
    } catch {
      return ["the app's connection failed: \(error)"]
    }
  }

  /// Shrinks a failing sequence on fresh apps.
  private func shrink(_ steps: [FuzzStep], seed: UInt64, violations: [String]) throws -> Failure {
    let failing = { (candidate: [FuzzStep]) throws -> [String]? in
      let found = Self.violations(of: candidate, in: try FuzzedApp())
      return found.isEmpty ? nil : found
    }
    guard try failing(steps) != nil else {
      return Failure(seed: seed, violations: violations, steps: steps, reproducesAlone: false)
    }
    let (minimal, found) = try Self.shrink(steps, failing: failing)
    return Failure(seed: seed, violations: found, steps: minimal, reproducesAlone: true)
  }

  /// The smallest subsequence of a failing `steps` that `failing` still rejects: chunks of halving size
  /// are deleted while the failure persists (delta debugging).
  ///
  /// - Parameters:
  ///   - steps: A sequence that fails.
  ///   - failing: The violations of a candidate, or nil when it passes.
  /// - Returns: The shrunk sequence and its violations.
  /// - Complexity: O(n log n) calls of `failing` for n steps when few steps matter.
  static func shrink(
    _ steps: [FuzzStep], failing: ([FuzzStep]) throws -> [String]?
  ) rethrows -> (steps: [FuzzStep], violations: [String]) {
    var current = steps
    var found = try failing(steps) ?? []
    var chunk = max(1, current.count / 2)
    while true {
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if let still = try failing(candidate) {
          current = candidate
          found = still
        } else {
          start += chunk
        }
      }
      if chunk == 1 { return (current, found) }
      chunk /= 2
    }
  }
}
