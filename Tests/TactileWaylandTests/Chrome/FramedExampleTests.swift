import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// A whole app, unchanged, on a compositor that draws no decorations (as GNOME's): it gets Tactile's
/// frame with no code of its own, and the frame's close button ends it.
@MainActor @Suite struct FramedExampleTests {
  @Test func anExampleWithoutXdgDecorationGetsTactilesFrameAndItsCloseButtonQuitsIt() throws {
    var configuration = FakeSeatSession.defaultConfiguration
    configuration.decorationMode = .unsupported
    let session = try FakeSeatSession(configuration: configuration)
    let app = try session.launch([FingerPaintExampleTests.executable("FingerPaint").path])
    let window = try session.waitForWindow()
    // FingerPaint asks for 640×480 of content; the frame adds its 8-point border and 44-point title bar.
    #expect((window.width, window.height) == (656, 540))
    let (x, y) = (Int(window.x!), Int(window.y!))
    let screen = session.compositor.screenshot()
    #expect(screen[x + 100, y + 30] == Color(white: 0.86).premultiplied, "the title bar")
    #expect(screen[x + 300, y + 300] == Color.white.premultiplied, "the canvas below it")

    // The close button: the title bar's last 44-point square.
    try session.run("tap \(x + 656 - 8 - 22) \(y + 8 + 22)")
    try session.compositor.pump(until: "FingerPaint to exit") { app.exitStatus != nil }
    #expect(app.exitStatus == 0)
    #expect(session.compositor.windows.isEmpty)
  }
}
