import Foundation
import Glibc
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
    var placed = drawOrder().compactMap { surface in origin(of: surface).map { (surface, $0) } }
    if let icon = dragIconPlacement() { placed.append((icon.surface, (icon.x, icon.y))) }
    for (surface, origin) in placed {
      guard let image = surface.image else { continue }
      let size = (width: Int(surface.size.width), height: Int(surface.size.height))
      // The part of the surface on the output, in surface-local rows and columns (empty when the surface
      // lies wholly beside the output, on any side).
      let rows = visibleRange(at: origin.y, length: size.height, within: height)
      let columns = visibleRange(at: origin.x, length: size.width, within: width)
      for y in rows {
        let sourceY = y * image.height / max(1, size.height)
        let target = (origin.y + y) * width + origin.x
        for x in columns {
          let sourceX = x * image.width / max(1, size.width)
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
    guard let surface = surfaces[id] else {
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

  /// Writes ``screenshot()`` as the PNG file `name` in `directory`, never outside it: `name` must be a
  /// plain file name, and a symbolic link planted at that name is not followed.
  ///
  /// - Throws: ``FakeSeatError/fileUnwritable(path:errno:)`` (a missing directory, a bad name, a link),
  ///   or ``/TactileRaster/PNGError``.
  public func writeScreenshot(named name: String, inDirectory directory: String) throws {
    let path = (directory as NSString).appendingPathComponent(name)
    guard !name.contains("/"), name != "..", name != "." else {
      throw FakeSeatError.fileUnwritable(path: path, errno: EINVAL)
    }
    let data = try PNGCodec.encode(screenshot())
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FakeSeatError.fileUnwritable(path: path, errno: errno) }
    defer { close(fd) }
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw FakeSeatError.fileUnwritable(path: path, errno: errno) }
      written += count
    }
  }
}

/// The local coordinates of a span at `start` of `length` that fall in `0..<limit`: empty, never
/// inverted, when the span lies before or after it.
func visibleRange(at start: Int, length: Int, within limit: Int) -> Range<Int> {
  let lower = max(0, -start)
  return lower..<max(lower, min(length, limit - start))
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
