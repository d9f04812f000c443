import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// The PhotoViewer example, run as a separate process under the fake seat.
@MainActor @Suite struct PhotoViewerExampleTests {
  /// Runs `script` and waits until the example printed a state line with `suffix`; returns that line.
  static func state(endingWith suffix: String, after script: String, in session: FakeSeatSession) throws
    -> String
  {
    try session.run(script)
    var last = ""
    try session.compositor.pump(until: "a state ending with '\(suffix)'") {
      last = session.log(of: "PhotoViewer").split(separator: "\n").last.map(String.init) ?? ""
      return last.hasSuffix(suffix)
    }
    return last
  }

  @Test func aFlingGlidesOnDoubleTapZoomsAndPinchAndRotationTransformThePhoto() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("PhotoViewer").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))

    // A fast 100-point drag: the photo keeps gliding past where the finger left it.
    let flung = try Self.state(
      endingWith: "scale=1.00 rotation=0", after: "drag \(x + 320) \(y + 240) \(x + 420) \(y + 240) 100ms",
      in: session)
    let centerX = try #require(Int(flung.dropFirst("center=".count).prefix { $0 != "," }))
    #expect(centerX > 420, "\(flung)")
    #expect(flung.contains(",240 "), "\(flung)")

    _ = try Self.state(
      endingWith: "scale=2.00 rotation=0", after: "tap \(x + 320) \(y + 240)\ntap \(x + 320) \(y + 240)",
      in: session)
    _ = try Self.state(
      endingWith: "scale=4.00 rotation=0", after: "pinch \(x + 320) \(y + 240) 40 80 300ms", in: session)
    _ = try Self.state(
      endingWith: "scale=4.00 rotation=90", after: "rotate \(x + 320) \(y + 240) 60 90 300ms", in: session)

    // Zoomed four times, the photo covers the whole window: no dark stage pixel at the centre.
    let screen = session.compositor.screenshot()
    #expect(screen[x + 320, y + 240] != Color(white: 0.15).premultiplied)
  }
}
