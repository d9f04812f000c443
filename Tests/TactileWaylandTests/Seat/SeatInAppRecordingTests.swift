import Foundation
import TactileCore
import TactileFakeSeat
import TactileGeometry
import TactileTrace
import Testing

@testable import TactileWayland

/// Recording started and stopped from inside the app (``TactileWayland/WaylandDisplay/startRecording(toFile:)``),
/// over the wire of the in-process fake seat.
@MainActor @Suite struct SeatInAppRecordingTests {
  static func directory() throws -> String {
    let path = FileManager.default.temporaryDirectory.appending(path: "tactile-recording-\(UUID())").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// One finger's touch down, motion and lift at `x`, each in its own frame.
  static func stroke(id: Int32, x: Double, in app: SeatHarness) throws {
    _ = try app.compositor.touchDown(id: id, at: app.at(x, 20))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: id, to: app.at(x, 60))
    app.compositor.touchFrame()
    _ = try app.compositor.touchUp(id: id)
    app.compositor.touchFrame()
    try app.settle()
  }

  static func touchEvents(inTraceAt path: String) throws -> [InputEvent] {
    try InputTrace(parsing: TextFile.read(atPath: path)).entries.map(\.event).filter {
      switch $0 {
      case .touchDown, .touchMotion, .touchUp: true
      default: false
      }
    }
  }

  @Test func aRecordingStartedAndStoppedInTheAppHoldsOnlyTheInputBetween() throws {
    let app = try SeatHarness()
    app.addView("canvas", Rect(x: 0, y: 0, width: 200, height: 100))
    let path = try Self.directory() + "/trace.jsonl"
    try Self.stroke(id: 1, x: 20, in: app)
    #expect(app.display.recordingPath == nil)

    try app.display.startRecording(toFile: path)
    #expect(app.display.recordingPath == path)
    try Self.stroke(id: 2, x: 100, in: app)
    app.display.stopRecording()
    #expect(app.display.recordingPath == nil)
    try Self.stroke(id: 3, x: 150, in: app)

    let surface = try #require(
      try InputTrace(parsing: TextFile.read(atPath: path)).entries.compactMap { entry -> Int? in
        if case .touchDown(let surface, _, _, _) = entry.event { return surface }
        return nil
      }.first)
    #expect(
      try Self.touchEvents(inTraceAt: path) == [
        .touchDown(surface: surface, id: 2, x: 100, y: 20), .touchMotion(id: 2, x: 100, y: 60),
        .touchUp(id: 2),
      ])
  }

  @Test func startingASecondRecordingFinishesTheFirstAndAnUnwritablePathKeepsTheCurrentOne() throws {
    let app = try SeatHarness()
    app.addView("canvas", Rect(x: 0, y: 0, width: 200, height: 100))
    let directory = try Self.directory()
    try app.display.startRecording(toFile: directory + "/first.jsonl")
    try Self.stroke(id: 1, x: 20, in: app)
    try app.display.startRecording(toFile: directory + "/second.jsonl")
    #expect(throws: WaylandError.self) {
      try app.display.startRecording(toFile: directory + "/missing/third.jsonl")
    }
    #expect(app.display.recordingPath == directory + "/second.jsonl")
    try Self.stroke(id: 2, x: 100, in: app)
    app.display.stopRecording()

    #expect(try Self.touchEvents(inTraceAt: directory + "/first.jsonl").count == 3)
    #expect(try Self.touchEvents(inTraceAt: directory + "/second.jsonl").map(\.touchID) == [2, 2, 2])
  }

  @Test func aWindowOnAHostedSurfaceKnowsItsDisplayAndABareWindowHasNone() throws {
    let app = try SeatHarness()
    #expect(app.window.waylandDisplay === app.display)
    let bare = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: app.application)
    #expect(bare.waylandDisplay == nil)
  }
}

extension InputEvent {
  /// The touch id of a touch down, motion or up.
  fileprivate var touchID: Int32? {
    switch self {
    case .touchDown(_, let id, _, _), .touchMotion(let id, _, _), .touchUp(let id): id
    default: nil
    }
  }
}
