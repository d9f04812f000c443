import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Issue 6's bad input over the wire: events for surfaces that are not (or no longer) a Tactile window
/// are ignored, and huge pointer coordinates are delivered as they are without breaking hit-testing.
/// (Bad keymaps: `KeymapTests` and `HostileCompositorTests`; huge touch coordinates: `SeatTouchTests`.)
@MainActor @Suite struct SeatBadInputTests {
  static let primaryButton: UInt32 = 0x110
  static let secondaryButton: UInt32 = 0x111
  static let middleButton: UInt32 = 0x112

  /// A harness with a first-responder probe view over its window, and a second window of the same
  /// client that shows no core window (a plain `WaylandWindow`), with the compositor's id of its surface.
  func appWithPlainWindow() throws -> (SeatHarness, ProbeView, WaylandWindow, Int) {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(view.becomeFirstResponder())
    let plain = WaylandWindow(display: app.display, options: .init(title: "plain", appID: "plain"))
    plain.onDraw = { $0.pixmap.fill(.clear) }
    #expect(try run(app.display) { plain.framesCommitted >= 1 })
    try app.sync()
    let plainID = try #require(app.compositor.windows.first { $0.title == "plain" }).id
    return (app, view, plain, plainID)
  }

  /// Sends keys, text input, hover, scrolling and the secondary and middle buttons to surface `id`.
  func sendEverythingButTouch(to id: Int, in app: SeatHarness) throws {
    try app.compositor.keyboardEnter(surface: id)
    try app.compositor.key(SeatKeyboardTests.a, pressed: true)
    try app.compositor.key(SeatKeyboardTests.a, pressed: false)
    app.compositor.textInputCommit("typed")
    try app.compositor.pointerEnter(surface: id, x: 5, y: 5)
    try app.compositor.pointerMotion(to: .surface(id: id, x: 8, y: 8))
    try app.compositor.pointerAxis(vertical: true, value: 10)
    app.compositor.pointerFrame()
    for button in [Self.secondaryButton, Self.middleButton] {
      try app.compositor.pointerButton(button, pressed: true)
      try app.compositor.pointerButton(button, pressed: false)
      app.compositor.pointerFrame()
    }
  }

  /// The app's own window still gets input: a key and a tap reach the probe view.
  func expectTheAppWindowStillWorks(_ app: SeatHarness, _ view: ProbeView) throws {
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.compositor.key(SeatKeyboardTests.b, pressed: true)
    try app.compositor.touchDown(id: 7, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.settle()
    #expect(view.keys.last == "down b")
    #expect(app.log.entries.last == "view.began(1)")
  }

  @Test func eventsForASurfaceWithoutACoreWindowAreIgnored() throws {
    let (app, view, plain, plainID) = try appWithPlainWindow()
    try sendEverythingButTouch(to: plainID, in: app)
    try app.settle()
    #expect(view.keys.isEmpty)
    #expect(app.log.entries.isEmpty, "no hover")
    #expect(view.scrolls.isEmpty)
    #expect(app.window.presentedPopup == nil, "no edit menu")
    #expect(app.inputErrors.isEmpty)
    try expectTheAppWindowStillWorks(app, view)
    _ = plain
  }

  @Test func eventsNamingASurfaceTheAppHasDestroyedAreIgnored() throws {
    var (app, view, plain, plainID): (SeatHarness, ProbeView, WaylandWindow?, Int) =
      try appWithPlainWindow()
    try sendEverythingButTouch(to: plainID, in: app)
    try app.compositor.touchDown(id: 1, at: .surface(id: plainID, x: 5, y: 5))
    app.compositor.touchFrame()
    // The events are on their way when the app destroys the surface: they arrive naming an object the
    // app no longer has.
    plain = nil
    try app.settle()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.settle()
    #expect(plain == nil)
    #expect(view.keys.isEmpty)
    #expect(app.log.entries.isEmpty)
    #expect(view.scrolls.isEmpty)
    #expect(app.window.touchTracker.liveTouches.isEmpty)
    #expect(app.inputErrors.isEmpty)
    try expectTheAppWindowStillWorks(app, view)
  }

  @Test func hugePointerCoordinatesAreDeliveredAsTheyAreAndNeverCrashHitTesting() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    var locations: [Point] = []
    view.onTouchesMoved = { touches in locations += touches.map { $0.location(in: nil) } }
    let far = try app.at(8_000_000, -8_000_000)
    try app.compositor.pointerMotion(to: far)
    app.compositor.pointerFrame()
    for button in [Self.primaryButton, Self.secondaryButton, Self.middleButton] {
      try app.compositor.pointerButton(button, pressed: true)
      try app.compositor.pointerButton(button, pressed: false)
      app.compositor.pointerFrame()
    }
    try app.compositor.pointerAxis(vertical: true, value: 10)
    app.compositor.pointerFrame()
    try app.settle()
    #expect(app.log.entries.isEmpty, "nothing is under the far point")
    #expect(view.scrolls.isEmpty)

    try app.compositor.pointerMotion(to: app.at(10, 10))
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(Self.primaryButton, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerMotion(to: far)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(Self.primaryButton, pressed: false)
    app.compositor.pointerFrame()
    try app.settle()
    #expect(
      app.log.entries.filter { !$0.contains("hover") } == ["view.began(1)", "view.moved(1)", "view.ended(1)"])
    #expect(locations == [Point(x: 8_000_000, y: -8_000_000)], "delivered as it is")
  }
}
