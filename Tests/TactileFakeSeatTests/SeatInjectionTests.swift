import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Each injection call, over the real wire, checked as the whole event sequence a client receives.
@Suite struct SeatInjectionTests {
  /// A compositor with a manual clock, one client with a mapped 100×80 window at 0,0, and its seat.
  func setUp() throws -> (FakeCompositor, WireClient, OpaquePointer, Int) {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 1000)
    let compositor = try FakeCompositor(configuration: configuration)
    let client = try WireClient(compositor)
    client.makeWindow().map(width: 100, height: 80)
    let seat = client.bindSeat()
    client.roundtrip()
    return (compositor, client, seat, compositor.windows[0].id)
  }

  @Test func touchEventsArriveInOrderWithTheSerialsTheCallsReturned() throws {
    let (compositor, client, seat, window) = try setUp()
    _ = client.listenToTouch(seat)
    client.roundtrip()
    client.events = []
    let down = try compositor.touchDown(id: 7, at: .output(x: 20, y: 30))
    try compositor.touchShape(id: 7, major: 4, minor: 2)
    try compositor.touchOrientation(id: 7, degrees: 45)
    compositor.touchFrame()
    try compositor.touchMotion(id: 7, to: .surface(id: window, x: 150, y: -5))
    compositor.touchFrame()
    let up = try compositor.touchUp(id: 7)
    client.roundtrip()
    #expect(
      client.events == [
        "touch.down \(down) 7 20.0,30.0", "touch.shape 7 4.0x2.0", "touch.orientation 7 45.0", "touch.frame",
        "touch.motion 7 150.0,-5.0", "touch.frame", "touch.up \(up) 7",
      ])
    #expect(compositor.finish().isClean)
  }

  @Test func touchCancelEndsEveryLivePointWithoutAFrame() throws {
    let (compositor, client, seat, _) = try setUp()
    _ = client.listenToTouch(seat)
    client.roundtrip()
    client.events = []
    try compositor.touchDown(id: 1, at: .output(x: 1, y: 1))
    try compositor.touchDown(id: 2, at: .output(x: 50, y: 50))
    compositor.touchFrame()
    compositor.touchCancel()
    client.roundtrip()
    #expect(client.events.suffix(2) == ["touch.frame", "touch.cancel"])
    #expect(compositor.touchPointIDs.isEmpty)
    #expect(throws: FakeSeatError.touchPointNotDown(id: 1)) { try compositor.touchUp(id: 1) }
  }

  @Test func touchOutsideEverySurfaceIsAnErrorForTheTest() throws {
    let (compositor, _, _, _) = try setUp()
    #expect(throws: FakeSeatError.noSurface(x: 500, y: 500)) {
      try compositor.touchDown(id: 1, at: .output(x: 500, y: 500))
    }
  }

  @Test func pointerEnterMotionButtonAxisAndFramesArriveInOrder() throws {
    let (compositor, client, seat, _) = try setUp()
    _ = client.listenToPointer(seat)
    client.roundtrip()
    client.events = []
    let enter = try #require(try compositor.pointerMotion(to: .output(x: 10, y: 20)))
    compositor.pointerFrame()
    #expect(try compositor.pointerMotion(to: .output(x: 11, y: 21)) == nil)
    compositor.pointerFrame()
    let press = try compositor.pointerButton(0x110, pressed: true)
    compositor.pointerFrame()
    try compositor.pointerAxis(vertical: true, value: 15, value120: 120, source: 0)
    compositor.pointerFrame()
    try compositor.pointerAxisStop(vertical: true)
    compositor.pointerFrame()
    let leave = try #require(compositor.pointerLeave())
    client.roundtrip()
    #expect(
      client.events == [
        "pointer.enter \(enter) 10.0,20.0", "pointer.frame", "pointer.motion 11.0,21.0", "pointer.frame",
        "pointer.button \(press) 272 1", "pointer.frame", "pointer.axis_source 0",
        "pointer.axis_value120 0 120",
        "pointer.axis 0 15.0", "pointer.frame", "pointer.axis_stop 0", "pointer.frame",
        "pointer.leave \(leave)",
      ])
  }

  @Test func setCursorWithTheLatestEnterSerialIsAcceptedAndAStaleOneIsReported() throws {
    let (compositor, client, seat, _) = try setUp()
    let pointer = client.listenToPointer(seat)
    client.roundtrip()
    let first = try #require(try compositor.pointerMotion(to: .output(x: 10, y: 10)))
    compositor.pointerLeave()
    let second = try #require(try compositor.pointerMotion(to: .output(x: 10, y: 10)))
    client.roundtrip()
    wl_pointer_set_cursor(pointer, second, nil, 0, 0)
    wl_pointer_set_cursor(pointer, first, nil, 0, 0)
    client.roundtrip()
    let cursorRequests = compositor.requestLog.filter {
      if case .setCursor = $0.kind { return true }
      return false
    }.map(\.kind)
    #expect(
      cursorRequests == [
        .setCursor(serial: second, accepted: true), .setCursor(serial: first, accepted: false),
      ])
    #expect(compositor.failures.map(\.interface) == ["wl_pointer"])
    #expect(client.protocolError == nil)
  }

  @Test func keyboardGetsKeymapRepeatInfoEnterWithHeldKeysAndModifiersFromShift() throws {
    let (compositor, client, seat, window) = try setUp()
    _ = client.listenToKeyboard(seat)
    client.roundtrip()
    #expect(
      client.events.suffix(2) == ["keyboard.keymap 1 sized=true xkb=true", "keyboard.repeat_info 25 600"])
    client.events = []
    try compositor.key(30, pressed: true)  // held before the focus arrives
    let enter = try compositor.keyboardEnter(surface: window)
    let shift = try compositor.key(42, pressed: true)
    let release = try compositor.key(42, pressed: false)
    compositor.setRepeatInfo(rate: 0, delay: 100)
    client.roundtrip()
    #expect(
      client.events == [
        "keyboard.enter \(enter) [30]", "keyboard.modifiers 0 0 0 0", "keyboard.key \(shift) 42 1",
        "keyboard.modifiers 1 0 0 0", "keyboard.key \(release) 42 0", "keyboard.modifiers 0 0 0 0",
        "keyboard.repeat_info 0 100",
      ])
  }

  @Test func typedTextPressesShiftForCapitals() throws {
    let (compositor, client, seat, window) = try setUp()
    _ = client.listenToKeyboard(seat)
    try compositor.keyboardEnter(surface: window)
    client.roundtrip()
    client.events = []
    try compositor.type("Hi")
    client.roundtrip()
    let keys = client.events.filter { $0.hasPrefix("keyboard.key") }.map {
      $0.split(separator: " ").dropFirst(2).joined(separator: " ")
    }
    #expect(keys == ["42 1", "35 1", "35 0", "42 0", "23 1", "23 0"])
    #expect(throws: FakeSeatError.noKeyForCharacter("☃")) { try compositor.type("☃") }
  }

  @Test func aNewKeymapReachesEveryKeyboard() throws {
    let (compositor, client, seat, _) = try setUp()
    _ = client.listenToKeyboard(seat)
    client.roundtrip()
    client.events = []
    try compositor.setKeyboardLayout("de")
    client.roundtrip()
    #expect(client.events == ["keyboard.keymap 1 sized=true xkb=true"])
  }

  @Test func capabilitiesChangeAtRunTime() throws {
    let (compositor, client, _, _) = try setUp()
    client.events = []
    compositor.setCapabilities([.pointer, .keyboard])
    compositor.setCapabilities(.all)
    client.roundtrip()
    #expect(client.events == ["seat.capabilities 3", "seat.capabilities 7"])
    compositor.setCapabilities([.pointer])
    #expect(throws: FakeSeatError.missingCapability(.touch)) {
      try compositor.touchDown(id: 1, at: .output(x: 1, y: 1))
    }
  }
}
