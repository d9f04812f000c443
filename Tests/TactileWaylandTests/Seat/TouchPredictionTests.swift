import Foundation
import TactileFakeSeat
import TactileGeometry
import TactileTesting
import TactileTrace
import Testing

@testable import TactileCore
@testable import TactileWayland

/// The touch predictor (``TactileCore/Event/predictedTouches(for:)``) measured on a recorded stroke:
/// `Traces/handwriting-stroke.trace` (three handwritten loops, 125 Hz, one frame per sample; how it was
/// made is in `Traces/make-handwriting-stroke.py`) replayed through the fake compositor into a view that
/// compares each delivery's prediction one 60 Hz frame ahead with where the finger really was then.
@MainActor @Suite struct TouchPredictionTests {
  /// The stroke's samples: seconds on the input clock and the position.
  struct Sample {
    var time: Double
    var location: Point
  }

  static let trace: InputTrace = {
    let url = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Traces/handwriting-stroke.trace")
    // A missing or malformed fixture is a failure of the test's set-up: stop with the reason.
    return try! InputTrace(parsing: String(contentsOf: url, encoding: .utf8))
  }()

  /// The recorded positions, in order.
  static var truth: [Sample] {
    trace.entries.compactMap { entry in
      switch entry.event {
      case .touchDown(_, _, let x, let y), .touchMotion(_, let x, let y):
        Sample(time: Double(entry.time) / 1000, location: Point(x: x, y: y))
      default: nil
      }
    }
  }

  /// Where the finger was at `time`, between the recorded samples around it; `nil` past the last one.
  static func position(at time: Double, in truth: [Sample]) -> Point? {
    guard let after = truth.firstIndex(where: { $0.time >= time }) else { return nil }
    guard after > 0 else { return truth[0].location }
    let (a, b) = (truth[after - 1], truth[after])
    let f = (time - a.time) / (b.time - a.time)
    return Point(
      x: a.location.x + (b.location.x - a.location.x) * f, y: a.location.y + (b.location.y - a.location.y) * f
    )
  }

  /// Replays the stroke and returns, for every `touchesMoved` whose frame-ahead time the stroke
  /// reaches, the distance from the last predicted sample to the real position then, and from the
  /// touch's current position (no prediction) to it.
  func errors() throws -> (predicted: [Double], unpredicted: [Double]) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: Self.trace.entries[0].time)
    let app = try SeatHarness(configuration: configuration, size: Size(width: 400, height: 300))
    let view = app.addView("view", Rect(x: 0, y: 0, width: 400, height: 300))
    let truth = Self.truth
    var predicted: [Double] = []
    var unpredicted: [Double] = []
    view.onTouchesMovedInEvent = { touches, event in
      guard let touch = touches.first, let ahead = event?.predictedTouches(for: touch)?.last,
        let real = Self.position(at: ahead.timestamp, in: truth)
      else { return }
      predicted.append(ahead.location(in: nil).distance(to: real))
      unpredicted.append(touch.location(in: nil).distance(to: real))
    }
    // One frame at a time, so the socket never holds more than a frame.
    var frame: [InputTrace.Entry] = []
    for entry in Self.trace.entries {
      frame.append(entry)
      guard entry.event == .touchFrame else { continue }
      app.compositor.advanceClock(milliseconds: frame[0].time - app.compositor.now)
      try app.compositor.replay(InputTrace(entries: frame), onSurface: try app.surfaceID)
      try app.sync()
      frame = []
    }
    #expect(app.log.entries.first == "view.began(1)" && app.log.entries.last == "view.ended(1)")
    return (predicted, unpredicted)
  }

  @Test func predictionOneFrameAheadIsWithinThreePointsOnAverageOnARecordedStroke() throws {
    let (predicted, unpredicted) = try errors()
    #expect(predicted.count > 100, "most of the stroke's deliveries are measured")
    let mean = predicted.reduce(0, +) / Double(predicted.count)
    let meanUnpredicted = unpredicted.reduce(0, +) / Double(unpredicted.count)
    print(
      "TouchPredictionTests: mean error one frame ahead \(mean) pt predicted, \(meanUnpredicted) pt unpredicted, \(predicted.count) deliveries"
    )
    #expect(mean <= 3, "the documented bound (docs: Coalesced and predicted touches)")
    #expect(mean <= meanUnpredicted / 3, "prediction takes most of a frame's lag away")
  }
}
