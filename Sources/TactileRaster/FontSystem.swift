import CFreeType
import Synchronization

/// Loads fonts with FreeType, picks a face for each character (the requested face, then the fallback
/// list), measures text, and caches rendered glyphs by face, glyph, size and quarter-pixel offset.
///
/// Thread-safe: every FreeType call happens under one lock. ``shared`` is what canvases use by default.
/// Layout is simple: one glyph per Unicode scalar, advances without kerning or shaping.
public final class FontSystem: Sendable {
  /// The process-wide font system, with ``FontFace/cjkFallbacks``.
  public static let shared = FontSystem()

  /// Glyph images kept before the cache is emptied and starts again.
  public static let glyphCacheLimit = 8192

  struct State: ~Copyable {
    var library: FT_Library?
    var faces: [FontFace: FT_Face] = [:]
    var missing: Set<FontFace> = []
    var glyphs: [GlyphKey: GlyphBitmap] = [:]
    var advances: [GlyphKey: Double] = [:]
    var sizedFace: (FT_Face, Int)?

    deinit {
      for face in faces.values { FT_Done_Face(face) }
      if let library { FT_Done_FreeType(library) }
    }
  }

  let state: Mutex<State>
  /// Faces tried after the requested one for characters it lacks.
  public let fallbacks: [FontFace]

  /// - Parameter fallbacks: faces tried in order for characters a font's face does not have.
  public init(fallbacks: [FontFace] = FontFace.cjkFallbacks) {
    var library: FT_Library?
    if FT_Init_FreeType(&library) != 0 { library = nil }
    state = Mutex(State(library: library))
    self.fallbacks = fallbacks
  }

  /// Whether `face` can be loaded (its file exists and FreeType reads it).
  public func canLoad(_ face: FontFace) -> Bool {
    state.withLock { Self.load(face, &$0) != nil }
  }

  /// Vertical metrics of `font`, or zeros when its face cannot be loaded.
  public func metrics(of font: Font) -> FontMetrics {
    state.withLock { s in
      guard font.isUsable, let face = Self.load(font.face, &s), let size = Self.setSize(face, font.size, &s)
      else { return FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
      let m = face.pointee.size.pointee.metrics
      _ = size
      return FontMetrics(
        ascent: Double(m.ascender) / 64, descent: Double(-m.descender) / 64, lineHeight: Double(m.height) / 64
      )
    }
  }

  /// The width of `text` set on one line in `font`: the sum of its glyphs' advances.
  public func advance(of text: String, font: Font) -> Double {
    guard font.isUsable else { return 0 }
    let placed = layout(text, font: font, pixelSize: font.size)
    return placed.width
  }

  /// Chooses faces and pen positions for `text` at `pixelSize` (device pixels).
  func layout(_ text: String, font: Font, pixelSize: Double) -> (glyphs: [PlacedGlyph], width: Double) {
    state.withLock { s in
      var glyphs = [PlacedGlyph]()
      var x = 0.0
      let size = Int((pixelSize * 64).rounded())
      for scalar in text.unicodeScalars {
        guard let (face, glyph) = choose(scalar, primary: font.face, &s) else { continue }
        glyphs.append(PlacedGlyph(face: face, glyph: glyph, x: x))
        x += Self.advance(of: GlyphKey(face: face, glyph: glyph, size: size, subpixel: 0), &s)
      }
      return (glyphs, x)
    }
  }

  /// The glyph image for `key`, rendering and caching it on first use; nil for an empty glyph or a face
  /// that cannot be loaded.
  func bitmap(_ key: GlyphKey) -> GlyphBitmap? {
    state.withLock { s in
      if let cached = s.glyphs[key] { return cached.width > 0 ? cached : nil }
      guard let rendered = Self.render(key, &s) else { return nil }
      if s.glyphs.count >= Self.glyphCacheLimit { s.glyphs.removeAll(keepingCapacity: true) }
      s.glyphs[key] = rendered
      return rendered.width > 0 ? rendered : nil
    }
  }

  /// The face and glyph index for a character: the primary face if it has the character, else the first
  /// fallback that has it, else the primary face's missing-glyph box. Control characters are skipped.
  private func choose(_ scalar: Unicode.Scalar, primary: FontFace, _ s: inout State) -> (FontFace, UInt32)? {
    if scalar.value < 0x20 || scalar.value == 0x7F { return nil }
    for candidate in [primary] + fallbacks {
      guard let face = Self.load(candidate, &s) else { continue }
      let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
      if index != 0 { return (candidate, index) }
    }
    return Self.load(primary, &s) != nil ? (primary, 0) : nil
  }
}
