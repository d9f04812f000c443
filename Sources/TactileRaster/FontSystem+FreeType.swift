import CFreeType

extension FontSystem {
  /// The id of the loaded face, loading it on first use; nil (remembered) when it cannot be read.
  static func load(_ face: FontFace, _ s: inout State) -> Int? {
    if let id = s.faceIDs[face] { return id >= 0 ? id : nil }
    var handle: FT_Face?
    guard let library = s.library, FT_New_Face(library, face.path, FT_Long(face.index), &handle) == 0,
      let handle
    else {
      s.faceIDs[face] = -1
      return nil
    }
    s.handles.append(handle)
    s.loadedFaces.append(face)
    s.faceIDs[face] = s.handles.count - 1
    return s.handles.count - 1
  }

  /// The glyph index of `scalar` in face `id` (cached; 0 when the face lacks it).
  static func glyphIndex(_ id: Int, _ scalar: Unicode.Scalar, _ s: inout State) -> UInt32? {
    let key = UInt64(id) << 32 | UInt64(scalar.value)
    if let cached = s.charmap[key] { return cached }
    let index = UInt32(FT_Get_Char_Index(s.handles[id], FT_ULong(scalar.value)))
    s.charmap.insert(index, for: key)
    return index
  }

  /// Sets face `id`'s pixel size (1/64 pixel units), skipping the call when it is already set.
  static func setSize(_ id: Int, _ size64: Int, _ s: inout State) -> Bool {
    if let (current, currentSize) = s.sizedFace, current == id, currentSize == size64 { return true }
    guard size64 > 0, FT_Set_Char_Size(s.handles[id], 0, FT_F26Dot6(size64), 72, 72) == 0 else {
      return false
    }
    s.sizedFace = (id, size64)
    return true
  }

  /// The unhinted advance of a glyph in pixels (cached; `key.subpixel` is ignored).
  static func advance(_ key: GlyphKey, _ s: inout State) -> Double {
    let k = GlyphKey(face: key.face, glyph: key.glyph, size: key.size, subpixel: 0)
    if let cached = s.advances[k.packed] { return cached }
    let face = s.handles[k.face]
    guard setSize(k.face, k.size, &s),
      FT_Load_Glyph(face, k.glyph, Int32(tactile_ft_load_no_hinting | tactile_ft_load_no_bitmap)) == 0
    else { return 0 }
    let value = Double(face.pointee.glyph.pointee.linearHoriAdvance) / 65536
    s.advances.insert(value, for: k.packed)
    return value
  }

  /// Renders a glyph with light hinting (vertical only, so quarter-pixel shifts stay faithful).
  /// Returns an empty bitmap for glyphs without ink (spaces), nil when FreeType fails.
  static func render(_ key: GlyphKey, _ s: inout State) -> GlyphBitmap? {
    let face = s.handles[key.face]
    guard setSize(key.face, key.size, &s) else { return nil }
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
