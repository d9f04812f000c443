import Foundation
import TactileCore
import TactileGeometry
import TactileRaster
import Testing

/// Golden images: a view tree rendered offscreen and compared exactly, pixel for pixel, with a PNG stored
/// in `Tests/TactileTests/Goldens` (read by path from this source file, so a clean clone needs no resource
/// bundle).
///
/// When the rendering differs from the golden, `NAME.actual.png` (what was rendered) and `NAME.diff.png`
/// (differing pixels red, the others a faded grey of the golden) are written beside it and the test fails
/// naming them, the number of differing pixels and the largest channel difference. A missing golden fails
/// too, with `NAME.actual.png` written. To accept a change deliberately, run the tests with
/// `TACTILE_UPDATE_GOLDENS=1`: each golden that differs or is missing is rewritten instead (then look at
/// it before committing). A match removes a stale `.actual.png` and `.diff.png`.
///
/// Text pixels come from FreeType: the goldens are for Debian 12's FreeType (2.12) and DejaVu Sans (what
/// CI installs); another FreeType version may move text pixels.
@MainActor
enum GoldenImage {
  /// Where the goldens are committed.
  static let directory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Goldens")

  /// Whether the environment asks to rewrite goldens (`TACTILE_UPDATE_GOLDENS=1`).
  static var updateRequested: Bool { ProcessInfo.processInfo.environment["TACTILE_UPDATE_GOLDENS"] == "1" }

  /// How a rendering differs from its golden, and where the evidence was written.
  struct Mismatch: Equatable {
    /// Pixels whose words differ (pixels outside the smaller of two different sizes count as differing).
    var differingPixels: Int
    /// The largest difference of one premultiplied 8-bit channel (255 where the sizes differ).
    var maximumDifference: Int
    var actual: URL
    /// Nil when there was no golden to compare with.
    var diff: URL?
  }

  /// Renders `view` and its subtree at `scale` into a transparent image of its bounds' size in pixels
  /// (rounded up), as ``ViewTreeRenderer`` draws a window.
  static func render(_ view: View, scale: Double) throws -> Image {
    let bounds = view.bounds
    var image = try Image(
      width: Int((bounds.width * scale).rounded(.up)), height: Int((bounds.height * scale).rounded(.up)))
    image.withPixmap { pixmap in
      let canvas = Canvas(pixmap: pixmap)
      canvas.scale(x: scale, y: scale)
      canvas.translate(x: -bounds.minX, y: -bounds.minY)
      ViewTreeRenderer.draw(view, in: canvas)
    }
    return image
  }

  /// Compares `image` with the golden `NAME.png` in `directory`.
  ///
  /// - Parameters:
  ///   - image: The rendering.
  ///   - name: The golden's name, without `.png`.
  ///   - directory: Where the golden is and the evidence goes.
  ///   - update: Rewrite the golden instead of reporting a difference.
  /// - Throws: when a file cannot be read, decoded or written.
  /// - Returns: Nil when the golden matches (or was rewritten); otherwise the mismatch, with
  ///   `NAME.actual.png` and, when a golden existed, `NAME.diff.png` written in `directory`.
  static func compare(_ image: Image, named name: String, in directory: URL, update: Bool) throws -> Mismatch?
  {
    let golden = directory.appending(path: "\(name).png")
    let actual = directory.appending(path: "\(name).actual.png")
    let diff = directory.appending(path: "\(name).diff.png")
    let expected = FileManager.default.fileExists(atPath: golden.path) ? try decode(golden) : nil
    if expected == image || update {
      if expected != image { try write(image, to: golden) }
      for stale in [actual, diff] where FileManager.default.fileExists(atPath: stale.path) {
        try FileManager.default.removeItem(at: stale)
      }
      return nil
    }
    try write(image, to: actual)
    guard let expected else {
      return Mismatch(
        differingPixels: image.width * image.height, maximumDifference: 255, actual: actual, diff: nil)
    }
    let comparison = try GoldenComparison(expected: expected, actual: image)
    try write(comparison.diff, to: diff)
    return Mismatch(
      differingPixels: comparison.differingPixels, maximumDifference: comparison.maximumDifference,
      actual: actual, diff: diff)
  }

  /// Renders `view` at `scale` and records a test failure unless it equals the golden `NAME.png`.
  static func expect(
    _ view: View, matches name: String, scale: Double = 1, in directory: URL = directory,
    update: Bool = updateRequested, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let image = try render(view, scale: scale)
    guard let mismatch = try compare(image, named: name, in: directory, update: update) else { return }
    if let diff = mismatch.diff {
      Issue.record(
        """
        \(name): \(mismatch.differingPixels) pixels differ from \(name).png (largest channel difference \
        \(mismatch.maximumDifference)); see \(mismatch.actual.path) and \(diff.path). If the change is \
        intended, rerun with TACTILE_UPDATE_GOLDENS=1.
        """, sourceLocation: sourceLocation)
    } else {
      Issue.record(
        """
        \(name): no golden \(name).png; the rendering is in \(mismatch.actual.path). Look at it and rerun \
        with TACTILE_UPDATE_GOLDENS=1 to accept it.
        """, sourceLocation: sourceLocation)
    }
  }

  private static func decode(_ url: URL) throws -> Image {
    try PNGCodec.decode([UInt8](try Data(contentsOf: url)))
  }

  private static func write(_ image: Image, to url: URL) throws {
    try Data(PNGCodec.encode(image)).write(to: url, options: .atomic)
  }
}
