import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Coalesced touches over the wire: every `wl_touch.motion` the compositor sends in one frame reaches
/// the view as one `touchesMoved` whose event keeps each motion, in order, with its own time.
@MainActor @Suite struct SeatCoalescedTouchTests {
  /// Each `touchesMoved`'s samples of its one touch: location, time in milliseconds, major radius.
  private func samples(of view: ProbeView) -> () -> [[[Double]]] {
    var seen: [[[Double]]] = []
    view.onTouchesMovedInEvent = { touches, event in
      guard let touch = touches.first else { return }
      let samples = event?.coalescedTouches(for: touch) ?? []
      seen.append(
        samples.map {
          [$0.location(in: nil).x, $0.location(in: nil).y, ($0.timestamp * 1000).rounded(), $0.majorRadius]
        })
    }
    return { seen }
  }

  @Test func everyMotionOfAFrameArrivesAsACoalescedSampleWithItsOwnTime() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 5000)
    let app = try SeatHarness(configuration: configuration)
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    let seen = samples(of: view)
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    for (step, x) in [12.5, 15.0, 18.25].enumerated() {
      app.compositor.advanceClock(milliseconds: 8)
      try app.compositor.touchMotion(id: 1, to: app.at(x, 10 + Double(step)))
      if step == 1 { try app.compositor.touchShape(id: 1, major: 16, minor: 12) }
    }
    app.compositor.touchFrame()
    app.compositor.advanceClock(milliseconds: 8)
    try app.compositor.touchMotion(id: 1, to: app.at(20, 13))
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["view.began(1)", "view.moved(1)", "view.moved(1)"], "one delivery per frame")
    let nominal = InteractionSettings.touch.nominalContactRadius
    #expect(
      seen() == [
        [[12.5, 10, 5008, nominal], [15, 11, 5016, 8], [18.25, 12, 5024, 8]],
        [[20, 13, 5032, 8]],
      ], "every motion in order with its own time; the shape goes with the motion it followed")
  }

  @Test func aShapeBeforeTheFirstMotionOfAFrameIsPartOfThatMotionsSample() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 100)
    let app = try SeatHarness(configuration: configuration)
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    let seen = samples(of: view)
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    app.compositor.advanceClock(milliseconds: 8)
    try app.compositor.touchShape(id: 1, major: 10, minor: 10)
    try app.compositor.touchMotion(id: 1, to: app.at(11, 10))
    app.compositor.advanceClock(milliseconds: 4)
    try app.compositor.touchMotion(id: 1, to: app.at(12, 10))
    app.compositor.touchFrame()
    try app.sync()
    #expect(seen() == [[[11, 10, 108, 5], [12, 10, 112, 5]]], "two samples, not three")
  }
}
