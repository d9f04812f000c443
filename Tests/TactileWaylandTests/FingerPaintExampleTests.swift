import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// The FingerPaint example (the main demo), run as a separate process under the fake seat, the way
/// `Examples/demo` runs it without a Wayland session.
@MainActor @Suite struct FingerPaintExampleTests {
  /// The first two palette colours (FingerPaint's `PaintView.palette`) and the canvas.
  static let red = Color(red8: 0xE7, green8: 0x4C, blue8: 0x3C).premultiplied
  static let green = Color(red8: 0x27, green8: 0xAE, blue8: 0x60).premultiplied
  static let white = Color.white.premultiplied

  static func executable(_ name: String) -> URL {
    Bundle.main.executableURL!.deletingLastPathComponent().appending(path: name)
  }

  /// Waits until FingerPaint printed `line` (its state after a change) and the screen shows `pixels`.
  static func waitFor(
    _ line: String, pixels: [(Int, Int, PremultipliedColor)], in session: FakeSeatSession
  ) throws {
    try session.compositor.pump(until: "'\(line)' and its pixels") {
      let screen = session.compositor.screenshot()
      return session.log(of: "FingerPaint").hasSuffix(line + "\n")
        && pixels.allSatisfy { x, y, colour in screen[x, y] == colour }
    }
  }

  @Test func eachFingerDrawsItsOwnStrokeInItsOwnColourAndClearWipesTheCanvas() throws {
    let session = try FakeSeatSession()
    try session.launch([Self.executable("FingerPaint").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    #expect(session.compositor.screenshot()[x + 300, y + 300] == Self.white)

    try session.run("drag \(x + 60) \(y + 100) \(x + 400) \(y + 100) 200ms")
    try Self.waitFor("strokes 1 colours 1", pixels: [(x + 230, y + 100, Self.red)], in: session)

    // Two fingers down in one frame: the left one gets the first colour, the right one the second.
    try session.run(
      """
      touch down 1 \(x + 100) \(y + 200)
      touch down 2 \(x + 300) \(y + 200)
      touch frame
      touch move 1 \(x + 100) \(y + 400)
      touch move 2 \(x + 300) \(y + 400)
      touch frame
      touch up 1
      touch up 2
      touch frame
      """)
    try Self.waitFor(
      "strokes 3 colours 2", pixels: [(x + 100, y + 300, Self.red), (x + 300, y + 300, Self.green)],
      in: session)

    // The Clear button in the top-right corner (640-point-wide window).
    try session.run("tap \(x + 588) \(y + 30)")
    try Self.waitFor(
      "strokes 0 colours 0", pixels: [(x + 230, y + 100, Self.white), (x + 300, y + 300, Self.white)],
      in: session)
  }

  @Test func theCanvasFillsAResizedWindowAndClearStaysInItsTopRightCorner() throws {
    var configuration = FakeSeatSession.defaultConfiguration
    (configuration.outputWidth, configuration.outputHeight) = (1024, 768)
    let session = try FakeSeatSession(configuration: configuration)
    try session.launch([Self.executable("FingerPaint").path])
    let first = try session.waitForWindow()
    try session.compositor.configureWindow(first.id, width: 900, height: 600)
    try session.compositor.pump(until: "the 900×600 frame") {
      session.compositor.windows.first.map { ($0.width, $0.height) == (900, 600) } ?? false
    }
    let (x, y) = (Int(first.x!), Int(first.y!))
    try session.run("drag \(x + 700) \(y + 550) \(x + 880) \(y + 550) 200ms")
    try Self.waitFor("strokes 1 colours 1", pixels: [(x + 800, y + 550, Self.red)], in: session)
    // The Clear button, 96 points from the right edge of the 900-point-wide window.
    try session.run("tap \(x + 848) \(y + 30)")
    try Self.waitFor("strokes 0 colours 0", pixels: [(x + 800, y + 550, Self.white)], in: session)
  }

  @Test func aMotionRedrawsOnlyTheNewSegment() throws {
    // Input times on a manual clock, 50 ms apart, so the finger's predicted path (drawn, then repaired
    // by the next motion) does not depend on how fast the test's steps ran: with real times it reached
    // past the segment about one run in four.
    var configuration = FakeSeatSession.defaultConfiguration
    configuration.clock = .manual(start: 1_000)
    let session = try FakeSeatSession(configuration: configuration)
    try session.launch([Self.executable("FingerPaint").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    try session.run("touch down 1 \(x + 100) \(y + 200)\ntouch frame")
    // A few segments first, so that every buffer of the swap chain has been drawn once.
    for step in 1...4 {
      if step == 4 { session.compositor.clearRequestLog() }
      session.compositor.advanceClock(milliseconds: 50)
      try session.run("touch move 1 \(x + 100 + 30 * step) \(y + 200)\ntouch frame")
      try session.compositor.pump(until: "segment \(step)") {
        session.compositor.screenshot()[x + 100 + 30 * step, y + 200] == Self.red
      }
    }
    let damage = session.compositor.requestLog.compactMap { request -> Int32? in
      guard request.surface == window.id, case .damage(_, _, let width, let height, _) = request.kind else {
        return nil
      }
      return width * height
    }
    // The last 30-point segment with 8-point round ends: 40 × 10 points and a pixel around, not 640 × 480.
    #expect(!damage.isEmpty)
    #expect(damage.reduce(0, +) <= 42 * 12, "damage areas: \(damage)")
  }

  /// `bash Examples/demo` (the README's first command) without `WAYLAND_DISPLAY`, with the programs this
  /// test run built (`TACTILE_BIN`, so the script installs and builds nothing).
  @Test func theDemoCommandWithoutAWaylandSessionPlaysItsSessionAndWritesTheFrames() throws {
    let session = try FakeSeatSession()
    let frames = session.directory + "/frames"
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let demo = try session.launch(
      ["env", "-u", "WAYLAND_DISPLAY", "bash", root.appending(path: "Examples/demo").path],
      environment: [
        "TACTILE_BIN": Self.executable("FingerPaint").deletingLastPathComponent().path,
        "TACTILE_DEMO_FRAMES": frames,
      ])
    try session.compositor.pump(until: "Examples/demo to finish", timeoutMilliseconds: 60_000) {
      demo.exitStatus != nil
    }
    #expect(demo.exitStatus == 0)
    // What it plays, FingerPaint's state lines, then where the frames are.
    let names = ["1-empty", "2-one-finger", "3-three-fingers", "4-cleared"].map { "\(frames)/\($0).png\n" }
    #expect(
      session.log(of: "env")
        == "demo: no WAYLAND_DISPLAY: playing Examples/demo-session.txt through FingerPaint on the fake "
        + "compositor\nstrokes 1 colours 1\nstrokes 4 colours 3\nstrokes 0 colours 0\n"
        + "demo: frames written to \(frames):\n" + names.joined())
    let strokes = try PNGCodec.decode(
      Array(Data(contentsOf: URL(fileURLWithPath: frames + "/3-three-fingers.png"))))
    #expect(strokes.pixels.contains(Self.green.argb))
    let cleared = try PNGCodec.decode(
      Array(Data(contentsOf: URL(fileURLWithPath: frames + "/4-cleared.png"))))
    #expect(!cleared.pixels.contains(Self.red.argb))
  }
}
