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

    // The close button: the title bar's last 44-point square. Tapped through the compositor's API, not a
    // script line: a script line fails when a client it drives disconnects, and here that is the point.
    let button = Position.output(x: Double(x + 656 - 8 - 22), y: Double(y + 8 + 22))
    try session.compositor.touchDown(id: 1, at: button)
    session.compositor.touchFrame()
    try session.compositor.touchUp(id: 1)
    session.compositor.touchFrame()
    try session.compositor.pump(until: "FingerPaint to exit") { app.exitStatus != nil }
    #expect(app.exitStatus == 0)
    #expect(session.compositor.windows.isEmpty)
  }

  /// Runs `tactile-compositor` with `arguments`; returns its exit status and what it wrote on standard
  /// error.
  private func runCompositor(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let compositor = Process()
    compositor.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    compositor.arguments =
      ["--signal=KILL", "60", FingerPaintExampleTests.executable("tactile-compositor").path] + arguments
    let errors = Pipe()
    compositor.standardError = errors
    try compositor.run()
    let written = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    compositor.waitUntilExit()
    return (compositor.terminationStatus, written)
  }

  @Test func theCompositorProgramWithoutDecorationsShowsAnAppWithTactilesFrame() throws {
    let directory = NSTemporaryDirectory() + "tactile-framed-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try "wait window\nscreenshot framed\n".write(
      toFile: directory + "/script", atomically: true, encoding: .utf8)
    let run = try runCompositor([
      "--socket", directory + "/wayland-0", "--decorations", "none", "--script", directory + "/script",
      "--screenshots", directory, "--end-with-script", "--",
      FingerPaintExampleTests.executable("FingerPaint").path,
    ])
    #expect(run.status == 0, "\(run.errors)")
    let screen = try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: directory + "/framed.png"))))
    #expect(screen[100, 30] == Color(white: 0.86).premultiplied, "the title bar")
  }

  @Test func anUnknownDecorationModeIsAUsageError() throws {
    let run = try runCompositor(["--decorations", "sideways"])
    #expect(run.status == 64)
    #expect(run.errors == "tactile-compositor: --decorations takes server-side, client-side or none\n")
  }
}
