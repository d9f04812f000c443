import Foundation
import TactileCore
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileWayland

/// Input from a real compositor: headless weston 10 with the project's input module, which adds a seat
/// and injects through weston's own seat code (no frame after the last touch up, real serials, real
/// keymap, `axis_discrete` wheels). A fullscreen Tactile window reacts; checked in the app's state and in
/// a screenshot.
@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct WestonSeatTests {
  /// A view that counts taps by input type, records typed text and turns green after its first tap.
  final class Target: View {
    var taps: [Touch.TouchType] = []
    var typed = ""
    /// Each scroll's delta, whole notches and source.
    var scrolls: [(delta: Point?, notches: Point?, source: ScrollInput.Source?)] = []

    override var canBecomeFirstResponder: Bool { true }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
      taps += touches.map(\.type)
      backgroundColor = .green
    }

    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
      typed += presses.map(\.key.characters).joined()
    }

    override func scrollWheel(with event: Event) {
      scrolls.append((event.scrollDelta, event.scrollNotches, event.scrollSource))
    }
  }

  @Test func touchPointerAndKeysFromWestonsOwnSeatReachATactileWindow() async throws {
    let rig = try await WestonWithInput()
    defer { rig.stop() }
    let (weston, input) = (rig.weston, rig.input)

    let display = try WaylandDisplay(environment: weston.environment)
    let application = Application(scheduler: display.loop)
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: application)
    let target = Target(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    target.backgroundColor = .red
    window.addSubview(target)
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "weston seat", appID: "dev.tactile.seat", fullscreen: true))
    #expect(try run(display) { host.framesDrawn >= 1 && !host.surface.pacer.waitingForFrame })
    #expect(target.becomeFirstResponder())

    // A touch, weston style: no frame after the last up.
    try input.send("touch down 0 50 50", "touch up 0")
    #expect(try run(display) { target.taps == [.direct] })

    // A click with the primary button.
    try input.send(
      "pointer motion 60 60", "pointer frame", "pointer button 272 pressed", "pointer frame",
      "pointer button 272 released", "pointer frame")
    #expect(try run(display) { target.taps == [.direct, .pointer] })

    // Keys: the window was activated by the click, so the seat's keyboard focus is on it.
    try input.send("key 30 pressed", "key 30 released", "key 48 pressed", "key 48 released")
    #expect(try run(display) { target.typed == "ab" })

    // A wheel notch: weston 10 (wl_seat v7) sends it as axis_discrete, which scrolls one whole notch.
    try input.send("pointer axis vertical 10 1", "pointer frame")
    #expect(try run(display) { target.scrolls.count == 1 })
    #expect(target.scrolls.first?.delta == Point(x: 0, y: ScrollAccumulator.pointsPerNotch))
    #expect(target.scrolls.first?.notches == Point(x: 0, y: 1))
    #expect(target.scrolls.first?.source == .wheel)

    #expect(try run(display) { !host.surface.pacer.waitingForFrame && !host.surface.pacer.needsDisplay })
    let shot = try screenshot(weston, display)
    #expect(shot[50, 50] == Color.green.premultiplied, "the tap turned the target green on screen")
  }
}
