import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import Tactile
@testable import TactileWayland

/// `wl_pointer` from the fake compositor to a Tactile app (WAYLAND-NOTES.md, wl_pointer).
@MainActor @Suite struct SeatPointerTests {
  static let left: UInt32 = 0x110
  static let right: UInt32 = 0x111

  /// Enters the window at (x, y) and ends the frame.
  func enter(_ app: SeatHarness, _ x: Double, _ y: Double) throws -> UInt32 {
    let serial = try app.compositor.pointerEnter(surface: app.surfaceID, x: x, y: y)
    app.compositor.pointerFrame()
    return serial
  }

  func click(_ app: SeatHarness, _ button: UInt32 = left) throws {
    try app.compositor.pointerButton(button, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(button, pressed: false)
    app.compositor.pointerFrame()
  }

  @Test func thePrimaryButtonIsAPointerTouchOnTheViewUnderThePointer() throws {
    let app = try SeatHarness()
    let left = app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    _ = try enter(app, 30, 40)
    try click(app)
    try app.sync()
    #expect(app.log.entries == ["left.hover(entered)", "left.began(1)", "left.ended(1)"])
    #expect(left.beganTypes == [.pointer])
  }

  @Test func thePrimaryButtonDrivesAButtonLikeAFinger() throws {
    let app = try SeatHarness()
    let button = Button(frame: Rect(x: 10, y: 10, width: 80, height: 40))
    var taps = 0
    let target = Responder()
    target.setHandler({ _, _ in taps += 1 }, for: "tapped")
    button.addTarget(target, action: "tapped", for: .touchUpInside)
    app.window.addSubview(button)
    _ = try enter(app, 30, 30)
    try click(app)
    try app.sync()
    #expect(taps == 1)
  }

  @Test func otherButtonsStartNoTouch() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try click(app, Self.right)
    try app.sync()
    #expect(app.log.entries == ["view.hover(entered)"])
  }

  @Test func motionWithTheButtonDownMovesTheTouchAndWithoutItHovers() throws {
    let app = try SeatHarness()
    app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerMotion(to: app.at(150, 30))
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(Self.left, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerMotion(to: app.at(20, 30))
    app.compositor.pointerFrame()
    try app.sync()
    // The core sends each hover step to the view under the pointer with the platform's phase.
    #expect(
      app.log.entries == ["left.hover(entered)", "right.hover(moved)", "right.began(1)", "right.moved(1)"])
  }

  @Test func leaveWithTheButtonDownEndsTheImplicitGrab() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerButton(Self.left, pressed: true)
    app.compositor.pointerFrame()
    app.compositor.pointerLeave()
    app.compositor.pointerFrame()
    try app.sync()
    #expect(
      app.log.entries == ["view.hover(entered)", "view.began(1)", "view.cancelled(1)", "view.hover(exited)"])
    try app.compositor.pointerButton(Self.left, pressed: false)
    try app.sync()
    #expect(app.log.entries.count == 4, "the late release after leave is ignored")
  }

  @Test func theLatestEnterSerialIsKeptApartFromButtonSerials() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    app.compositor.pointerLeave()
    let second = try enter(app, 40, 30)
    let button = try app.compositor.pointerButton(Self.left, pressed: true)
    app.compositor.pointerFrame()
    try app.sync()
    let pointer = try #require(try app.seat.pointer)
    #expect(pointer.enterSerial == second)
    #expect(pointer.latestButtonSerial == button)
    #expect(second != button)
  }

  @Test func value120AccumulatesToWholeNotches() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    for _ in 0..<5 {
      try app.compositor.pointerAxis(vertical: true, value: 3.75, value120: 30, source: 0)
      app.compositor.pointerFrame()
    }
    try app.sync()
    #expect(
      view.scrolls == [Point(x: 0, y: ScrollAccumulator.pointsPerNotch)], "4 × 30 = one notch; 30 left over")
  }

  @Test func aContinuousAxisScrollsByItsValueAndStopEndsTheSequence() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerAxis(vertical: true, value: 2.5, source: 1)  // finger
    try app.compositor.pointerAxis(vertical: false, value: -1, source: 1)
    app.compositor.pointerFrame()
    try app.compositor.pointerAxisStop(vertical: true)
    app.compositor.pointerFrame()
    try app.sync()
    #expect(view.scrolls == [Point(x: -1, y: 2.5)])
  }

  @Test func losingThePointerCapabilityCancelsThePressAndEndsHover() throws {
    let app = try SeatHarness()
    app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerButton(Self.left, pressed: true)
    app.compositor.pointerFrame()
    try app.sync()
    app.compositor.setCapabilities([.touch, .keyboard])
    try app.sync()
    #expect(app.log.entries.suffix(2) == ["view.cancelled(1)", "view.hover(exited)"])
  }
}

@MainActor @Suite struct ScrollAccumulatorTests {
  @Test func value120NotchesAccumulateAcrossFramesAndTheContinuousValueIsNotAdded() {
    var scroll = ScrollAccumulator()
    scroll.axis(vertical: true, value: 10)
    scroll.axisValue120(vertical: true, value: 60)
    #expect(scroll.frame() == nil)
    scroll.axis(vertical: true, value: 10)
    scroll.axisValue120(vertical: true, value: 60)
    #expect(scroll.frame() == Point(x: 0, y: 15))
  }

  @Test func negativeNotchesScrollBack() {
    var scroll = ScrollAccumulator()
    scroll.axisValue120(vertical: false, value: -240)
    #expect(scroll.frame() == Point(x: -30, y: 0))
  }

  @Test func stopDropsTheNotchRemainder() {
    var scroll = ScrollAccumulator()
    scroll.axisValue120(vertical: true, value: 100)
    _ = scroll.frame()
    scroll.stop(vertical: true)
    scroll.axisValue120(vertical: true, value: 100)
    #expect(scroll.frame() == nil)
  }

  @Test func nonFiniteValuesAreIgnored() {
    var scroll = ScrollAccumulator()
    scroll.axis(vertical: true, value: .infinity)
    #expect(scroll.frame() == nil)
  }
}
