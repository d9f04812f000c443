import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Several `wl_seat`s over the fake compositor: each seat's touches, pointer and keyboard are
/// independent in Tactile (issue 6, point 7; the policy is on `Seat`).
@MainActor @Suite struct SeatMultiSeatTests {
  /// An app with views "left" and "right" and a second seat, "second", that the app has bound.
  private func twoSeatApp() throws -> (SeatHarness, left: ProbeView, right: ProbeView) {
    let app = try SeatHarness()
    let left = app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    let right = app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    try app.compositor.addSeat(named: "second")
    // Three round trips: the global reaches the app, which binds it; the capabilities reach the app,
    // which asks for the devices; the compositor creates them.
    try app.settle()
    try app.sync()
    #expect(app.display.seats.count == 2)
    return (app, left, right)
  }

  /// Runs `body` with injection going to `name`, then back to seat0.
  private func on(_ app: SeatHarness, seat name: String, _ body: () throws -> Void) throws {
    try app.compositor.useSeat(named: name)
    defer { try? app.compositor.useSeat(named: "seat0") }
    try body()
  }

  @Test func theTouchesOfTwoSeatsWithTheSameIdDoNotCollide() throws {
    let (app, _, _) = try twoSeatApp()
    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try on(app, seat: "second") {
      try app.compositor.touchDown(id: 1, at: app.at(150, 50))
      app.compositor.touchFrame()
    }
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries == ["left.began(1)", "right.began(1)", "left.ended(1)"])
    #expect(app.window.touchTracker.liveTouches.map { $0.view === app.window.subviews[1] } == [true])
  }

  @Test func eachSeatsPointerIsItsOwnTouch() throws {
    let (app, _, _) = try twoSeatApp()
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 50, y: 50)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(0x110, pressed: true)
    app.compositor.pointerFrame()
    try on(app, seat: "second") {
      try app.compositor.pointerEnter(surface: app.surfaceID, x: 150, y: 50)
      app.compositor.pointerFrame()
      try app.compositor.pointerButton(0x110, pressed: true)
      app.compositor.pointerFrame()
      try app.compositor.pointerButton(0x110, pressed: false)
      app.compositor.pointerFrame()
    }
    try app.sync()
    #expect(
      app.log.entries.filter { !$0.contains("hover") } == [
        "left.began(1)", "right.began(1)", "right.ended(1)",
      ])
    #expect(app.window.touchTracker.liveTouches.count == 1, "seat0's button is still down")
    try app.compositor.pointerButton(0x110, pressed: false)
    app.compositor.pointerFrame()
    try app.sync()
    #expect(app.log.entries.last == "left.ended(1)")
  }

  @Test func eachSeatsPointerHoversItsOwnView() throws {
    let (app, _, _) = try twoSeatApp()
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 50, y: 50)
    app.compositor.pointerFrame()
    try on(app, seat: "second") {
      try app.compositor.pointerEnter(surface: app.surfaceID, x: 150, y: 50)
      app.compositor.pointerFrame()
    }
    app.compositor.pointerLeave()
    app.compositor.pointerFrame()
    try on(app, seat: "second") {
      try app.compositor.pointerMotion(to: app.at(160, 50))
      app.compositor.pointerFrame()
    }
    try app.sync()
    #expect(
      app.log.entries == [
        "left.hover(entered)", "right.hover(entered)", "left.hover(exited)", "right.hover(moved)",
      ],
      "seat0 leaving exits the view it hovered, not the one the other pointer hovers")
  }

  @Test func keysOfBothSeatsGoToTheOneFirstResponderAndEachSeatEndsOnlyItsOwn() throws {
    let (app, left, _) = try twoSeatApp()
    #expect(left.becomeFirstResponder())
    let a = try app.compositor.keyCode(named: "a")
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.compositor.key(a, pressed: true)
    try on(app, seat: "second") {
      try app.compositor.keyboardEnter(surface: app.surfaceID)
      try app.compositor.key(a, pressed: true)
    }
    try app.sync()
    #expect(left.keys == ["down a", "down a"], "the same key on two seats is two presses, not a repeat")
    try on(app, seat: "second") { app.compositor.keyboardLeave() }
    try app.sync()
    #expect(left.keys == ["down a", "down a", "cancel a"])
    try app.compositor.key(a, pressed: false)
    try app.sync()
    #expect(left.keys == ["down a", "down a", "cancel a", "up a"])
  }

  @Test func modifiersAreKeptPerSeat() throws {
    let (app, left, _) = try twoSeatApp()
    #expect(left.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.compositor.key(app.compositor.keyCode(named: "Shift_L"), pressed: true)
    try on(app, seat: "second") {
      try app.compositor.keyboardEnter(surface: app.surfaceID)
      try app.compositor.type("a")
    }
    try app.compositor.type("b")
    try app.sync()
    #expect(left.keys.filter { $0.hasPrefix("down") } == ["down shift", "down a", "down B"])
  }

  @Test func keyRepeatIsPerSeat() throws {
    let (app, left, _) = try twoSeatApp()
    #expect(left.becomeFirstResponder())
    app.compositor.setRepeatInfo(rate: 10, delay: 100)
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.compositor.key(app.compositor.keyCode(named: "a"), pressed: true)
    try on(app, seat: "second") {
      try app.compositor.keyboardEnter(surface: app.surfaceID)
      try app.compositor.type("b")
    }
    try app.sync()
    app.scheduler.advance(by: 0.25)
    #expect(
      left.keys == ["down a", "down b", "up b", "repeat a", "repeat a"],
      "the other seat's key neither stops nor takes over the repeat")
  }

  @Test func removingASeatCancelsOnlyItsTouchesAndKeys() throws {
    let (app, left, right) = try twoSeatApp()
    #expect(left.becomeFirstResponder())
    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try on(app, seat: "second") {
      try app.compositor.touchDown(id: 1, at: app.at(150, 50))
      app.compositor.touchFrame()
      try app.compositor.keyboardEnter(surface: app.surfaceID)
      try app.compositor.key(app.compositor.keyCode(named: "a"), pressed: true)
    }
    try app.sync()
    try app.compositor.removeSeat(named: "second")
    try app.sync()
    #expect(app.display.seats.count == 1)
    #expect(app.log.entries == ["left.began(1)", "right.began(1)", "right.cancelled(1)"])
    #expect(left.keys == ["down a", "cancel a"])
    #expect(right.keys.isEmpty)
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    #expect(app.log.entries.last == "left.ended(1)")
  }
}
