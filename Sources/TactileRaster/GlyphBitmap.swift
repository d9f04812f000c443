/// A glyph rendered by FreeType: 8-bit coverage rows and where they sit relative to the pen.
final class GlyphBitmap: Sendable {
  let width: Int
  let height: Int
  /// Pixels from the pen position to the left column (may be negative).
  let left: Int
  /// Pixels from the baseline up to the top row.
  let top: Int
  /// Coverage, `width` bytes per row.
  let coverage: [UInt8]

  init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
    self.width = width
    self.height = height
    self.left = left
    self.top = top
    self.coverage = coverage
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

  /// All fields in one word, the cache's dictionary key: face (14 bits), subpixel (2), size (24),
  /// glyph (24).
  var packed: UInt64 {
    UInt64(truncatingIfNeeded: face) << 50 | UInt64(truncatingIfNeeded: subpixel & 3) << 48
      | (UInt64(truncatingIfNeeded: size) & 0xFF_FFFF) << 24 | UInt64(glyph & 0xFF_FFFF)
  }
}

/// A glyph chosen for one character: which face, which glyph index, and how far it moves the pen.
struct PlacedGlyph {
  var face: FontFace
  /// The face's id in its ``FontSystem``.
  var faceID: Int
  var glyph: UInt32
  /// Horizontal pen position of the glyph origin, in pixels from the start of the line.
  var x: Double
}
