import CFreeType

/// A glyph's outline as FreeType loaded and hinted it at one size, kept so that each quarter-pixel
/// offset is rendered from it (``FontSystem/render(_:_:)``) without loading and hinting it again.
///
/// Owns its FreeType glyph (an outline, or a bitmap for faces with embedded bitmaps) and the library
/// it came from. Used only under ``FontSystem``'s lock.
final class HintedOutline {
  let glyph: FT_Glyph
  private let library: FreeTypeLibrary

  /// Takes ownership of `glyph`, made from `library`.
  init(_ glyph: FT_Glyph, library: FreeTypeLibrary) {
    self.glyph = glyph
    self.library = library
  }

  deinit { FT_Done_Glyph(glyph) }

  /// Roughly the memory the glyph takes, for the cache's byte limit: the points with their tags and
  /// contour ends of an outline, or the pixels of a bitmap, plus FreeType's structures.
  var byteCount: Int {
    switch glyph.pointee.format {
    case FT_GLYPH_FORMAT_OUTLINE:
      let outline = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_OutlineGlyphRec.self).pointee
        .outline
      return 128 + Int(outline.n_points) * (MemoryLayout<FT_Vector>.size + 1) + Int(outline.n_contours) * 2
    case FT_GLYPH_FORMAT_BITMAP:
      let bitmap = UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_BitmapGlyphRec.self).pointee
        .bitmap
      return 128 + Int(bitmap.rows) * Int(abs(bitmap.pitch))
    default:
      return 128
    }
  }
}
