import Foundation
import TactileGeometry
import TactileRaster
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Client-side decorations on real weston 10 (which offers no xdg-decoration, so Tactile draws the frame
/// by itself): dragging the frame's title bar with the pointer or a finger through the project's input
/// module makes weston move the window, seen in its screenshots.
@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct WestonFrameDragTests {
  /// What drags the title bar, as input-module command lines.
  enum Device: CustomStringConvertible, Sendable {
    case pointer, finger

    var description: String { self == .pointer ? "pointer" : "finger" }

    func down(_ x: Double, _ y: Double) -> [String] {
      switch self {
      case .pointer:
        ["pointer motion \(x) \(y)", "pointer frame", "pointer button 272 pressed", "pointer frame"]
      case .finger: ["touch down 0 \(x) \(y)", "touch frame"]
      }
    }

    func move(_ x: Double, _ y: Double) -> [String] {
      switch self {
      case .pointer: ["pointer motion \(x) \(y)", "pointer frame"]
      case .finger: ["touch motion 0 \(x) \(y)", "touch frame"]
      }
    }

    /// The release; weston 10 sends no touch frame after the last up.
    var up: [String] {
      switch self {
      case .pointer: ["pointer button 272 released", "pointer frame"]
      case .finger: ["touch up 0"]
      }
    }
  }

  /// The top-left pixel of pure blue (the content's colour) in `image`, scanning rows top to bottom.
  private func blueOrigin(in image: Image) -> (x: Int, y: Int)? {
    let blue = Color.blue.premultiplied
    for y in 0..<image.height {
      for x in 0..<image.width where image[x, y] == blue { return (x, y) }
    }
    return nil
  }

  @Test(arguments: [Device.pointer, .finger])
  func draggingTheTitleBarMovesTheWindowOnWeston(with device: Device) async throws {
    let rig = try await WestonWithInput()
    defer { rig.stop() }
    let (weston, input) = (rig.weston, rig.input)

    let display = try WaylandDisplay(environment: weston.environment)
    let application = Application(scheduler: display.loop)
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 200), application: application)
    window.backgroundColor = .blue
    let host = HostedWindow(
      window: window, display: display,
      options: .init(
        title: "drag me", appID: "dev.tactile.frame", preferredSize: Size(width: 300, height: 200)))
    #expect(try run(display) { host.framesDrawn >= 1 && !host.surface.pacer.waitingForFrame })
    #expect(host.clientFrame != nil, "weston 10 offers no xdg-decoration")
    let before = try #require(blueOrigin(in: try screenshot(weston, display)))

    // Press on the title bar (30 points above the content) and move past the drag threshold; once the
    // frame has seen the motion it has asked weston to move the window (with the press's serial).
    let frameWindow = try #require(host.clientFrame).frameWindow
    let start = (x: Double(before.x) + 60, y: Double(before.y) - 30)
    try input.send(device.down(start.x, start.y))
    try input.send(device.move(start.x + 20, start.y + 10))
    #expect(try run(display) { frameWindow.touchTracker.liveTouches.first?.phase == .moved })
    // The move request is sent and weston has handled it before the drag goes on (else weston may see
    // the release first and refuse the move: a race seen under load).
    try WaylandDisplay.roundtrip(display.connection, display.loop)
    // Weston's move grab now follows the pointer from where its button went down (the window ends up
    // moved by the whole drag, +120, +70), and a finger from where it was when the move began (weston 10
    // keeps the touch grab's position up to date: +100, +60).
    let expected = device == .pointer ? (120, 70) : (100, 60)
    try input.send(device.move(start.x + 120, start.y + 70))
    try input.send(device.up)
    var after = before
    #expect(
      try run(display) {
        guard let shot = try? screenshot(weston, display), let origin = blueOrigin(in: shot) else {
          return false
        }
        after = origin
        return origin != before
      })
    #expect((after.x - before.x, after.y - before.y) == expected, "moved from \(before) to \(after)")
  }
}
