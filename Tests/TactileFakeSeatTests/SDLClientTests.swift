import Foundation
import TactileFakeSeat
import TactileTesting
import Testing

/// SDL 2.26's own test programs (`libsdl2-tests`) on SDL's Wayland backend, checked by the events SDL
/// logged. Both redraw on every frame callback, so nothing here waits for `wait drawn` (it would never
/// settle): the tests wait for the lines they expect in the client's own output.
@Suite struct SDLClientTests {
  static let directory = "/usr/libexec/installed-tests/SDL2/"

  /// A finger's down or up as SDL logged it (`SDL_EVENT_LOGGING`): its id and normalized position.
  struct FingerEvent: Equatable, CustomStringConvertible {
    var down: Bool
    var finger: Int
    var x: Double
    var y: Double

    var description: String { "\(down ? "down" : "up") \(finger) \(x),\(y)" }

    /// Whether the two are the same event, positions within SDL's six printed decimals.
    func matches(_ other: FingerEvent) -> Bool {
      down == other.down && finger == other.finger && abs(x - other.x) < 2e-6 && abs(y - other.y) < 2e-6
    }
  }

  /// The finger downs and ups in a log written with `SDL_EVENT_LOGGING=1`, in order.
  static func fingerEvents(in log: String) -> [FingerEvent] {
    log.matches(of: /SDL_FINGER(DOWN|UP) \(.*? fingerid=(\d+) x=(-?[\d.]+) y=(-?[\d.]+)/).map {
      FingerEvent(down: $0.1 == "DOWN", finger: Int($0.2)!, x: Double($0.3)!, y: Double($0.4)!)
    }
  }

  /// Starts an SDL test program on the Wayland backend and waits for its window.
  static func start(_ program: String, logging: Bool, in harness: FakeSeatSession) throws -> SurfaceInfo {
    var environment = ["SDL_VIDEODRIVER": "wayland"]
    if logging { environment["SDL_EVENT_LOGGING"] = "1" }
    try harness.launch([directory + program], environment: environment)
    return try harness.waitForWindow(commits: 1, timeoutMilliseconds: 20_000)
  }

  @Test func sdlTestgestureGetsTapsPinchesAndRotationsAtTheirNormalizedPositions() throws {
    let harness = try FakeSeatSession()
    let window = try Self.start("testgesture", logging: true, in: harness)
    let (left, top) = (Double(window.x!), Double(window.y!))
    let (width, height) = (Double(window.width), Double(window.height))
    func at(_ down: Bool, _ finger: Int, _ x: Double, _ y: Double) -> FingerEvent {
      FingerEvent(down: down, finger: finger, x: (x - left) / width, y: (y - top) / height)
    }
    let (cx, cy) = (left + width / 2, top + height / 2)
    // A tap at a quarter across and three quarters down; a pinch from 60 to 180 px apart about the
    // centre (horizontal: the fingers start and end 30 and 90 px either side); a 90° rotation of two
    // fingers 80 px from the centre, which starts on the horizontal and ends on the vertical.
    try harness.run(
      """
      tap \(left + width / 4) \(top + height * 3 / 4)
      pinch \(cx) \(cy) 60 180 200ms
      rotate \(cx) \(cy) 80 90 200ms
      """)
    try harness.compositor.pump(until: "SDL's log of the fingers", timeoutMilliseconds: 10_000) {
      Self.fingerEvents(in: harness.log(of: "testgesture")).count >= 10
    }
    let log = harness.log(of: "testgesture")
    let events = Self.fingerEvents(in: log)
    let expected = [
      at(true, 0, left + width / 4, top + height * 3 / 4),
      at(false, 0, left + width / 4, top + height * 3 / 4),
      at(true, 0, cx - 30, cy), at(true, 1, cx + 30, cy), at(false, 0, cx - 90, cy),
      at(false, 1, cx + 90, cy),
    ]
    #expect(events.count == 10, "\(events)")
    #expect(zip(events, expected).allSatisfy { $0.matches($1) }, "\(events)")
    // The rotation: the fingers go down on the horizontal and up on the vertical, whichever way round.
    let rotation = events.dropFirst(6)
    let starts = [at(true, 0, cx + 80, cy), at(true, 1, cx - 80, cy)]
    #expect(zip(rotation.prefix(2), starts).allSatisfy { $0.matches($1) }, "\(events)")
    let ends = rotation.suffix(2).map { FingerEvent(down: $0.down, finger: 0, x: $0.x, y: $0.y) }
    let above = FingerEvent(down: false, finger: 0, x: 0.5, y: (cy - 80 - top) / height)
    let below = FingerEvent(down: false, finger: 0, x: 0.5, y: (cy + 80 - top) / height)
    #expect(ends.contains { $0.matches(above) } && ends.contains { $0.matches(below) }, "\(events)")
    // SDL's gesture recognizer saw two fingers spread: its distance deltas add up to a growth.
    let spread = log.matches(of: /SDL_MULTIGESTURE \(.*? ddist=(-?[\d.]+) .*? numfingers=2\)/)
      .map { Double($0.1)! }
    #expect(spread.reduce(0, +) > 0.05, "\(spread)")
  }

  @Test func sdlCheckkeysReadsTheKeysAndTextTypedIntoItsFocusedWindow() throws {
    let harness = try FakeSeatSession()
    _ = try Self.start("checkkeys", logging: false, in: harness)
    // `focus`, not a click: a left click is checkkeys's way to quit.
    try harness.run("focus\ntype hi\nkey shift+a")
    try harness.compositor.pump(until: "checkkeys's log of the keys", timeoutMilliseconds: 10_000) {
      harness.log(of: "checkkeys").contains("Key released:  scancode 225 = Left Shift")
    }
    let log = harness.log(of: "checkkeys")
    let pressed = log.matches(of: #/Key pressed :  scancode (\d+) = /#).map { Int($0.1)! }
    #expect(pressed == [11, 12, 225, 4], "\(log)")
    let text = log.matches(of: /INPUT Text \(.*?\): "(.*?)"/).map { String($0.1) }
    #expect(text == ["h", "i", "A"], "\(log)")
  }

  @Test func waitDrawnOnAnSDLProgramThatNeverStopsDrawingSaysItKeptAnswering() throws {
    let harness = try FakeSeatSession()
    _ = try Self.start("checkkeys", logging: false, in: harness)
    #expect {
      try harness.run("wait drawn")
    } throws: { error in
      let text = "\(error)"
      return text.contains("the clients to finish drawing: they answered ")
        && text.contains(" pings and committed")
    }
  }
}
