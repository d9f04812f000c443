import Foundation
import TactileTesting
import Testing

/// The soak (issue 9): a long, steady stream of ordinary input through the fake seat into the fuzzed
/// app — strokes of one and two fingers with frames, key taps — with the contract checked every 2,000
/// events and memory sampled every twentieth of the run.
///
/// CI sends 20,000 events; `bash Tests/Stress/run` sends 1,000,000 with memory checked
/// (`TACTILE_SOAK_EVENTS`, `TACTILE_STRESS_MEMORY=1`).
@MainActor @Suite struct SoakTests {
  @Test func aLongStreamOfInputKeepsTheContractAndMemoryFlat() throws {
    let environment = ProcessInfo.processInfo.environment
    let total = environment["TACTILE_SOAK_EVENTS"].flatMap { Int($0) } ?? 20_000
    let app = try FuzzedApp()
    var random = SeededGenerator(seed: 0x50A4)
    var sent = 0
    var nextCheck = 2_000
    var samples: [MemorySample] = []
    let started = Date()
    while sent < total {
      sent += try stroke(app, fingers: Int.random(in: 1...2, using: &random), random: &random)
      if Int.random(in: 0..<4, using: &random) == 0 { sent += try keyTap(app) }
      if sent >= nextCheck {
        nextCheck += 2_000
        #expect(try app.settle() == [])
      }
      if samples.count < sent * 20 / total { samples.append(.now()) }
    }
    #expect(try app.settle() == [])
    print(
      "soak: \(sent) events, \(app.touchesChecked) touches, \(Int(Date().timeIntervalSince(started))) s; "
        + "memory by twentieths: " + samples.map(\.description).joined(separator: " | "))
    #expect(app.touchesChecked >= total / 40, "the strokes reached the views")
    if environment["TACTILE_STRESS_MEMORY"] == "1", samples.count == 20 {
      #expect(
        samples[19].allocated - samples[1].allocated < 1_000_000,
        "malloc in use grew from \(samples[1]) to \(samples[19])")
    }
  }

  /// One stroke of `fingers` fingers: down, 12 motions, up, each step one frame, then a sync.
  ///
  /// - Returns: How many events the compositor sent.
  private func stroke(_ app: FuzzedApp, fingers: Int, random: inout SeededGenerator) throws -> Int {
    let start = (
      x: Double.random(in: 10...200, using: &random), y: Double.random(in: 10...120, using: &random)
    )
    var events = 0
    for finger in 0..<fingers {
      try app.perform(.touchDown(id: Int32(finger), x: start.x + Double(finger) * 20, y: start.y))
      events += 1
    }
    for step in 1...12 {
      try app.perform(.touchFrame)
      try app.perform(.advanceClock(milliseconds: 16))
      for finger in 0..<fingers {
        try app.perform(
          .touchMotion(
            id: Int32(finger), x: start.x + Double(finger) * 20 + Double(step * 2), y: start.y + Double(step))
        )
        events += 1
      }
      events += 1
    }
    for finger in 0..<fingers {
      try app.perform(.touchUp(id: Int32(finger)))
      events += 1
    }
    try app.perform(.touchFrame)
    try app.perform(.sync)
    return events + 1
  }

  /// Presses and releases "a".
  private func keyTap(_ app: FuzzedApp) throws -> Int {
    try app.perform(.key(code: 30, pressed: true))
    try app.perform(.key(code: 30, pressed: false))
    try app.perform(.sync)
    return 2
  }
}
