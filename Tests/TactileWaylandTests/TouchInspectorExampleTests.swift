import Foundation
import TactileCore
import TactileFakeSeat
import TactileGeometry
import TactileRaster
import TactileTrace
import Testing

@testable import TactileWayland
@testable import TouchInspector

/// The TouchInspector example: its controller in a hosted window on the in-process fake compositor, over
/// the wire, with manual clocks on both sides (the compositor's input and presentation clock, the app's
/// scheduler), so no real time passes.
@MainActor @Suite struct TouchInspectorExampleTests {
  /// The inspector in a ``SeatHarness`` presenting at a virtual 60 Hz refresh, with the lines it reported.
  @MainActor final class Inspector {
    let harness: SeatHarness
    let controller = InspectorController()
    var lines: [String] = []
    /// Where the Record button writes.
    let directory = FileManager.default.temporaryDirectory.appending(path: "touch-inspector-\(UUID())").path

    init() throws {
      var configuration = FakeCompositor.Configuration()
      configuration.clock = .manual(start: 10_005)
      configuration.presentation = .refresh(millihertz: 60_000)
      harness = try SeatHarness(configuration: configuration, size: Size(width: 640, height: 480))
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      controller.report = { [unowned self] in lines.append($0) }
      controller.recordingDirectory = directory
      harness.window.rootViewController = controller
      try drawn()
    }

    var canvas: TouchCanvas { controller.canvas }

    func down(_ id: Int32, _ x: Double, _ y: Double) throws {
      _ = try harness.compositor.touchDown(id: id, at: harness.at(x, y))
    }

    func move(_ id: Int32, _ x: Double, _ y: Double) throws {
      try harness.compositor.touchMotion(id: id, to: harness.at(x, y))
    }

    func up(_ id: Int32) throws { _ = try harness.compositor.touchUp(id: id) }

    /// Ends the compositor's touch frame and delivers it to the app.
    func frame() throws {
      harness.compositor.touchFrame()
      try harness.settle()
    }

    /// A finger's tap at (`x`, `y`).
    func tap(_ id: Int32, _ x: Double, _ y: Double) throws {
      try down(id, x, y)
      try frame()
      try up(id)
      try frame()
    }

    /// Waits until the app has drawn and the compositor shown what changed.
    func drawn() throws {
      let pacer = harness.host.surface.pacer
      #expect(try run(harness.display) { !pacer.needsDisplay && !pacer.waitingForFrame })
      try harness.settle()
    }

    /// The window's pixels as the compositor holds them.
    func pixels() throws -> Image {
      try drawn()
      return try #require(try harness.compositor.contents(ofSurface: harness.surfaceID))
    }

    /// Takes the lines reported so far.
    func takeLines() -> [String] {
      defer { lines = [] }
      return lines
    }
  }

  static func colour(of number: Int) -> PremultipliedColor { TouchCanvas.color(of: number).premultiplied }

  @Test func twoFingersDownShowTwoEllipsesAndLabelsNumberedOneAndTwoWithTheirPhases() throws {
    let inspector = try Inspector()
    // The compositor's ids 9 and 5: the inspector numbers its touches from 1, as slots, left to right.
    try inspector.down(9, 200, 300)
    try inspector.down(5, 400, 300)
    try inspector.frame()
    #expect(inspector.canvas.touches.map(\.number) == [1, 2])
    #expect(inspector.canvas.touches.map(\.phase) == [.began, .began])
    #expect(inspector.canvas.touches.map(\.location) == [Point(x: 200, y: 300), Point(x: 400, y: 300)])
    #expect(
      inspector.canvas.touches.map { Array($0.labelLines.prefix(3)) } == [
        ["#1 began", "x 200.0 y 300.0", "r nominal"], ["#2 began", "x 400.0 y 300.0", "r nominal"],
      ])
    // Each touch's first sample is a dot of its colour at its centre; its ellipse's outline is
    // ``InspectedTouch/defaultRadius`` above it (no contact size was sent).
    var image = try inspector.pixels()
    #expect(image[200, 300] == Self.colour(of: 1))
    #expect(image[400, 300] == Self.colour(of: 2))
    #expect(image[200, 280] != image[200, 270], "the first ellipse's outline")
    #expect(image[400, 280] != image[400, 270], "the second ellipse's outline")

    // Only the second finger moves: the first is stationary.
    try inspector.move(5, 420, 300)
    try inspector.frame()
    #expect(inspector.canvas.touches.map(\.phase) == [.stationary, .moved])
    #expect(inspector.canvas.touches.map { $0.labelLines[0] } == ["#1 stationary", "#2 moved"])
    image = try inspector.pixels()
    #expect(image[420, 300] == Self.colour(of: 2))

    try inspector.up(5)
    try inspector.up(9)
    try inspector.frame()
    #expect(inspector.canvas.touches.isEmpty)
  }

  @Test func aMeasuredContactIsDrawnAndLabelledWithItsOwnRadiiAndAngle() throws {
    let inspector = try Inspector()
    // A 30 × 16-point contact turned 90°: its major axis lies along x.
    try inspector.down(1, 300, 300)
    try inspector.harness.compositor.touchShape(id: 1, major: 60, minor: 32)
    try inspector.harness.compositor.touchOrientation(id: 1, degrees: 90)
    try inspector.frame()
    let touch = try #require(inspector.canvas.touches.first)
    #expect(touch.drawnRadii.major == 30 && touch.drawnRadii.minor == 16)
    #expect(touch.labelLines[2] == "r 30.0 × 16.0, 90°")
    let image = try inspector.pixels()
    let background = Color(white: 0.97).premultiplied
    // Inside the ellipse 25 points to the right, outside it 25 points up.
    #expect(image[325, 300] != background)
    #expect(image[300, 275] == background)
  }

  @Test func aPenShowsItsForceAndAnglesInItsLabel() throws {
    let inspector = try Inspector()
    let compositor = inspector.harness.compositor
    // Half the pressure range (half the maximum force of 4), leaning 45° towards +y (down the window).
    try compositor.tabletProximityIn(.pen, at: inspector.harness.at(300, 300))
    compositor.tabletFrame(.pen)
    _ = try compositor.tabletDown(.pen)
    try compositor.tabletMotion(.pen, to: nil, axes: TabletAxes(pressure: 32768, tiltX: 0, tiltY: 45))
    compositor.tabletFrame(.pen)
    try inspector.harness.settle()
    let touch = try #require(inspector.canvas.touches.first)
    #expect(touch.type == .pencil)
    #expect(touch.labelLines.suffix(2) == ["force 2.00", "alt 45° az 90°"])
    #expect(inspector.controller.panel.rows[0] == "pan: possible, holds #1")
  }

  @Test func theSamplesSentBetweenTwoFramesAppearAsOneDotEachAndThePredictionAsHollowDots() throws {
    let inspector = try Inspector()
    try inspector.down(1, 200, 300)
    try inspector.frame()
    // Three motions, 8 ms apart, in one touch frame.
    for x in [210.0, 220, 230] {
      inspector.harness.compositor.advanceClock(milliseconds: 8)
      try inspector.move(1, x, 300)
    }
    try inspector.frame()
    let touch = try #require(inspector.canvas.touches.first)
    #expect(touch.latestSampleCount == 3)
    #expect(touch.samples == [200.0, 210, 220, 230].map { Point(x: $0, y: 300) })
    #expect(touch.labelLines.last == "3 samples this frame")
    // Moving right at 1.25 points per millisecond: predicted further right, on the line.
    #expect(!touch.predicted.isEmpty)
    #expect(touch.predicted.allSatisfy { $0.x > 230 && abs($0.y - 300) < 0.5 })
    let image = try inspector.pixels()
    for x in [200, 210, 220, 230] { #expect(image[x, 300] == Self.colour(of: 1), "the dot at \(x)") }
    // Between two dots, only the faint ellipse fill or the background.
    #expect(image[205, 300] != Self.colour(of: 1))
  }

  @Test func thePanelShowsWhichRecognizersHoldATouchAndThePansStates() throws {
    let inspector = try Inspector()
    #expect(
      inspector.controller.panel.rows == [
        "pan: possible, holds none", "pinch: possible, holds none", "long press: possible, holds none",
      ])
    try inspector.down(1, 300, 300)
    try inspector.frame()
    #expect(
      inspector.controller.panel.rows == [
        "pan: possible, holds #1", "pinch: possible, holds #1", "long press: possible, holds #1",
      ])
    // Held 0.6 s on the app's clock: the long press begins.
    inspector.harness.scheduler.advance(by: 0.6)
    try inspector.harness.settle()
    #expect(inspector.takeLines() == ["long press began"])
    #expect(inspector.controller.panel.rows[2] == "long press: began, holds #1")
    // A drag past the pan's slop: the pan begins, then changes.
    try inspector.move(1, 340, 300)
    try inspector.frame()
    try inspector.move(1, 380, 300)
    try inspector.frame()
    #expect(
      inspector.takeLines() == ["pan began", "long press changed", "pan changed", "long press changed"])
    #expect(inspector.controller.panel.rows[0] == "pan: changed, holds #1")
    try inspector.up(1)
    try inspector.frame()
    #expect(inspector.takeLines() == ["pan ended", "long press ended"])
    #expect(inspector.controller.panel.rows.allSatisfy { $0.hasSuffix("holds none") })
  }

  @Test func theLatencyGraphGetsOneSamplePerPresentedFrameThatAnsweredInput() throws {
    let inspector = try Inspector()
    #expect(inspector.controller.graph.latencies.isEmpty)
    // The finger goes down at 10,005 ms; its frame is shown at the refresh at 601/60 s.
    try inspector.down(1, 300, 300)
    try inspector.frame()
    try inspector.drawn()
    inspector.harness.compositor.advanceClock(milliseconds: 17)
    try inspector.harness.settle()
    #expect(inspector.controller.graph.latencies.count == 1)
    #expect(abs((inspector.controller.graph.latencies.first ?? 0) - (601 / 60.0 - 10.005)) < 1e-3)
    // Two more frames of motion, each shown at its refresh.
    for x in [320.0, 340] {
      try inspector.move(1, x, 300)
      try inspector.frame()
      try inspector.drawn()
      inspector.harness.compositor.advanceClock(milliseconds: 17)
      try inspector.harness.settle()
    }
    let statistics = inspector.harness.window.presentationStatistics
    #expect(statistics.framesPresented == 3)
    #expect(inspector.controller.graph.latencies == statistics.recentLatencies)
    #expect(inspector.controller.graph.latencies.count == 3)
    #expect(inspector.controller.graph.caption.hasPrefix("latency "))
  }

  @Test func recordThenTouchThenRecordAgainWritesATraceOfThoseTouches() throws {
    let inspector = try Inspector()
    let path = inspector.directory + "/touch-inspector-1.jsonl"
    // The Record button, in the top-right corner.
    try inspector.tap(1, 578, 30)
    #expect(inspector.takeLines() == ["recording \(path)"])
    #expect(inspector.controller.recordingLabel.text == "recording to \(path)")
    try inspector.down(2, 200, 300)
    try inspector.frame()
    try inspector.move(2, 260, 320)
    try inspector.frame()
    try inspector.up(2)
    try inspector.frame()
    try inspector.tap(3, 578, 30)
    #expect(inspector.takeLines().suffix(1) == ["saved \(path)"])
    #expect(inspector.controller.recordingLabel.text == "saved \(path)")
    // A touch after the recording is not in it.
    try inspector.tap(4, 300, 300)

    let trace = try InputTrace(parsing: TextFile.read(atPath: path))
    let touches = trace.entries.compactMap { entry -> String? in
      switch entry.event {
      case .touchDown(_, let id, let x, let y): "down \(id) \(Int(x)) \(Int(y))"
      case .touchMotion(let id, let x, let y): "motion \(id) \(Int(x)) \(Int(y))"
      case .touchUp(let id): "up \(id)"
      default: nil
      }
    }
    // Not the first Record tap (the recording starts after its lift was dispatched): the finger's
    // stroke, then the second Record tap, recorded before its lift stops the recording.
    #expect(touches == ["down 2 200 300", "motion 2 260 320", "up 2", "down 3 578 30", "up 3"])
    // A second recording goes to a new file.
    try inspector.tap(5, 578, 30)
    #expect(inspector.takeLines() == ["recording \(inspector.directory)/touch-inspector-2.jsonl"])
  }
}
