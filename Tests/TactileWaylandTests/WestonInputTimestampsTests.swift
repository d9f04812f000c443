import Foundation
import TactileCore
import TactileGeometry
import Testing

@testable import TactileWayland

/// Nanosecond input times from a real compositor: weston 10 offers `zwp_input_timestamps_manager_v1`,
/// and the project's input module stamps each event with weston's presentation clock to the
/// nanosecond, so a Tactile window's touches, clicks and keys carry times finer than the protocol's
/// milliseconds, on the clock its frames are presented on.
@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct WestonInputTimestampsTests {
  /// A view that records the timestamp of every touch and press it gets.
  final class TimeProbe: View {
    var touchTimes: [Double] = []
    var pressTimes: [Double] = []
    override var canBecomeFirstResponder: Bool { true }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
      touchTimes += touches.map(\.timestamp)
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
      touchTimes += touches.map(\.timestamp)
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
      touchTimes += touches.map(\.timestamp)
    }
    override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
      pressTimes += presses.map(\.timestamp)
    }
  }

  @Test func touchesClicksAndKeysFromWestonCarryItsNanosecondTimes() async throws {
    let rig = try await WestonWithInput()
    defer { rig.stop() }
    let display = try WaylandDisplay(environment: rig.weston.environment)
    #expect(display.inputTimestampsManager != nil, "weston 10 offers zwp_input_timestamps_manager_v1")
    let presentation = try #require(display.presentation, "weston 10 offers wp_presentation")
    let application = Application(scheduler: display.loop)
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: application)
    let probe = TimeProbe(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(probe)
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "weston timestamps", appID: "dev.tactile.timestamps", fullscreen: true))
    #expect(try run(display) { host.framesDrawn >= 1 && !host.surface.pacer.waitingForFrame })
    #expect(probe.becomeFirstResponder())

    let before = presentation.now()
    try rig.input.send("touch down 0 50 50", "touch frame")
    for step in 1...4 { try rig.input.send("touch motion 0 \(50 + step) 50", "touch frame") }
    try rig.input.send("touch up 0")
    #expect(try run(display) { probe.touchTimes.count == 6 })
    try rig.input.send(
      "pointer motion 60 60", "pointer frame", "pointer button 272 pressed", "pointer frame",
      "pointer button 272 released", "pointer frame", "key 30 pressed", "key 30 released")
    #expect(try run(display) { probe.touchTimes.count == 8 && probe.pressTimes.count == 1 })
    let after = presentation.now()

    let times = probe.touchTimes + probe.pressTimes
    #expect(times == times.sorted(), "in the order they were sent")
    for time in times {
      // The module stamps with weston's presentation clock; neither wraps within an uptime of 49 days.
      #expect(time >= before - 1e-6 && time <= after, "\(time) s, between \(before) and \(after)")
    }
    let submillisecond = times.filter { abs($0 * 1000 - ($0 * 1000).rounded()) > 1e-6 }
    #expect(submillisecond.count > times.count / 2, "finer than milliseconds: \(times)")
    print("WestonInputTimestampsTests: times from weston \(times.map { String(format: "%.9f", $0) })")
  }
}
