import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// The ResponderLab example, run as a separate process under the fake seat: each situation's touch is
/// checked in the hit-test path and responder chain it prints.
@MainActor @Suite struct ResponderLabExampleTests {
  @Test func eachSituationShowsItsHitTestPathChainAndTheMovingNilTargetHandler() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("ResponderLab").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    // Enlarged button (12 points right of its edge), the button under the overlay, the child outside
    // its parent, the round button's corner (a miss), its centre, then send / move handler three times.
    let taps =
      [(72, 45), (190, 45), (360, 100), (484, 24), (520, 60), (100, 180), (530, 180), (100, 180)]
      + [(530, 180), (100, 180)]
    try session.run(taps.map { "tap \(x + $0.0) \(y + $0.1)" }.joined(separator: "\n"))
    try session.compositor.pump(until: "the last action") {
      session.log(of: "ResponderLab").hasSuffix("action handled by controller\n")
    }
    let send =
      "path window > root > container > send\n"
      + "chain send > container > root > controller > window > application\n"
    let move =
      "path window > root > move handler\n"
      + "chain move handler > root > controller > window > application\n"
    #expect(
      session.log(of: "ResponderLab") == "path window > root > small\n"
        + "chain small > root > controller > window > application\n"
        + "path window > root > under\nchain under > root > controller > window > application\n"
        + "path window > root > parent > outside\n"
        + "chain outside > parent > root > controller > window > application\n"
        + "path window > root\nchain root > controller > window > application\n"
        + "path window > root > round\nchain round > root > controller > window > application\n"
        + send + "action handled by send\n" + move + "handler on container\n"
        + send + "action handled by container\n" + move + "handler on controller\n"
        + send + "action handled by controller\n")

    // The log panel (below y = 236) shows the lines: dark text pixels.
    try session.compositor.pump(until: "the log panel drawn") {
      let screen = session.compositor.screenshot()
      return (x + 20..<x + 300).contains { px in (screen[px, y + 380].argb & 0xFF) < 0x60 }
        || (y + 240..<y + 390).contains { py in (screen[x + 30, py].argb & 0xFF) < 0x60 }
    }
  }
}
