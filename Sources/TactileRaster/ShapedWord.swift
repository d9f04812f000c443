/// A word, a run of spaces or another piece of a run shaped by HarfBuzz in one face and direction:
/// glyphs in visual order (left to right), positions in ems of the font's size.
///
/// Words are what the font system caches shaping by (`FontSystem`'s word cache): they repeat across a
/// text and across frames, where whole lines rarely do.
final class ShapedWord: Sendable {
  /// One glyph of the piece.
  struct Glyph {
    /// The glyph's index in the piece's face.
    var glyph: UInt32
    /// The first scalar of the glyph's cluster, as an offset in the piece.
    var cluster: Int32
    /// The pen position's distance from the piece's left edge, in ems.
    var x: Double
    /// How far the glyph is drawn right of and above its pen position, in ems (marks, kerning).
    var offset: (x: Double, y: Double)
    /// How far the glyph moves the pen, in ems.
    var advance: Double
  }

  /// The piece's scalars (the cache compares them: its key is only their hash).
  let scalars: [UInt32]
  let glyphs: [Glyph]
  /// The piece's width in ems.
  let advance: Double

  init(scalars: [UInt32], glyphs: [Glyph], advance: Double) {
    self.scalars = scalars
    self.glyphs = glyphs
    self.advance = advance
  }

  /// The cache key of a piece: its face, direction and scalars hashed into 64 bits (FNV-1a), never
  /// ``BoundedCache``'s empty key.
  static func key(face: Int, rightToLeft: Bool, scalars: ArraySlice<UInt32>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(face) << 1 ^ (rightToLeft ? 1 : 0)
    for scalar in scalars { hash = (hash ^ UInt64(scalar)) &* 0x0000_0100_0000_01B3 }
    return hash == BoundedCache<ShapedWord>.empty ? 0 : hash
  }
}
