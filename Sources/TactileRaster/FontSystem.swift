import CFreeType
import Synchronization

/// Loads fonts with FreeType, picks a face for each character (the requested face, then the fallback
/// list), measures text, and caches rendered glyphs by face, glyph, size and quarter-pixel offset.
///
/// A glyph is loaded and hinted once per face, glyph and size; its four quarter-pixel offsets are rendered
/// from that hinted outline, shifted (`HintedOutline`).
///
/// The caches are bounded, whatever the number of distinct characters and sizes drawn: each is emptied
/// when it would pass its limit (`BoundedCache`) — glyph images at ``glyphCacheLimit`` images or
/// ``glyphCacheByteLimit`` bytes of coverage, hinted outlines at ``outlineCacheLimit`` outlines or
/// ``outlineCacheByteLimit`` bytes, characters' faces, glyphs and advances at ``layoutCacheLimit``
/// entries each: together at most about 27 MB (with the hash tables and objects). Loaded faces are kept.
///
/// Thread-safe: every FreeType call happens under one lock, and drawing text composites each glyph
/// under it too (`forEachGlyph(in:font:pixelSize:start:_:)`). ``shared`` is what canvases use by
/// default.
/// Layout is simple: one glyph per Unicode scalar, advances without kerning or shaping.
public final class FontSystem: Sendable {
  /// The process-wide font system, with ``FontFace/cjkFallbacks``.
  public static let shared = FontSystem()

  /// Glyph images kept before the cache is emptied and starts again.
  public static let glyphCacheLimit = 8192
  /// Bytes of glyph coverage (one per pixel) kept before the glyph cache is emptied: 16 MiB, a few
  /// thousand glyphs at 14 px or about a hundred at 500 px.
  public static let glyphCacheByteLimit = 16 << 20
  /// Entries kept by each layout cache (a character's glyph in a face; its face, glyph and advance at a
  /// size; a glyph's advance at a size) before it is emptied: 32,768, at most 2 MB per cache.
  public static let layoutCacheLimit = 32768
  /// Hinted outlines kept before the outline cache is emptied.
  public static let outlineCacheLimit = 4096
  /// Approximate bytes of hinted outlines kept before the outline cache is emptied: 4 MiB, about ten
  /// thousand Latin glyphs or a thousand complex CJK ones (an outline's size does not depend on the
  /// pixel size).
  public static let outlineCacheByteLimit = 4 << 20

  struct State: ~Copyable {
    var library: FreeTypeLibrary?
    /// Loaded faces get small integer ids (index into `handles`); −1 marks a face that failed to load.
    var faceIDs: [FontFace: Int] = [:]
    var handles: [FT_Face] = []
    var loadedFaces: [FontFace] = []
    /// The face ``load(_:_:)`` found last: a run looks its face up once, and comparing it with the
    /// last one is cheaper than hashing its path.
    var lastFace: (face: FontFace, id: Int)?
    /// Glyph index by `faceID << 32 | scalar` (0: the face lacks the character).
    var charmap = BoundedCache<UInt32>(entryLimit: layoutCacheLimit)
    /// Glyph images by ``GlyphKey/packed``, costed by their coverage bytes.
    var glyphs = BoundedCache<GlyphBitmap>(entryLimit: glyphCacheLimit, costLimit: glyphCacheByteLimit)
    /// Hinted outlines by ``GlyphKey/packed`` (subpixel 0), costed by ``HintedOutline/byteCount``.
    var outlines = BoundedCache<HintedOutline>(
      entryLimit: outlineCacheLimit, costLimit: outlineCacheByteLimit)
    /// Advances by ``GlyphKey/packed`` (subpixel 0).
    var advances = BoundedCache<Double>(entryLimit: layoutCacheLimit)
    /// A character's face, glyph and advance by primary face, size and scalar (see ``placement``).
    var placements = BoundedCache<Placement>(entryLimit: layoutCacheLimit)
    var sizedFace: (Int, Int)?

    /// Frees the faces; the library goes when the cached outlines, which hold it too, are gone.
    deinit {
      for face in handles { FT_Done_Face(face) }
    }
  }

  /// Where a character comes from and how far it moves the pen, at one size.
  struct Placement {
    /// The face's id (−1: no face has the character); 32 bits keep a cache slot at 32 bytes.
    var face: Int32
    var glyph: UInt32
    var advance: Double
  }

  let state: Mutex<State>
  /// Faces tried after the requested one for characters it lacks.
  public let fallbacks: [FontFace]

  /// - Parameter fallbacks: faces tried in order for characters a font's face does not have.
  public init(fallbacks: [FontFace] = FontFace.cjkFallbacks) {
    state = Mutex(State(library: FreeTypeLibrary()))
    self.fallbacks = fallbacks
  }

  /// Whether `face` can be loaded (its file exists and FreeType reads it).
  public func canLoad(_ face: FontFace) -> Bool {
    state.withLock { Self.load(face, &$0) != nil }
  }

  /// Vertical metrics of `font`, or zeros when its face cannot be loaded.
  public func metrics(of font: Font) -> FontMetrics {
    state.withLock { s in
      guard font.isUsable, let id = Self.load(font.face, &s),
        Self.setSize(id, Int((font.size * 64).rounded()), &s)
      else { return FontMetrics(ascent: 0, descent: 0, lineHeight: 0) }
      let m = s.handles[id].pointee.size.pointee.metrics
      return FontMetrics(
        ascent: Double(m.ascender) / 64, descent: Double(-m.descender) / 64,
        lineHeight: Double(m.height) / 64)
    }
  }

  /// The width of `text` set on one line in `font`: the sum of its glyphs' advances.
  public func advance(of text: String, font: Font) -> Double {
    guard font.isUsable else { return 0 }
    return layout(text, font: font, pixelSize: font.size).width
  }

  /// Chooses faces and pen positions for `text` at `pixelSize` (device pixels).
  func layout(_ text: String, font: Font, pixelSize: Double) -> (glyphs: [PlacedGlyph], width: Double) {
    state.withLock { s in
      var glyphs = [PlacedGlyph]()
      var x = 0.0
      let size = Int((pixelSize * 64).rounded())
      guard let primaryID = Self.load(font.face, &s) else { return (glyphs, x) }
      for scalar in text.unicodeScalars {
        guard let p = placement(scalar, primary: font.face, id: primaryID, size: size, &s) else { continue }
        let face = Int(p.face)
        glyphs.append(PlacedGlyph(face: s.loadedFaces[face], faceID: face, glyph: p.glyph, x: x))
        x += p.advance
      }
      return (glyphs, x)
    }
  }

  /// Calls `body` with each glyph image of `text` at `pixelSize`, the pen starting at device x `start`,
  /// and the device x of the glyph's pen position rounded down to whole pixels.
  ///
  /// One lock for the whole run, held while `body` runs (it must not use this font system): each image
  /// goes from the cache straight to `body`, with no list of the run's images to build, retain and
  /// release. An image is meant for its call only (a later glyph of the run may empty the cache).
  func forEachGlyph(
    in text: String, font: Font, pixelSize: Double, start: Double, _ body: (GlyphBitmap, Int) -> Void
  ) {
    state.withLock { s in
      var x = start
      let size = Int((pixelSize * 64).rounded())
      guard let primaryID = Self.load(font.face, &s) else { return }
      for scalar in text.unicodeScalars {
        guard let p = placement(scalar, primary: font.face, id: primaryID, size: size, &s) else { continue }
        let quarters = Int((x * 4).rounded(.down))
        let key = GlyphKey(face: Int(p.face), glyph: p.glyph, size: size, subpixel: quarters & 3)
        if let bitmap = Self.bitmap(key, &s) { body(bitmap, quarters >> 2) }
        x += p.advance
      }
    }
  }

  /// The glyph image for `key` (rendered and cached on first use); nil for an empty glyph or a face
  /// that cannot be rendered.
  func bitmap(_ key: GlyphKey) -> GlyphBitmap? {
    state.withLock { Self.bitmap(key, &$0) }
  }

  static func bitmap(_ key: GlyphKey, _ s: inout State) -> GlyphBitmap? {
    if let cached = s.glyphs[key.packed] { return cached.width > 0 ? cached : nil }
    guard let rendered = render(key, &s) else { return nil }
    s.glyphs.insert(rendered, for: key.packed, cost: rendered.coverage.count)
    return rendered.width > 0 ? rendered : nil
  }

  /// ``choose(_:primary:_:)`` and the advance, cached by primary face, size (1/64 px) and scalar.
  /// `primaryID` is the loaded `primary` (looked up once per run: a face is keyed by its path).
  private func placement(
    _ scalar: Unicode.Scalar, primary: FontFace, id primaryID: Int, size: Int, _ s: inout State
  ) -> Placement? {
    let key = UInt64(primaryID) << 38 | UInt64(size & 0x1_FFFF) << 21 | UInt64(scalar.value)
    if let cached = s.placements[key] { return cached.face >= 0 ? cached : nil }
    var found = Placement(face: -1, glyph: 0, advance: 0)
    if let (face, glyph) = choose(scalar, primary: primary, &s) {
      let advance = Self.advance(GlyphKey(face: face, glyph: glyph, size: size, subpixel: 0), &s)
      found = Placement(face: Int32(face), glyph: glyph, advance: advance)
    }
    s.placements.insert(found, for: key)
    return found.face >= 0 ? found : nil
  }

  /// The face id and glyph index for a character: the primary face if it has the character, else the
  /// first fallback that has it, else the primary face's missing-glyph box. Control characters are
  /// skipped.
  private func choose(_ scalar: Unicode.Scalar, primary: FontFace, _ s: inout State) -> (Int, UInt32)? {
    if scalar.value < 0x20 || scalar.value == 0x7F { return nil }
    guard let primaryID = Self.load(primary, &s) else { return nil }
    if let index = Self.glyphIndex(primaryID, scalar, &s), index != 0 { return (primaryID, index) }
    for candidate in fallbacks {
      guard let id = Self.load(candidate, &s), let index = Self.glyphIndex(id, scalar, &s), index != 0
      else { continue }
      return (id, index)
    }
    return (primaryID, 0)
  }
}
