import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// `Examples/screenshots`, the command that regenerates the pictures of the examples (`docs/examples.md`).
@MainActor @Suite struct ExampleScreenshotsTests {
  static let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let pictures = [
    "fingerpaint", "gesture-gallery", "photo-sorter", "photo-strip", "photo-viewer", "responder-lab",
    "settings",
    "text-and-controls", "touch-inspector",
  ]

  /// How far two pictures are apart: the mean absolute difference of the colour channels (0–255) and
  /// the share of pixels with a channel off by more than 16.
  static func difference(_ a: Image, _ b: Image) -> (mean: Double, farOff: Double) {
    var total = 0
    var far = 0
    for (p, q) in zip(a.pixels, b.pixels) {
      let channels = [0, 8, 16, 24].map { shift in abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) }
      total += channels.reduce(0, +)
      if channels.contains(where: { $0 > 16 }) { far += 1 }
    }
    return (Double(total) / Double(a.pixels.count * 4), Double(far) / Double(a.pixels.count))
  }

  /// The command writes one picture per example, and each is the one in `docs/` up to rasterizer noise
  /// (so a documented picture cannot silently fall behind its example: rerun the command when this fails).
  @Test func theCommandWritesEachExamplesPictureAsTheDocumentationShowsIt() throws {
    let session = try FakeSeatSession()
    let output = session.directory + "/pictures"
    let products = FingerPaintExampleTests.executable("tactile-compositor").deletingLastPathComponent().path
    let command = try session.launch(
      ["bash", Self.repository.appending(path: "Examples/screenshots").path, output],
      environment: ["TACTILE_BIN": products])
    try session.compositor.pump(until: "Examples/screenshots to finish", timeoutMilliseconds: 120_000) {
      command.exitStatus != nil
    }
    #expect(command.exitStatus == 0, "\(session.log(of: "bash"))")
    for name in Self.pictures {
      let written = try PNGCodec.decode(Array(try Data(contentsOf: URL(filePath: "\(output)/\(name).png"))))
      let documented = try PNGCodec.decode(
        Array(try Data(contentsOf: Self.repository.appending(path: "docs/\(name).png"))))
      #expect((written.width, written.height) == (640, 480), "\(name)")
      #expect((documented.width, documented.height) == (written.width, written.height), "\(name)")
      let (mean, farOff) = Self.difference(written, documented)
      #expect(mean < 1 && farOff < 0.005, "\(name): mean \(mean), \(farOff * 100) % far off")
    }
  }
}
