import CFreeType

/// Colour glyphs: faces with colour bitmap strikes (Noto Color Emoji's CBDT table has one, 109 pixels
/// per em) are drawn from their largest strike, loaded in colour and scaled to the size drawn at
/// (`ColorGlyph`). Their advances are the strike's, scaled the same way, so that a line is as wide
/// as the images drawn on it.
extension FontSystem {
  /// Colour glyph images kept before the colour glyph cache is emptied.
  public static let colorGlyphCacheLimit = 1024
  /// Bytes of colour glyph pixels (four per pixel) kept before the colour glyph cache is emptied:
  /// 8 MiB, about two thousand emoji at 16 px or a hundred and twenty at 64 px.
  public static let colorGlyphCacheByteLimit = 8 << 20

  /// A face's colour bitmap strike: which of its fixed sizes, and its pixels per em.
  struct ColorStrike {
    var index: Int32
    var pixelsPerEm: Double
  }

  /// The largest colour bitmap strike of `face`; nil for a face without colour (`FT_HAS_COLOR`) or
  /// without fixed sizes (an outline font).
  static func colorStrike(of face: FT_Face) -> ColorStrike? {
    let f = face.pointee
    guard f.face_flags & FT_Long(tactile_ft_face_flag_color) != 0, f.num_fixed_sizes > 0,
      let sizes = f.available_sizes
    else { return nil }
    let largest = (0..<Int(f.num_fixed_sizes)).max { sizes[$0].y_ppem < sizes[$1].y_ppem }!
    guard sizes[largest].y_ppem > 0 else { return nil }
    return ColorStrike(index: Int32(largest), pixelsPerEm: Double(sizes[largest].y_ppem) / 64)
  }

  /// Selects face `id`'s colour strike and loads `glyph` from it with `flags`; false when FreeType
  /// fails.
  private static func loadFromStrike(
    _ id: Int, _ glyph: UInt32, _ strike: ColorStrike, flags: Int32, _ s: inout State
  ) -> Bool {
    let face = s.handles[id]
    if s.sizedFace?.0 == id { s.sizedFace = nil }  // the strike replaces the size set
    return FT_Select_Size(face, strike.index) == 0 && FT_Load_Glyph(face, glyph, flags) == 0
  }

  /// The advance of `glyph` in face `id`'s colour strike, in ems (the strike's advance over its pixels
  /// per em); nil when FreeType cannot load it. Reads the bitmap's metrics only.
  static func strikeAdvance(_ id: Int, _ glyph: UInt32, _ strike: ColorStrike, _ s: inout State) -> Double? {
    let flags = Int32(tactile_ft_load_color | tactile_ft_load_bitmap_metrics_only)
    guard loadFromStrike(id, glyph, strike, flags: flags, &s) else { return nil }
    return Double(s.handles[id].pointee.glyph.pointee.advance.x) / 64 / strike.pixelsPerEm
  }

  /// The colour image for `key` (loaded from the strike, scaled and cached on first use; `key.subpixel`
  /// is ignored: images sit on whole pixels); nil for a glyph without ink or one FreeType cannot load.
  static func colorGlyph(_ key: GlyphKey, _ strike: ColorStrike, _ s: inout State) -> ColorGlyph? {
    let k = key.atOrigin
    if let cached = s.colorGlyphs[k.packed] { return cached.width > 0 ? cached : nil }
    guard loadFromStrike(k.face, k.glyph, strike, flags: Int32(tactile_ft_load_color), &s) else { return nil }
    let slot = s.handles[k.face].pointee.glyph.pointee
    let bitmap = slot.bitmap
    let image: ColorGlyph
    if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
      Int(bitmap.pitch) >= Int(bitmap.width) * 4, let buffer = bitmap.buffer
    {
      image = ColorGlyph(
        bgra: buffer, width: Int(bitmap.width), height: Int(bitmap.rows), pitch: Int(bitmap.pitch),
        left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
        scale: Double(k.size) / 64 / strike.pixelsPerEm)
    } else {
      image = ColorGlyph()
    }
    s.colorGlyphs.insert(image, for: k.packed, cost: image.pixels.count * 4)
    return image.width > 0 ? image : nil
  }
}
