import CFreeType

extension FontSystem {
  /// The loaded face, loading it on first use; nil (remembered) when the file cannot be read.
  static func load(_ face: FontFace, _ s: inout State) -> FT_Face? {
    if let loaded = s.faces[face] { return loaded }
    guard !s.missing.contains(face), let library = s.library else { return nil }
    var handle: FT_Face?
    guard FT_New_Face(library, face.path, FT_Long(face.index), &handle) == 0, let handle else {
      s.missing.insert(face)
      return nil
    }
    s.faces[face] = handle
    return handle
  }

  /// Sets the face's pixel size (1/64 pixel units), skipping the call when it is already set.
  @discardableResult
  static func setSize(_ face: FT_Face, _ size: Double, _ s: inout State) -> Int? {
    let size64 = Int((size * 64).rounded())
    return setSize64(face, size64, &s) ? size64 : nil
  }

  static func setSize64(_ face: FT_Face, _ size64: Int, _ s: inout State) -> Bool {
    if let (current, currentSize) = s.sizedFace, current == face, currentSize == size64 { return true }
    guard size64 > 0, FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return false }
    s.sizedFace = (face, size64)
    return true
  }

  /// The unhinted advance of a glyph in pixels (cached; `key.subpixel` is ignored).
  static func advance(of key: GlyphKey, _ s: inout State) -> Double {
    var k = key
    k.subpixel = 0
    if let cached = s.advances[k] { return cached }
    guard let face = load(k.face, &s), setSize64(face, k.size, &s),
      FT_Load_Glyph(face, k.glyph, Int32(tactile_ft_load_no_hinting | tactile_ft_load_no_bitmap)) == 0
    else { return 0 }
    let value = Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
    s.advances[k] = value
    return value
  }

  /// Renders a glyph with light hinting (vertical only, so quarter-pixel shifts stay faithful).
  /// Returns an empty bitmap for glyphs without ink (spaces), nil when FreeType fails.
  static func render(_ key: GlyphKey, _ s: inout State) -> GlyphBitmap? {
    guard let face = load(key.face, &s), setSize64(face, key.size, &s) else { return nil }
    var delta = FT_Vector(x: FT_Pos(key.subpixel * 16), y: 0)
    FT_Set_Transform(face, nil, &delta)
    defer { FT_Set_Transform(face, nil, nil) }
    guard FT_Load_Glyph(face, key.glyph, Int32(tactile_ft_load_target_light)) == 0 else { return nil }
    let slot = face.pointee.glyph!
    guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
    let bitmap = slot.pointee.bitmap
    let (width, height) = (Int(bitmap.width), Int(bitmap.rows))
    guard width > 0, height > 0, let buffer = bitmap.buffer,
      bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
    else {
      return GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])
    }
    var coverage = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      let source = buffer + y * Int(bitmap.pitch)
      for x in 0..<width { coverage[y * width + x] = source[x] }
    }
    return GlyphBitmap(
      width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
      coverage: coverage)
  }
}
