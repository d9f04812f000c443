import CHarfBuzz
import Synchronization

/// A face as HarfBuzz shapes with it: its font at a scale of one unit per font unit, so that shaped
/// positions divide by ``unitsPerEm`` into ems whatever size the text is drawn at.
///
/// One per face in the process (``shared(_:)``), kept for its lifetime like the font files themselves:
/// HarfBuzz fonts are immutable once made and may shape on any thread, and a face keeps the shaping
/// plans HarfBuzz makes for it, so every font system shares them.
final class HarfBuzzFont: Sendable {
  nonisolated(unsafe) let font: OpaquePointer
  let unitsPerEm: Double

  private static let made = Mutex<[FontFace: HarfBuzzFont?]>([:])

  /// The process's HarfBuzz font for `face`, made on first use; nil when HarfBuzz cannot read it.
  static func shared(_ face: FontFace) -> HarfBuzzFont? {
    made.withLock { fonts in
      if let font = fonts[face] { return font }
      let font = HarfBuzzFont(face)
      fonts[face] = .some(font)
      return font
    }
  }

  /// HarfBuzz's font for `face`, read from its file (mapped, not copied); nil when HarfBuzz cannot.
  private init?(_ face: FontFace) {
    guard let blob = hb_blob_create_from_file(face.path) else { return nil }
    defer { hb_blob_destroy(blob) }
    guard let hbFace = hb_face_create(blob, UInt32(face.index)) else { return nil }
    defer { hb_face_destroy(hbFace) }
    let upem = hb_face_get_upem(hbFace)
    guard upem > 0, let font = hb_font_create(hbFace) else { return nil }
    hb_ot_font_set_funcs(font)
    hb_font_set_scale(font, Int32(upem), Int32(upem))
    self.font = font
    unitsPerEm = Double(upem)
  }

  deinit { hb_font_destroy(font) }
}

extension FontSystem {
  /// Pieces of shaped text kept before the word cache is emptied.
  public static let wordCacheLimit = 4096

  /// HarfBuzz's font for loaded face `id` (``HarfBuzzFont/shared(_:)``, looked up once per face); nil
  /// when HarfBuzz cannot read it.
  static func harfBuzzFont(_ id: Int, _ s: inout State) -> HarfBuzzFont? {
    while s.harfBuzzFonts.count <= id { s.harfBuzzFonts.append(.none) }
    if let made = s.harfBuzzFonts[id] { return made }
    let made = HarfBuzzFont.shared(s.loadedFaces[id])
    s.harfBuzzFonts[id] = .some(made)
    return made
  }

  /// `scalars` shaped in face `id` in one direction (cached by face, direction and scalars); nil when
  /// HarfBuzz cannot read the face. Control characters get no glyph. Glyphs of a colour bitmap face
  /// advance by their strike's advance (`FontSystem+ColorGlyphs.swift`), not by HarfBuzz's.
  static func shape(_ scalars: ArraySlice<UInt32>, face id: Int, rightToLeft: Bool, _ s: inout State)
    -> ShapedWord?
  {
    let key = ShapedWord.key(face: id, rightToLeft: rightToLeft, scalars: scalars)
    if let cached = s.words[key], cached.scalars.elementsEqual(scalars) { return cached }
    guard let font = harfBuzzFont(id, &s) else { return nil }
    let buffer = s.shapingBuffer
    hb_buffer_clear_contents(buffer)
    scalars.withUnsafeBufferPointer {
      hb_buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
    }
    hb_buffer_guess_segment_properties(buffer)
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_shape(font.font, buffer, nil, 0)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)!
    let positions = hb_buffer_get_glyph_positions(buffer, &count)!
    let scale = 1 / font.unitsPerEm
    // A colour bitmap face advances by its strike's advances, as its images are scaled.
    let strike = s.colorStrikes[id]
    var glyphs = [ShapedWord.Glyph]()
    glyphs.reserveCapacity(Int(count))
    var x = 0.0
    let first = scalars.startIndex
    for i in 0..<Int(count) {
      let cluster = Int32(infos[i].cluster)
      let scalar = scalars[first + Int(cluster)]
      let isControl = scalar < 0x20 || scalar == 0x7F
      var advance = isControl ? 0 : Double(positions[i].x_advance) * scale
      if !isControl, let strike, let scaled = strikeAdvance(id, infos[i].codepoint, strike, &s) {
        advance = scaled
      }
      glyphs.append(
        ShapedWord.Glyph(
          glyph: isControl ? Self.noGlyph : infos[i].codepoint, cluster: cluster, x: x,
          offset: (Double(positions[i].x_offset) * scale, Double(positions[i].y_offset) * scale),
          advance: advance))
      x += advance
    }
    let word = ShapedWord(scalars: Array(scalars), glyphs: glyphs, advance: x)
    if s.words[key] == nil { s.words.insert(word, for: key, cost: glyphs.count) }
    return word
  }

  /// The glyph index that marks a control character's place: nothing is drawn for it.
  static let noGlyph = UInt32.max
}
