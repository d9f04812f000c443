import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// `wl_touch` from the fake compositor to the views of a Tactile app (the protocol's pitfalls, one test
/// each).
@MainActor @Suite struct SeatTouchTests {
  @Test func aTouchInjectedByTheCompositorReachesTheViewUnderIt() throws {
    let app = try SeatHarness()
    app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(150, 50))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["right.began(1)", "right.ended(1)"])
  }

  @Test func thePointsOfOneFrameArriveAsOneEvent() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    try app.compositor.touchDown(id: 2, at: app.at(20, 10))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(12, 10))
    try app.compositor.touchMotion(id: 2, to: app.at(22, 10))
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["view.began(2)", "view.moved(2)"])
    #expect(app.window.touchTracker.liveTouches.count == 2)
  }

  @Test func theLastUpFlushesWithoutAFrameAsWeston10Sends() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    try app.sync()
    #expect(app.log.entries == ["view.began(1)", "view.ended(1)"])
  }

  @Test func aCompositorThatSendsNoFramesNeverStallsTouches() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    try app.compositor.touchMotion(id: 1, to: app.at(30, 10))
    try app.sync()
    #expect(app.log.entries == ["view.began(1)", "view.moved(1)"])
  }

  @Test func downAndUpOfOneIdInOneFrameAreBothDelivered() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchDown(id: 2, at: app.at(50, 10))
    try app.compositor.touchUp(id: 2)
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["view.began(1)", "view.began(1)", "view.ended(1)"])
  }

  @Test func cancelMidGestureCancelsEveryLivePointWithoutAFrame() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    try app.compositor.touchDown(id: 2, at: app.at(60, 10))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(20, 10))
    app.compositor.touchCancel()
    try app.sync()
    #expect(app.log.entries == ["view.began(2)", "view.cancelled(2)"], "the pending motion is dropped")
    #expect(app.window.touchTracker.liveTouches.isEmpty)
  }

  @Test func anIdIsReusedAfterUpAsANewTouch() throws {
    let app = try SeatHarness()
    app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    try app.compositor.touchDown(id: 7, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 7)
    app.compositor.touchFrame()
    try app.compositor.touchDown(id: 7, at: app.at(150, 10))
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["left.began(1)", "left.ended(1)", "right.began(1)"])
  }

  @Test func coordinatesOutsideTheSurfaceStillReachTheBoundView() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 50, height: 50))
    var locations: [Point] = []
    view.onTouchesMoved = { touches in locations += touches.map { $0.location(in: nil) } }
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(-40, 500))
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["view.began(1)", "view.moved(1)"])
    #expect(locations == [Point(x: -40, y: 500)])
  }

  @Test func hugeCoordinatesAreDeliveredAsTheyAreAndNeverCrashHitTesting() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(8_000_000, -8_000_000))
    app.compositor.touchFrame()
    try app.compositor.touchDown(id: 2, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["view.began(1)"], "the far point hits nothing; the near one the view")
  }

  /// The contact of every touch of each `touchesMoved`: major and minor radius, orientation, tolerance.
  private func contacts(of view: ProbeView) -> () -> [[Double]] {
    var seen: [[Double]] = []
    view.onTouchesMoved = { touches in
      seen += touches.map { [$0.majorRadius, $0.minorRadius, $0.orientation, $0.majorRadiusTolerance] }
    }
    return { seen }
  }

  @Test func theContactShapeAndOrientationReachTheTouchInPoints() throws {
    let app = try SeatHarness()
    let seen = contacts(of: app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100)))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchShape(id: 1, major: 12, minor: 8)
    try app.compositor.touchOrientation(id: 1, degrees: 30)
    app.compositor.touchFrame()
    try app.sync()
    #expect(seen() == [[6, 4, Double.pi / 6, 0]], "radii are half the axes; degrees become radians")
  }

  @Test func theContactShapeAndOrientationUpdateEveryFrame() throws {
    let app = try SeatHarness()
    let seen = contacts(of: app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100)))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    try app.compositor.touchShape(id: 1, major: 20, minor: 10)
    app.compositor.touchFrame()
    try app.compositor.touchShape(id: 1, major: 30, minor: 16)
    try app.compositor.touchMotion(id: 1, to: app.at(12, 10))
    try app.compositor.touchOrientation(id: 1, degrees: -90)
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(14, 10))
    app.compositor.touchFrame()
    try app.compositor.touchOrientation(id: 1, degrees: 45)
    app.compositor.touchFrame()
    try app.sync()
    #expect(
      seen() == [[15, 8, -Double.pi / 2, 0], [15, 8, -Double.pi / 2, 0], [15, 8, Double.pi / 4, 0]],
      "a frame's shape and orientation go with its motion, before or after it; the last ones stay")
  }

  @Test func theContactShapeIsInPointsUnderFractionalScale() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.fractionalScale = 180
    let app = try SeatHarness(configuration: configuration)
    #expect(try run(app.display) { app.host.surface.scale == .fractional(180) })
    let seen = contacts(of: app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100)))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchShape(id: 1, major: 12, minor: 12)
    app.compositor.touchFrame()
    try app.sync()
    #expect(seen() == [[6, 6, 0, 0]], "surface units are points: 12 across is a 6-point radius, not 9 or 4")
  }

  @Test func aTouchWithoutAShapeHasTheNominalFingerContact() throws {
    let app = try SeatHarness()
    let seen = contacts(of: app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100)))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.compositor.touchMotion(id: 1, to: app.at(12, 10))
    app.compositor.touchFrame()
    try app.sync()
    let nominal = InteractionSettings.touch.nominalContactRadius
    #expect(nominal > 0)
    #expect(seen() == [[nominal, nominal, 0, nominal]], "nominal radius, tolerance as large as itself")
  }

  @Test func losingTheTouchCapabilityCancelsLivePoints() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.sync()
    app.compositor.setCapabilities([.pointer, .keyboard])
    try app.sync()
    #expect(app.log.entries == ["view.began(1)", "view.cancelled(1)"])
    #expect(try app.seat.touch == nil)
  }

  @Test func closingAWindowWithLivePointsCancelsThem() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.sync()
    try app.compositor.closeWindow(app.surfaceID)
    try app.sync()
    #expect(app.window.isClosed)
    #expect(app.log.entries == ["view.began(1)", "view.cancelled(1)"])
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries.count == 2, "the late up of a cancelled point is ignored")
  }

  @Test func touchCoordinatesStayLogicalUnderFractionalScale() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.fractionalScale = 180
    let app = try SeatHarness(configuration: configuration)
    #expect(try run(app.display) { app.host.surface.scale == .fractional(180) })
    app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(120, 50))
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["right.began(1)"], "120 logical, not 120 × 1.5")
  }

  @Test func aTouchOnASurfaceWithoutACoreWindowReachesOnlyItsPressCallback() throws {
    let app = try SeatHarness()
    let plain = WaylandWindow(display: app.display, options: .init(title: "plain", appID: "plain"))
    plain.onDraw = { $0.pixmap.fill(.clear) }
    #expect(try run(app.display) { plain.framesCommitted >= 1 })
    try app.sync()
    var presses: [Point] = []
    plain.onPress = { presses.append($0) }
    let plainID = try #require(app.compositor.windows.first { $0.title == "plain" }).id
    try app.compositor.touchDown(id: 1, at: .surface(id: plainID, x: 3, y: 4))
    app.compositor.touchFrame()
    try app.sync()
    #expect(presses == [Point(x: 3, y: 4)])
    #expect(app.window.touchTracker.liveTouches.isEmpty)
  }
}
