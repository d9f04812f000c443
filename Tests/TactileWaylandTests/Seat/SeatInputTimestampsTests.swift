import TactileCore
import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileWayland

/// `zwp_input_timestamps_v1` from the fake seat to a Tactile app: touches, pointer presses and keys
/// carry the compositor's nanosecond times where it offers them, its millisecond times where it does
/// not, and frames that answer input report their latency to the nanosecond.
@MainActor @Suite struct SeatInputTimestampsTests {
  /// A view that records the timestamp of every touch and press it gets, and changes colour with every
  /// touch so that each needs a new frame.
  final class TimeProbe: View {
    var touchTimes: [Double] = []
    var pressTimes: [Double] = []
    override var canBecomeFirstResponder: Bool { true }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(touches) }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(touches) }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(touches) }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
      pressTimes += presses.map(\.timestamp)
    }
    private func record(_ touches: Set<Touch>) {
      touchTimes += touches.map(\.timestamp)
      backgroundColor = backgroundColor == .red ? .blue : .red
    }
  }

  /// An app on a fake seat with a manual clock at 1,005 ms and `offersTimestamps`, its window filled
  /// by a ``TimeProbe`` that has the keyboard focus.
  private func rig(offersTimestamps: Bool = true) throws -> (SeatHarness, TimeProbe) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1005)
    configuration.offersInputTimestamps = offersTimestamps
    let app = try SeatHarness(configuration: configuration)
    let probe = TimeProbe(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    app.window.addSubview(probe)
    #expect(probe.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.settle()
    return (app, probe)
  }

  /// A touch down and motion, a click and a key, 0.25 ms and 1.5 ms into the clock's milliseconds.
  private func touchClickAndType(_ app: SeatHarness) throws {
    app.compositor.advanceClock(nanoseconds: 250_000)
    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try app.sync()
    app.compositor.advanceClock(nanoseconds: 1_500_000)
    try app.compositor.touchMotion(id: 1, to: app.at(60, 50))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.sync()
    try app.compositor.pointerMotion(to: app.at(20, 20))
    app.compositor.pointerFrame()
    app.compositor.advanceClock(nanoseconds: 100_000)
    try app.compositor.pointerButton(0x110, pressed: true)
    app.compositor.pointerFrame()
    try app.compositor.pointerButton(0x110, pressed: false)
    app.compositor.pointerFrame()
    app.compositor.advanceClock(nanoseconds: 2_000)
    try app.compositor.key(30, pressed: true)
    try app.settle()
  }

  @Test func touchesClicksAndKeysCarryTheFakeSeatsNanosecondTimes() throws {
    let (app, probe) = try rig()
    #expect(app.display.inputTimestampsManager != nil, "the fake seat offers input timestamps")
    try touchClickAndType(app)
    #expect(probe.touchTimes.count == 5)
    let expected = [1.005_25, 1.006_75, 1.006_75, 1.006_85, 1.006_85]
    for (time, want) in zip(probe.touchTimes, expected) { #expect(abs(time - want) < 1e-9, "\(time)") }
    #expect(probe.pressTimes.count == 1)
    #expect(abs((probe.pressTimes.first ?? 0) - 1.006_852) < 1e-9)
  }

  @Test func withoutTheGlobalTheMillisecondTimesAreUsed() throws {
    let (app, probe) = try rig(offersTimestamps: false)
    #expect(app.display.inputTimestampsManager == nil)
    try touchClickAndType(app)
    #expect(probe.touchTimes == [1.005, 1.006, 1.006, 1.006, 1.006])
    #expect(probe.pressTimes == [1.006])
  }

  @Test func aTouchscreenThatComesBackIsSubscribedAgain() throws {
    let (app, probe) = try rig()
    app.compositor.setCapabilities([.pointer, .keyboard])
    try app.settle()
    app.compositor.setCapabilities(.all)
    try app.settle()
    app.compositor.advanceClock(nanoseconds: 750_000)
    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try app.sync()
    #expect(probe.touchTimes.count == 1)
    #expect(abs((probe.touchTimes.first ?? 0) - 1.005_75) < 1e-9, "the new wl_touch's nanosecond time")
  }

  @Test func aTouchThatDrawsNothingIsNotChargedToALaterFrame() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1005)
    configuration.presentation = .immediate
    let app = try SeatHarness(configuration: configuration)
    let still = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    app.window.addSubview(still)
    var reported: [FramePresentation] = []
    app.window.onFramePresented = { reported.append($0) }
    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try app.compositor.touchUp(id: 1)
    app.compositor.touchFrame()
    try app.settle()
    app.compositor.advanceClock(milliseconds: 500)
    still.backgroundColor = .red
    try app.settle()
    #expect(app.host.surface.framesCommitted >= 2, "the colour change was drawn")
    #expect(reported.isEmpty, "a frame that answered no input asks for no feedback")
  }

  @Test func aFrameThatAnsweredATouchReportsItsLatencyToTheNanosecond() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1005)
    configuration.presentation = .refresh(millihertz: 60_000)
    let app = try SeatHarness(configuration: configuration)
    app.window.addSubview(TimeProbe(frame: Rect(x: 0, y: 0, width: 200, height: 100)))
    var reported: [FramePresentation] = []
    app.window.onFramePresented = { reported.append($0) }
    app.compositor.advanceClock(nanoseconds: 250_000)
    try app.compositor.touchDown(id: 1, at: app.at(50, 50))
    app.compositor.touchFrame()
    try app.settle()
    app.compositor.advanceClock(milliseconds: 12)
    try app.settle()
    let frame = try #require(reported.first)
    #expect(abs(frame.inputTime - 1.005_25) < 1e-9)
    // Shown at the tick 61 / 60 s, 11.416… ms after the touch at 1,005.25 ms.
    #expect(abs((frame.inputToPresentation ?? -1) - (61 / 60.0 - 1.005_25)) < 1e-6)
  }

  @Test func aFrameThatAnsweredAClickIsReportedWithTheClicksTime() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1005)
    configuration.presentation = .immediate
    let app = try SeatHarness(configuration: configuration)
    let probe = TimeProbe(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    app.window.addSubview(probe)
    var reported: [FramePresentation] = []
    app.window.onFramePresented = { reported.append($0) }
    try app.compositor.pointerMotion(to: app.at(20, 20))
    app.compositor.pointerFrame()
    try app.settle()
    app.compositor.advanceClock(nanoseconds: 400_000)
    try app.compositor.pointerButton(0x110, pressed: true)
    app.compositor.pointerFrame()
    try app.settle()
    #expect(reported.map(\.inputTime).count == 1)
    #expect(abs((reported.first?.inputTime ?? 0) - 1.005_4) < 1e-9)
  }
}
