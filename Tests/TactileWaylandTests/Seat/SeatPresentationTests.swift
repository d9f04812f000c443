import TactileCore
import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileWayland

/// Presentation feedback on the fake seat: its `wp_presentation` shows each frame at the next tick of
/// its virtual refresh, so a window's ``TactileCore/Window/presentationStatistics`` fill there as on a
/// real compositor, with times on the compositor's manual clock.
@MainActor @Suite struct SeatPresentationTests {
  /// A view that changes colour with every touch, so every touch needs a new frame.
  final class Flasher: View {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { flash() }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { flash() }
    private func flash() { backgroundColor = backgroundColor == .red ? .blue : .red }
  }

  @Test func eachFrameThatAnsweredATouchIsReportedPresentedAtTheNextRefresh() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1005)
    configuration.presentation = .refresh(millihertz: 60_000)
    let app = try SeatHarness(configuration: configuration)
    #expect(app.display.presentation != nil, "the fake seat offers wp_presentation")
    app.window.addSubview(Flasher(frame: Rect(x: 0, y: 0, width: 200, height: 100)))
    var reported: [FramePresentation] = []
    app.window.onFramePresented = { reported.append($0) }

    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try app.settle()
    #expect(reported.isEmpty, "not shown before the tick at 1,016.7 ms")
    app.compositor.advanceClock(milliseconds: 12)
    try app.settle()
    #expect(reported.count == 1)

    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.settle()
    app.compositor.advanceClock(milliseconds: 17)
    try app.settle()

    let statistics = app.window.presentationStatistics
    #expect(statistics.framesPresented == 2)
    #expect(statistics.framesDiscarded == 0)
    let first = try #require(reported.first)
    #expect(first.sequence == 61)
    #expect(first.flags.contains(.vsync))
    #expect(abs((first.refreshInterval ?? 0) - 1 / 60.0) < 1e-6)
    // The touch went down at 1,005 ms; the tick that showed its frame was 61 / 60 s.
    #expect(abs((first.inputToPresentation ?? -1) - (61 / 60.0 - 1.005)) < 1e-3)
    #expect(statistics.recentLatencies.count == 2)
  }
}
