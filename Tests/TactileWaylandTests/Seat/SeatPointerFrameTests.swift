import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileWayland

/// `wl_pointer.frame` over the wire: from seat version 5 a frame's events are held until its `frame`
/// and applied together; below version 5 (no frames) each event is applied as it arrives.
@MainActor @Suite struct SeatPointerFrameTests {
  static let left: UInt32 = 0x110

  private func app(seatVersion: Int32) throws -> SeatHarness {
    var configuration = FakeCompositor.Configuration()
    configuration.seatVersion = seatVersion
    let app = try SeatHarness(configuration: configuration)
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(app.display.seats.values.map(\.version) == [UInt32(seatVersion)])
    return app
  }

  @Test func aVersion5SeatHoldsPointerEventsUntilTheirFrameAndAppliesThemTogether() throws {
    let app = try app(seatVersion: 5)
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 30, y: 30)
    try app.sync()
    #expect(app.log.entries.isEmpty, "the enter waits for its frame")
    app.compositor.pointerFrame()
    try app.sync()
    #expect(app.log.entries == ["view.hover(entered)"])
    try app.compositor.pointerMotion(to: app.at(40, 30))
    try app.compositor.pointerMotion(to: app.at(50, 30))
    try app.compositor.pointerButton(Self.left, pressed: true)
    try app.sync()
    #expect(app.log.entries == ["view.hover(entered)"], "motion and button wait for their frame")
    app.compositor.pointerFrame()
    try app.sync()
    #expect(
      app.log.entries == ["view.hover(entered)", "view.hover(moved)", "view.began(1)"],
      "the frame's two motions arrive as one move, before the press")
  }

  @Test func aVersion4SeatAppliesEachPointerEventAsItsOwnFrame() throws {
    let app = try app(seatVersion: 4)
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 30, y: 30)
    try app.sync()
    #expect(app.log.entries == ["view.hover(entered)"])
    try app.compositor.pointerMotion(to: app.at(40, 30))
    try app.sync()
    #expect(app.log.entries == ["view.hover(entered)", "view.hover(moved)"])
    try app.compositor.pointerMotion(to: app.at(50, 30))
    try app.compositor.pointerButton(Self.left, pressed: true)
    try app.sync()
    #expect(
      app.log.entries == [
        "view.hover(entered)", "view.hover(moved)", "view.hover(moved)", "view.began(1)",
      ], "each motion is its own move")
  }
}
