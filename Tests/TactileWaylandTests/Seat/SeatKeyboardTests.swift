import TactileFakeSeat
import TactileGeometry
import TactileTesting
import Testing

@testable import TactileCore
@testable import TactileWayland

/// `wl_keyboard` from the fake compositor to the first responder of a Tactile app (the protocol's
/// pitfalls, one test each). Repeat runs on the app's manual clock.
@MainActor @Suite struct SeatKeyboardTests {
  // evdev codes
  static let a: UInt32 = 30
  static let b: UInt32 = 48
  static let c: UInt32 = 46
  static let y: UInt32 = 21
  static let shift: UInt32 = 42
  static let control: UInt32 = 29
  static let playPause: UInt32 = 164

  /// A harness whose first responder is a probe view with keyboard focus on the window.
  func focused(rate: Int32 = 10, delay: Int32 = 300) throws -> (SeatHarness, ProbeView) {
    try SeatHarness.focusedOnProbe(rate: rate, delay: delay)
  }

  @Test func keysReachTheFirstResponderWithTheirTextAndModifiers() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.shift, pressed: true)
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.key(Self.a, pressed: false)
    try app.compositor.key(Self.shift, pressed: false)
    try app.sync()
    #expect(view.keys == ["down shift", "down A", "up A", "up shift"])
  }

  @Test func repeatStartsAfterTheDelayThenFollowsTheRate() throws {
    let (app, view) = try focused(rate: 10, delay: 300)
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    app.scheduler.advance(by: 0.299)
    #expect(view.keys == ["down a"])
    app.scheduler.advance(by: 0.001)
    #expect(view.keys == ["down a", "repeat a"])
    app.scheduler.advance(by: 0.2)
    #expect(view.keys.count == 4)
    try app.compositor.key(Self.a, pressed: false)
    try app.sync()
    app.scheduler.advance(by: 1)
    #expect(view.keys == ["down a", "repeat a", "repeat a", "repeat a", "up a"])
  }

  @Test func rateZeroDisablesRepeat() throws {
    let (app, view) = try focused(rate: 0, delay: 300)
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    app.scheduler.advance(by: 5)
    #expect(view.keys == ["down a"])
    #expect(app.scheduler.pendingCount == 0)
  }

  @Test func leaveDuringRepeatStopsItAndCancelsTheHeldKey() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    app.scheduler.advance(by: 0.3)
    app.compositor.keyboardLeave()
    try app.sync()
    app.scheduler.advance(by: 2)
    #expect(view.keys == ["down a", "repeat a", "cancel a"])
  }

  @Test func releasingAnotherKeyDoesNotStopTheRepeat() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.key(Self.shift, pressed: true)
    try app.compositor.key(Self.shift, pressed: false)
    try app.sync()
    app.scheduler.advance(by: 0.3)
    #expect(view.keys.last == "repeat a")
  }

  @Test func aNewlyPressedKeyTakesOverTheRepeat() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.key(Self.b, pressed: true)
    try app.compositor.key(Self.a, pressed: false)
    try app.sync()
    app.scheduler.advance(by: 0.3)
    #expect(view.keys == ["down a", "down b", "up a", "repeat b"])
  }

  @Test func keysThatDoNotRepeatNeverRepeat() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.shift, pressed: true)
    try app.sync()
    app.scheduler.advance(by: 3)
    #expect(view.keys == ["down shift"])
  }

  @Test func keysHeldAtEnterAreStateNeverReplayedAsPresses() throws {
    let (app, view) = try focused()
    app.compositor.keyboardLeave()
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    #expect(try app.seat.keyboard?.heldKeys == [Self.a])
    app.scheduler.advance(by: 2)
    try app.compositor.key(Self.a, pressed: false)
    try app.sync()
    #expect(view.keys.isEmpty)
  }

  @Test func aKeymapReplacedMidPressKeepsTheKeyHeldAndDecodesWithTheNewOne() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.y, pressed: true)
    try app.compositor.setKeyboardLayout("de")
    try app.sync()
    app.scheduler.advance(by: 0.3)
    try app.compositor.key(Self.y, pressed: false)
    try app.compositor.key(Self.y, pressed: true)
    try app.sync()
    #expect(view.keys == ["down y", "repeat y", "up y", "down z"])
  }

  @Test func mediaKeysArriveAsRemoteControlEvents() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.playPause, pressed: true)
    try app.compositor.key(Self.playPause, pressed: false)
    try app.sync()
    #expect(view.remoteControls == [.remoteControlTogglePlayPause])
    #expect(view.keys.isEmpty)
  }

  @Test func controlCIsTheCopyActionThroughTheResponderChain() throws {
    let (app, view) = try focused()
    var copies = 0
    app.window.setHandler({ _, _ in copies += 1 }, for: .copy)
    try app.compositor.key(Self.control, pressed: true)
    try app.compositor.key(Self.c, pressed: true)
    try app.compositor.key(Self.c, pressed: false)
    try app.sync()
    #expect(copies == 1)
    #expect(view.keys == ["down control"], "the shortcut's C is no press")
  }

  @Test func controlCIsAnOrdinaryKeyWhenNoResponderCopies() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.control, pressed: true)
    try app.compositor.key(Self.c, pressed: true)
    try app.sync()
    #expect(view.keys.last.map { $0.hasPrefix("down") && $0 != "down control" } == true)
  }

  @Test func losingTheKeyboardCapabilityCancelsHeldKeysAndStopsRepeat() throws {
    let (app, view) = try focused()
    try app.compositor.key(Self.a, pressed: true)
    try app.sync()
    app.compositor.setCapabilities([.pointer, .touch])
    try app.sync()
    app.scheduler.advance(by: 2)
    #expect(view.keys == ["down a", "cancel a"])
  }
}
