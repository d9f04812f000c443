import Foundation
import TactileRaster

extension FakeCompositor {
  /// The output as the user would see it: every mapped surface, bottom to top, drawn source-over onto an
  /// opaque black background of the output's size (logical pixels; buffers with a scale or viewport are
  /// sampled nearest-neighbour to their surface size).
  ///
  /// - Complexity: O(output pixels + drawn surface pixels).
  public func screenshot() -> Image {
    let width = Int(configuration.outputWidth)
    let height = Int(configuration.outputHeight)
    var pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
    for surface in drawOrder() {
      guard let image = surface.image, let origin = origin(of: surface) else { continue }
      let size = surface.size
      let columns = max(0, min(Int(size.width), width - Int(origin.x)))
      let rows = max(0, min(Int(size.height), height - Int(origin.y)))
      for y in max(0, -Int(origin.y))..<max(0, rows) {
        let sourceY = y * image.height / max(1, Int(size.height))
        let target = (Int(origin.y) + y) * width + Int(origin.x)
        for x in max(0, -Int(origin.x))..<max(0, columns) {
          let sourceX = x * image.width / max(1, Int(size.width))
          pixels[target + x] = sourceOver(image.pixels[sourceY * image.width + sourceX], pixels[target + x])
        }
      }
    }
    return try! Image(width: width, height: height, pixels: pixels)
  }

  /// The last committed buffer of a surface (its own pixels, unscaled), or nil if none is attached.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)``.
  public func contents(ofSurface id: Int) throws -> Image? {
    guard let surface = surfaces.first(where: { $0.id == id }) else {
      throw FakeSeatError.unknownSurface(id: id)
    }
    return surface.image
  }

  /// Writes ``screenshot()`` as a PNG file.
  ///
  /// - Throws: ``/TactileRaster/PNGError`` or a file system error.
  public func writeScreenshot(to path: String) throws {
    let data = try PNGCodec.encode(screenshot())
    try Data(data).write(to: URL(fileURLWithPath: path))
  }
}

/// Premultiplied source-over of one ARGB8888 pixel onto another.
func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
  let alpha = source >> 24
  if alpha == 255 { return source }
  if alpha == 0 { return destination }
  let inverse = 255 - alpha
  var result: UInt32 = 0
  for shift in stride(from: UInt32(0), through: 24, by: 8) {
    let s = (source >> shift) & 0xFF
    let d = (destination >> shift) & 0xFF
    result |= min(255, s + (d * inverse + 127) / 255) << shift
  }
  return result
}
