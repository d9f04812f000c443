import Foundation
import TactileCore
import TactileGeometry
import Testing

@testable import TactileWayland

/// Presentation feedback from a real compositor: headless weston 10 implements `wp_presentation`, and
/// the project's input module stamps input on its presentation clock (as libinput does), so a Tactile
/// window learns when each frame that answered a touch was shown, and how long after the touch.
@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct WestonPresentationTests {
  /// A view that changes colour with every touch event, so every one needs a new frame.
  final class Flasher: View {
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { flash() }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { flash() }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { flash() }
    private func flash() { backgroundColor = backgroundColor == .red ? .blue : .red }
  }

  @Test func westonReportsWhenEachFrameThatAnsweredATouchWasShown() async throws {
    let rig = try await WestonWithInput()
    defer { rig.stop() }
    let display = try WaylandDisplay(environment: rig.weston.environment)
    #expect(display.presentation != nil, "weston 10 offers wp_presentation")
    let application = Application(scheduler: display.loop)
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), application: application)
    let flasher = Flasher(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(flasher)
    var reported: [FramePresentation] = []
    window.onFramePresented = { reported.append($0) }
    let host = HostedWindow(
      window: window, display: display,
      options: .init(title: "weston presentation", appID: "dev.tactile.presentation", fullscreen: true))
    #expect(try run(display) { host.framesDrawn >= 1 && !host.surface.pacer.waitingForFrame })
    #expect(reported.isEmpty, "frames that answer no input ask for no feedback")

    try rig.input.send("touch down 0 50 50", "touch frame")
    #expect(try run(display) { reported.count == 1 })
    for step in 1...5 {
      try rig.input.send("touch motion 0 \(50 + step) 50", "touch frame")
      #expect(try run(display) { reported.count == 1 + step })
    }
    try rig.input.send("touch up 0")
    #expect(try run(display) { reported.count == 7 })

    let statistics = window.presentationStatistics
    #expect(statistics.framesPresented + statistics.framesDiscarded == 7)
    #expect(statistics.framesPresented >= 1)
    for frame in reported {
      guard let presented = frame.presentedTime, let latency = frame.inputToPresentation else { continue }
      #expect(presented >= frame.commitTime, "shown after its commit")
      #expect(latency > 0 && latency < 1, "input to presentation: \(latency) s")
      #expect(frame.refreshInterval.map { $0 > 0.005 && $0 < 0.05 } ?? true, "a display's refresh")
    }
    #expect(
      statistics.recentLatencies.count == statistics.framesPresented, "every shown frame timed from its touch"
    )
    print(
      "WestonPresentationTests: input-to-presentation median \(statistics.medianLatency.map { $0 * 1000 } ?? .nan) ms, refresh \(reported.last?.refreshInterval.map { $0 * 1000 } ?? .nan) ms, flags \(reported.last?.flags.rawValue ?? 0), missed refreshes \(statistics.missedRefreshes)"
    )
  }
}
