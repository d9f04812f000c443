/// A glyph rendered by FreeType: 8-bit coverage rows and where they sit relative to the pen.
final class GlyphBitmap: Sendable {
  let width: Int
  let height: Int
  /// Pixels from the pen position to the left column (may be negative).
  let left: Int
  /// Pixels from the baseline up to the top row.
  let top: Int
  /// Coverage, `width` bytes per row, then ``overread`` zero bytes (none for an empty image) so that a
  /// kernel may load eight bytes from any pixel.
  let coverage: [UInt8]

  /// Bytes after the last row that may be read: eight-byte loads from its last pixel stay inside.
  static let overread = 7

  /// - Parameters:
  ///   - width: Columns of the image (0 for a glyph without ink).
  ///   - height: Rows of the image.
  ///   - left: Pixels from the pen position to the left column.
  ///   - top: Pixels from the baseline up to the top row.
  ///   - fill: Writes the `width × height` coverage bytes, row after row, into the zeroed buffer.
  init(width: Int, height: Int, left: Int, top: Int, fill: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
    self.width = width
    self.height = height
    self.left = left
    self.top = top
    let pixels = width * height
    var coverage = [UInt8](repeating: 0, count: pixels > 0 ? pixels + Self.overread : 0)
    coverage.withUnsafeMutableBufferPointer { fill(UnsafeMutableBufferPointer(rebasing: $0[..<pixels])) }
    self.coverage = coverage
  }
}

/// A glyph image as drawing gets it: coverage painted in the text's paint, or a colour image drawn as
/// it is.
enum GlyphImage {
  case coverage(GlyphBitmap)
  case color(ColorGlyph)

  /// Pixels from the pen position to the image's left column.
  var left: Int {
    switch self {
    case .coverage(let b): b.left
    case .color(let c): c.left
    }
  }

  /// Pixels from the baseline up to the image's top row.
  var top: Int {
    switch self {
    case .coverage(let b): b.top
    case .color(let c): c.top
    }
  }
}

/// What identifies a cached glyph image.
struct GlyphKey: Hashable {
  /// The face's id in its ``FontSystem``.
  var face: Int
  var glyph: UInt32
  /// The pixel size in 1/64 pixel.
  var size: Int
  /// The pen's fractional x position, in quarters of a pixel (0...3).
  var subpixel: Int

  /// The same glyph at offset 0: the key of what does not depend on the offset (outline, advance).
  var atOrigin: GlyphKey { GlyphKey(face: face, glyph: glyph, size: size, subpixel: 0) }

  /// All fields in one word, the cache's dictionary key: face (14 bits), subpixel (2), size (24),
  /// glyph (24).
  var packed: UInt64 {
    UInt64(truncatingIfNeeded: face) << 50 | UInt64(truncatingIfNeeded: subpixel & 3) << 48
      | (UInt64(truncatingIfNeeded: size) & 0xFF_FFFF) << 24 | UInt64(glyph & 0xFF_FFFF)
  }
}

/// A glyph laid out on a line: which face, which glyph index, and where it is drawn.
struct PlacedGlyph {
  var face: FontFace
  /// The face's id in its ``FontSystem``.
  var faceID: Int
  var glyph: UInt32
  /// Horizontal position of the glyph origin, in pixels from the start of the line.
  var x: Double
  /// How far above the baseline the glyph origin is, in pixels (marks over letters).
  var y: Double
}
