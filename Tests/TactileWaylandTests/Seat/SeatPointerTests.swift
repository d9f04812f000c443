import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// `wl_pointer` from the fake compositor to a Tactile app (the protocol's pitfalls, one test each).
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

  @Test func secondaryMiddleBackAndForwardPressesReachTheViewUnderThePointer() throws {
    let app = try SeatHarness()
    let left = app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    let right = app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    _ = try enter(app, 30, 30)
    for code: UInt32 in [0x111, 0x112, 0x113, 0x114, 0x116, 0x115, 0x117] { try click(app, code) }
    try app.sync()
    #expect(
      left.buttons == [
        "down secondary [secondary]", "up secondary", "down middle [middle]", "up middle", "down back [back]",
        "up back", "down forward [forward]", "up forward", "down back [back]", "up back",
        "down forward [forward]", "up forward",
      ], "BTN_SIDE and BTN_BACK are back, BTN_EXTRA and BTN_FORWARD forward; BTN_TASK is ignored")
    #expect(right.buttons.isEmpty)
  }

  @Test func aButtonReleaseGoesWhereItsPressWentWithTheMaskOfTheButtonsStillHeld() throws {
    let app = try SeatHarness()
    let left = app.addView("left", Rect(x: 0, y: 0, width: 100, height: 100))
    let right = app.addView("right", Rect(x: 100, y: 0, width: 100, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerButton(0x111, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerMotion(to: app.at(150, 30))
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(0x113, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(0x111, pressed: false)
    app.compositor.pointerFrame()
    try app.sync()
    #expect(left.buttons == ["down secondary [secondary]", "up secondary [back]"])
    #expect(right.buttons == ["down back [secondary+back]"])
  }

  @Test func pointerTouchEventsCarryTheButtonMaskAndOtherPressesDuringThemOnlyJoinIt() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerButton(Self.left, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(Self.right, pressed: true)
    try app.compositor.pointerMotion(to: app.at(40, 30))
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(Self.right, pressed: false)
    try app.compositor.pointerMotion(to: app.at(50, 30))
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(Self.left, pressed: false)
    app.compositor.pointerFrame()
    try app.sync()
    #expect(view.touchMasks == [.primary, [.primary, .secondary], .primary, []], "ended: after the release")
    #expect(view.buttons.isEmpty, "the secondary press during the primary touch is not a button event")
  }

  @Test func fingerTouchesHaveAnEmptyButtonMask() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.sync()
    #expect(view.touchMasks == [[]])
  }

  @Test func losingThePointerReleasesTheButtonsItDelivered() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerButton(0x112, pressed: true)
    app.compositor.pointerFrame()
    try app.sync()
    app.compositor.setCapabilities([.touch, .keyboard])
    try app.sync()
    #expect(view.buttons == ["down middle [middle]", "up middle"])
  }

  @Test func aRightClickOverTheWireShowsTheEditMenuOfTheViewUnderIt() throws {
    let app = try SeatHarness()
    let field = TextField(frame: Rect(x: 10, y: 10, width: 180, height: 40))
    field.text = "hello"
    app.window.addSubview(field)
    _ = try enter(app, 50, 30)
    try click(app, Self.right)
    try app.settle()
    #expect(app.window.presentedPopup != nil)
  }

  @Test func aSecondaryPanFollowsARightDragOverTheWireAndNoLeftDrag() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    var translations: [Point] = []
    let pan = PanGestureRecognizer { [unowned view] in
      translations.append(($0 as? PanGestureRecognizer)?.translation(in: view) ?? .zero)
    }
    pan.buttonMaskRequired = .secondary
    view.addGestureRecognizer(pan)
    _ = try enter(app, 30, 30)
    for button in [Self.left, Self.right] {
      try app.compositor.pointerButton(button, pressed: true)
      app.compositor.pointerFrame()
      for x in [60.0, 90.0] {
        try app.compositor.pointerMotion(to: app.at(x, 40))
        app.compositor.pointerFrame()
      }
      try app.compositor.pointerButton(button, pressed: false)
      try app.compositor.pointerMotion(to: app.at(30, 30))
      app.compositor.pointerFrame()
      try app.sync()
      #expect(pan.state == .possible)
    }
    #expect(translations.first == Point(x: 30, y: 10), "began when the right drag moved 30 points")
    #expect(translations.last == Point(x: 60, y: 10), "ended at the release")
    #expect(translations.count == 3, "began, changed, ended: nothing from the left drag")
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

  @Test func aWheelStepCarriesItsSourceAndWholeNotches() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerAxis(vertical: true, value: 30, value120: 240, source: 0)  // wheel
    app.compositor.pointerFrame()
    try app.sync()
    #expect(view.scrolls == [Point(x: 0, y: 2 * ScrollAccumulator.pointsPerNotch)])
    #expect(view.scrollDetails.map(\.source) == [.wheel])
    #expect(view.scrollDetails.map(\.notches) == [Point(x: 0, y: 2)])
  }

  @Test func aWheelTiltScrollsSidewaysInNotches() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerAxis(vertical: false, value: -15, value120: -120, source: 3)  // wheel tilt
    app.compositor.pointerFrame()
    try app.sync()
    #expect(view.scrolls == [Point(x: -ScrollAccumulator.pointsPerNotch, y: 0)])
    #expect(view.scrollDetails.map(\.source) == [.wheelTilt])
    #expect(view.scrollDetails.map(\.notches) == [Point(x: -1, y: 0)])
  }

  @Test func aFingerScrollIsContinuousAndItsStopArrivesAsAStep() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerAxis(vertical: true, value: 2.5, source: 1)  // finger
    try app.compositor.pointerAxis(vertical: false, value: -1, source: 1)
    app.compositor.pointerFrame()
    try app.compositor.pointerAxisStop(vertical: true)
    try app.compositor.pointerAxisStop(vertical: false)
    app.compositor.pointerFrame()
    try app.sync()
    #expect(view.scrolls == [Point(x: -1, y: 2.5), .zero], "the stop scrolls nothing")
    #expect(view.scrollDetails.map(\.source) == [.finger, nil], "the source holds for its frame only")
    #expect(view.scrollDetails.map(\.notches) == [nil, nil])
    #expect(view.scrollDetails.map(\.stopped) == [[], [.horizontal, .vertical]])
  }

  @Test func aContinuousSourceScrollsByItsValue() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    try app.compositor.pointerAxis(vertical: true, value: 7.25, source: 2)  // continuous
    app.compositor.pointerFrame()
    try app.sync()
    #expect(view.scrolls == [Point(x: 0, y: 7.25)])
    #expect(view.scrollDetails.map(\.source) == [.continuous])
    #expect(view.scrollDetails.map(\.notches) == [nil])
  }

  /// An app on a manual-clock compositor whose window is a scroll view over 5000 points of content, the
  /// pointer over it; five steps of `value` (with `value120`) from `source`, 10 ms apart, then a stop
  /// 10 ms later.
  private func scrollFiveStepsAndStop(value: Double, value120: Int32?, source: UInt32) throws -> (
    SeatHarness, ScrollView
  ) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1000)
    let app = try SeatHarness(configuration: configuration)
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    scroll.contentSize = Size(width: 200, height: 5000)
    app.window.addSubview(scroll)
    _ = try enter(app, 30, 30)
    for _ in 0..<5 {
      app.compositor.advanceClock(milliseconds: 10)
      try app.compositor.pointerAxis(vertical: true, value: value, value120: value120, source: source)
      app.compositor.pointerFrame()
    }
    app.compositor.advanceClock(milliseconds: 10)
    try app.compositor.pointerAxisStop(vertical: true)
    app.compositor.pointerFrame()
    try app.sync()
    return (app, scroll)
  }

  @Test func aTouchpadScrollFlingsAScrollViewWhenTheFingersLift() throws {
    let (app, scroll) = try scrollFiveStepsAndStop(value: 10, value120: nil, source: 1)
    #expect(scroll.contentOffset == Point(x: 0, y: 50), "the steps move the content exactly")
    #expect(scroll.isDecelerating, "1000 points/s when the fingers lifted")
    app.scheduler.advance(by: 0.1)
    #expect(scroll.contentOffset.y > 100)
  }

  @Test func scriptsScrollWithFingersAndStop() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    _ = try enter(app, 30, 30)
    let script = try Script(parsing: "scroll finger 0 12.5\nscroll stop\nscroll 1 0")
    #expect(
      script.lines.map(\.command) == [
        .scrollFinger(dx: 0, dy: 12.5), .scrollStop, .scroll(horizontal: 1, vertical: 0),
      ])
    try ScriptRunner(compositor: app.compositor).run(script)
    try app.sync()
    #expect(view.scrolls == [Point(x: 0, y: 12.5), .zero, Point(x: ScrollAccumulator.pointsPerNotch, y: 0)])
    #expect(view.scrollDetails.map(\.source) == [.finger, nil, .wheel])
    #expect(view.scrollDetails.map(\.stopped) == [[], [.horizontal, .vertical], []])
  }

  @Test func aWheelNeverFlingsAScrollView() throws {
    let (_, scroll) = try scrollFiveStepsAndStop(value: 15, value120: 120, source: 0)
    #expect(scroll.contentOffset == Point(x: 0, y: 5 * ScrollAccumulator.pointsPerNotch))
    #expect(!scroll.isDecelerating)
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
  /// The delta of the frame's step, if it has one.
  private func delta(_ scroll: inout ScrollAccumulator) -> Point? {
    scroll.frame(at: .zero, timestamp: 0)?.delta
  }

  @Test func value120NotchesAccumulateAcrossFramesAndTheContinuousValueIsNotAdded() {
    var scroll = ScrollAccumulator()
    scroll.axis(vertical: true, value: 10)
    scroll.axisValue120(vertical: true, value: 60)
    #expect(delta(&scroll) == nil)
    scroll.axis(vertical: true, value: 10)
    scroll.axisValue120(vertical: true, value: 60)
    #expect(delta(&scroll) == Point(x: 0, y: 15))
  }

  @Test func negativeNotchesScrollBack() {
    var scroll = ScrollAccumulator()
    scroll.axisValue120(vertical: false, value: -240)
    #expect(delta(&scroll) == Point(x: -30, y: 0))
  }

  @Test func stopDropsTheNotchRemainder() {
    var scroll = ScrollAccumulator()
    scroll.axisValue120(vertical: true, value: 100)
    _ = scroll.frame(at: .zero, timestamp: 0)
    scroll.stop(vertical: true)
    _ = scroll.frame(at: .zero, timestamp: 0)
    scroll.axisValue120(vertical: true, value: 100)
    #expect(delta(&scroll) == nil)
  }

  @Test func aStopAloneIsAStepThatScrollsNothing() {
    var scroll = ScrollAccumulator()
    scroll.source(1)
    scroll.stop(vertical: false)
    let step = scroll.frame(at: Point(x: 3, y: 4), timestamp: 2)
    #expect(
      step
        == ScrollInput(
          location: Point(x: 3, y: 4), delta: .zero, timestamp: 2, source: .finger, stoppedAxes: .horizontal))
  }

  @Test func aSourceAloneMakesNoStepAndUnknownSourcesStayUnnamed() {
    var scroll = ScrollAccumulator()
    scroll.source(0)
    #expect(scroll.frame(at: .zero, timestamp: 0) == nil)
    scroll.source(99)
    scroll.axis(vertical: true, value: 1)
    #expect(scroll.frame(at: .zero, timestamp: 0)?.source == nil)
  }

  @Test func nonFiniteValuesAreIgnored() {
    var scroll = ScrollAccumulator()
    scroll.axis(vertical: true, value: .infinity)
    #expect(delta(&scroll) == nil)
  }
}
