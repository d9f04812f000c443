import CFreeType

extension FontSystem {
  /// The id of the loaded face, loading it on first use; nil (remembered) when it cannot be read.
  static func load(_ face: FontFace, _ s: inout State) -> Int? {
    if let last = s.lastFace, last.face == face { return last.id }
    if let id = s.faceIDs[face] {
      guard id >= 0 else { return nil }
      s.lastFace = (face, id)
      return id
    }
    var handle: FT_Face?
    guard let library = s.library, FT_New_Face(library.handle, face.path, FT_Long(face.index), &handle) == 0,
      let handle
    else {
      s.faceIDs[face] = -1
      return nil
    }
    s.handles.append(handle)
    s.loadedFaces.append(face)
    s.colorStrikes.append(colorStrike(of: handle))
    s.faceIDs[face] = s.handles.count - 1
    return s.handles.count - 1
  }

  /// The glyph index of `scalar` in face `id` (cached; 0 when the face lacks it).
  static func glyphIndex(_ id: Int, _ scalar: UInt32, _ s: inout State) -> UInt32 {
    let key = UInt64(id) << 32 | UInt64(scalar)
    if let cached = s.charmap[key] { return cached }
    let index = UInt32(FT_Get_Char_Index(s.handles[id], FT_ULong(scalar)))
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

  /// The glyph loaded with light hinting (vertical only, so quarter-pixel shifts stay faithful), cached
  /// by face, glyph and size (`key.subpixel` is ignored); nil when FreeType fails.
  static func hintedOutline(_ key: GlyphKey, _ s: inout State) -> HintedOutline? {
    let k = key.atOrigin
    if let cached = s.outlines[k.packed] { return cached }
    let face = s.handles[k.face]
    var glyph: FT_Glyph?
    guard let library = s.library, setSize(k.face, k.size, &s),
      FT_Load_Glyph(face, k.glyph, Int32(tactile_ft_load_target_light)) == 0,
      FT_Get_Glyph(face.pointee.glyph, &glyph) == 0, let glyph
    else { return nil }
    let outline = HintedOutline(glyph, library: library)
    s.outlines.insert(outline, for: k.packed, cost: outline.byteCount)
    return outline
  }

  /// Renders a glyph at its quarter-pixel offset: the hinted outline moved right by `key.subpixel`
  /// quarters and scan-converted by FreeType — the pixels FreeType gives for the glyph loaded with that
  /// offset as its transform, which moves the outline after hinting. Returns an empty bitmap for glyphs
  /// without ink (spaces), nil when FreeType fails.
  static func render(_ key: GlyphKey, _ s: inout State) -> GlyphBitmap? {
    guard let outline = hintedOutline(key, &s) else { return nil }
    var image: FT_Glyph? = outline.glyph
    var offset = FT_Vector(x: FT_Pos(key.subpixel * 16), y: 0)
    // Renders a copy; the cached outline is moved back. A bitmap glyph comes back as itself.
    guard FT_Glyph_To_Bitmap(&image, FT_RENDER_MODE_NORMAL, &offset, 0) == 0, let image else { return nil }
    defer { if image != outline.glyph { FT_Done_Glyph(image) } }
    func empty() -> GlyphBitmap { GlyphBitmap(width: 0, height: 0, left: 0, top: 0) { _ in } }
    guard image.pointee.format == FT_GLYPH_FORMAT_BITMAP else { return empty() }
    let rendered = UnsafeMutableRawPointer(image).assumingMemoryBound(to: FT_BitmapGlyphRec.self).pointee
    let bitmap = rendered.bitmap
    let (width, height) = (Int(bitmap.width), Int(bitmap.rows))
    guard width > 0, height > 0, let buffer = bitmap.buffer,
      bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
    else { return empty() }
    return GlyphBitmap(width: width, height: height, left: Int(rendered.left), top: Int(rendered.top)) {
      coverage in
      for y in 0..<height {
        (coverage.baseAddress! + y * width).update(from: buffer + y * Int(bitmap.pitch), count: width)
      }
    }
  }
}
