import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// The PhotoStrip example, run as a separate process under the fake seat.
@MainActor @Suite struct PhotoStripExampleTests {
  /// Runs `script` and waits until the example's last state line is `line`.
  static func expectState(_ line: String, after script: String, in session: FakeSeatSession) throws {
    try session.run(script)
    try session.compositor.pump(until: "state '\(line)'") {
      session.log(of: "PhotoStrip").split(separator: "\n").last.map(String.init) == line
    }
  }

  @Test func aFlickTurnsThePageAPinchZoomsItADoubleTapZoomsOutAndThePageControlTurnsPages() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("PhotoStrip").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))

    try Self.expectState("page=0 zoom=1.00", after: "", in: session)
    // A quick 200-point flick to the left settles on the second page.
    try Self.expectState(
      "page=1 zoom=1.00", after: "drag \(x + 500) \(y + 220) \(x + 300) \(y + 220) 100ms", in: session)
    // Two fingers spreading from 40 to 120 points apart zoom that page three times.
    try Self.expectState(
      "page=1 zoom=3.00", after: "wait 500ms\npinch \(x + 320) \(y + 220) 40 120 300ms", in: session)
    // Zoomed in, the photo under the fingers' centre stays there: the centre shows the photo, not the
    // stage.
    let screen = session.compositor.screenshot()
    #expect(screen[x + 320, y + 220] != Color(white: 0.1).premultiplied)
    // A double tap zooms back out.
    try Self.expectState(
      "page=1 zoom=1.00", after: "tap \(x + 320) \(y + 220)\ntap \(x + 320) \(y + 220)", in: session)
    // A tap right of the current dot turns to the third page.
    try Self.expectState("page=2 zoom=1.00", after: "wait 500ms\ntap \(x + 360) \(y + 460)", in: session)
  }
}
