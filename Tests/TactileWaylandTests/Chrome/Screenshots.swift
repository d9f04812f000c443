import Foundation
import TactileFakeSeat
import TactileRaster

/// Saving the documentation's pictures: when `TACTILE_SCREENSHOT_DIR` is set, the fake compositor's screen,
/// cropped to `width` × `height` from its top-left corner, is written there as `name`.
///
/// - Throws: A ``TactileRaster/RasterError`` or ``TactileRaster/PNGError`` when the crop or the encoding
///   fails, or a file system error.
func saveDocumentationScreenshot(
  of compositor: FakeCompositor, named name: String, width: Int, height: Int
) throws {
  guard let directory = ProcessInfo.processInfo.environment["TACTILE_SCREENSHOT_DIR"] else { return }
  let screen = compositor.screenshot()
  let columns = min(width, screen.width)
  let rows = min(height, screen.height)
  var pixels: [UInt32] = []
  pixels.reserveCapacity(columns * rows)
  for y in 0..<rows {
    pixels.append(contentsOf: screen.pixels[(y * screen.width)..<(y * screen.width + columns)])
  }
  let png = try PNGCodec.encode(Image(width: columns, height: rows, pixels: pixels))
  try Data(png).write(to: URL(fileURLWithPath: directory + "/" + name))
}
