import CFreeType
import CHarfBuzz
import Synchronization

/// Loads fonts with FreeType, lays text out (HarfBuzz shapes it, FriBidi orders it, fontconfig picks
/// faces for characters the font lacks: `FontSystem+Itemizing.swift`), and caches rendered glyphs by
/// face, glyph, size and quarter-pixel offset.
///
/// A glyph is loaded and hinted once per face, glyph and size; its four quarter-pixel offsets are rendered
/// from that hinted outline, shifted (`HintedOutline`). Shaping is cached by word (`ShapedWord`), in ems,
/// so a word shaped once serves every size.
///
/// The caches are bounded, whatever the number of distinct characters, words and sizes drawn: each is
/// emptied when it would pass its limit (`BoundedCache`) — glyph images at ``glyphCacheLimit`` images or
/// ``glyphCacheByteLimit`` bytes of coverage, colour glyph images (emoji) at ``colorGlyphCacheLimit``
/// images or ``colorGlyphCacheByteLimit`` bytes of pixels, hinted outlines at ``outlineCacheLimit``
/// outlines or ``outlineCacheByteLimit`` bytes, characters' glyphs and fallback faces at
/// ``layoutCacheLimit`` entries each, shaped words at ``wordCacheLimit`` words and laid-out lines at
/// ``lineCacheLimit`` lines, each cache at most ``layoutCacheLimit`` glyphs: together at most about
/// 40 MB (with the hash tables and objects). Loaded faces are kept.
///
/// Thread-safe: every FreeType and HarfBuzz call happens under one lock, and drawing text composites
/// each glyph under it too (`forEachGlyph(in:font:pixelSize:start:_:)`). ``shared`` is what canvases
/// use by default.
public final class FontSystem: Sendable {
  /// The process-wide font system, with ``FontFace/cjkFallbacks``.
  public static let shared = FontSystem()

  /// Glyph images kept before the cache is emptied and starts again.
  public static let glyphCacheLimit = 8192
  /// Bytes of glyph coverage (one per pixel) kept before the glyph cache is emptied: 16 MiB, a few
  /// thousand glyphs at 14 px or about a hundred at 500 px.
  public static let glyphCacheByteLimit = 16 << 20
  /// Entries kept by each layout cache (a character's glyph in a face; the fallback face of a character)
  /// before it is emptied, and glyphs kept by the word cache: 32,768, at most 2 MB per cache.
  public static let layoutCacheLimit = 32768
  /// Laid-out lines kept before the line cache is emptied (or at ``layoutCacheLimit`` glyphs).
  public static let lineCacheLimit = 1024
  /// Hinted outlines kept before the outline cache is emptied.
  public static let outlineCacheLimit = 4096
  /// Approximate bytes of hinted outlines kept before the outline cache is emptied: 4 MiB, about ten
  /// thousand Latin glyphs or a thousand complex CJK ones (an outline's size does not depend on the
  /// pixel size).
  public static let outlineCacheByteLimit = 4 << 20

  struct State: ~Copyable {
    var library: FreeTypeLibrary?
    /// Chooses faces for characters a font's face lacks.
    let fontFallback: FontFallback
    /// Loaded faces get small integer ids (index into `handles`); −1 marks a face that failed to load.
    var faceIDs: [FontFace: Int] = [:]
    var handles: [FT_Face] = []
    var loadedFaces: [FontFace] = []
    /// The colour bitmap strike of each loaded face, by id (nil: an outline face).
    var colorStrikes: [ColorStrike?] = []
    /// The face ``load(_:_:)`` found last: a run looks its face up once, and comparing it with the
    /// last one is cheaper than hashing its path.
    var lastFace: (face: FontFace, id: Int)?
    /// Glyph index by `faceID << 32 | scalar` (0: the face lacks the character).
    var charmap = BoundedCache<UInt32>(entryLimit: layoutCacheLimit)
    /// Glyph images by ``GlyphKey/packed``, costed by their coverage bytes.
    var glyphs = BoundedCache<GlyphBitmap>(entryLimit: glyphCacheLimit, costLimit: glyphCacheByteLimit)
    /// Colour glyph images by ``GlyphKey/packed`` (subpixel 0), costed by their pixels' bytes.
    var colorGlyphs = BoundedCache<ColorGlyph>(
      entryLimit: colorGlyphCacheLimit, costLimit: colorGlyphCacheByteLimit)
    /// Hinted outlines by ``GlyphKey/packed`` (subpixel 0), costed by ``HintedOutline/byteCount``.
    var outlines = BoundedCache<HintedOutline>(
      entryLimit: outlineCacheLimit, costLimit: outlineCacheByteLimit)
    /// The face id of a character the primary face lacks, by primary face, emoji presentation and
    /// scalar (`FontSystem+Itemizing.swift`).
    var fallbackFaces = BoundedCache<Int32>(entryLimit: layoutCacheLimit)
    /// Shaped pieces by ``ShapedWord/key(face:rightToLeft:scalars:)``, costed by their glyphs.
    var words = BoundedCache<ShapedWord>(entryLimit: wordCacheLimit, costLimit: layoutCacheLimit)
    /// Whether each loaded face, by id, has every printable ASCII character (nil: not looked up yet).
    var printableASCII: [Bool?] = []
    /// Lines laid out by ``layOutLine(_:primary:fallbacks:_:)``, by a hash of their primary face and
    /// scalars, costed by their glyphs: labels draw the same lines frame after frame.
    var lines = BoundedCache<LaidOutLine>(entryLimit: lineCacheLimit, costLimit: layoutCacheLimit)
    /// HarfBuzz's font of each loaded face, by face id, found on first use (nil inside: there is none).
    var harfBuzzFonts: [HarfBuzzFont??] = []
    /// The buffer every shaping fills.
    let shapingBuffer: OpaquePointer = hb_buffer_create()
    var sizedFace: (Int, Int)?

    /// Frees the faces and the buffer; the library goes when the cached outlines, which hold it too,
    /// are gone.
    deinit {
      hb_buffer_destroy(shapingBuffer)
      for face in handles { FT_Done_Face(face) }
    }
  }

  let state: Mutex<State>
  /// Distinguishes this font system from every other in the process (a ``TextLine``'s face ids are
  /// its own).
  let identity = FontSystem.identities.add(1, ordering: .relaxed).newValue
  private static let identities = Atomic<Int>(0)
  /// Faces tried, in order, for characters the requested face lacks and ``FontFallback`` finds no face
  /// for (fontconfig is missing, or its choice lacks the character).
  public let fallbacks: [FontFace]

  /// - Parameters:
  ///   - fallbacks: faces tried in order for characters a font's face does not have, after
  ///     fontconfig's choice.
  ///   - fontFallback: what chooses fontconfig's face for such characters: the system's fonts by
  ///     default.
  public init(fallbacks: [FontFace] = FontFace.cjkFallbacks, fontFallback: FontFallback = .shared) {
    state = Mutex(State(library: FreeTypeLibrary(), fontFallback: fontFallback))
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

  /// The width of `text` set on one line in `font`: its shaped glyphs' advances.
  public func advance(of text: String, font: Font) -> Double {
    advance(ofScalars: text.unicodeScalars.map(\.value)[...], font: font)
  }

  /// ``advance(of:font:)`` of text given as its scalars.
  func advance(ofScalars scalars: ArraySlice<UInt32>, font: Font) -> Double {
    guard font.isUsable else { return 0 }
    return state.withLock { s in
      guard let primaryID = Self.load(font.face, &s) else { return 0 }
      return Self.layOutLine(scalars, primary: primaryID, fallbacks: fallbacks, &s).width * font.size
    }
  }

  /// Chooses faces, glyphs and pen positions for `text` at `pixelSize` (device pixels), in visual
  /// order.
  func layout(_ text: String, font: Font, pixelSize: Double) -> (glyphs: [PlacedGlyph], width: Double) {
    state.withLock { s in
      guard let primaryID = Self.load(font.face, &s) else { return ([], 0) }
      let line = Self.layOutLine(
        text.unicodeScalars.map(\.value)[...], primary: primaryID, fallbacks: fallbacks, &s)
      let glyphs = line.glyphs.filter { $0.glyph != Self.noGlyph }.map {
        PlacedGlyph(
          face: s.loadedFaces[Int($0.face)], faceID: Int($0.face), glyph: $0.glyph, x: $0.x * pixelSize,
          y: $0.y * pixelSize)
      }
      return (glyphs, line.width * pixelSize)
    }
  }

  /// Calls `body` with each glyph image of `text` at `pixelSize` (coverage, or colour for a colour
  /// face), the pen starting at device x `start`, the device x of the glyph's position rounded down to
  /// whole pixels and how many whole pixels above the baseline it is drawn.
  ///
  /// One lock for the whole run, held while `body` runs (it must not use this font system): each image
  /// goes from the cache straight to `body`, with no list of the run's images to build, retain and
  /// release. An image is meant for its call only (a later glyph of the run may empty the cache).
  ///
  /// `paragraphRightToLeft` is the direction of the paragraph `text` is a line of
  /// (``line(_:font:paragraphRightToLeft:)``).
  func forEachGlyph(
    in text: String, font: Font, pixelSize: Double, start: Double, paragraphRightToLeft: Bool? = nil,
    _ body: (GlyphImage, Int, Int) -> Void
  ) {
    state.withLock { s in
      guard let primaryID = Self.load(font.face, &s) else { return }
      let line = Self.layOutLine(
        text.unicodeScalars.map(\.value)[...], primary: primaryID, fallbacks: fallbacks,
        paragraphRightToLeft: paragraphRightToLeft, &s)
      for glyph in line.glyphs {
        if let (image, x, up) = Self.image(of: glyph, pixelSize: pixelSize, start: start, &s) {
          body(image, x, up)
        }
      }
    }
  }

  /// ``forEachGlyph(in:font:pixelSize:start:_:)`` for a line already laid out: by this font system, its
  /// glyphs as they are; by another, laid out again.
  func forEachGlyph(
    of line: TextLine, pixelSize: Double, start: Double, _ body: (GlyphImage, Int, Int) -> Void
  ) {
    guard line.fontSystem == identity else {
      return forEachGlyph(in: line.text, font: line.font, pixelSize: pixelSize, start: start, body)
    }
    state.withLock { s in
      for glyph in line.laidOut {
        if let (image, x, up) = Self.image(of: glyph, pixelSize: pixelSize, start: start, &s) {
          body(image, x, up)
        }
      }
    }
  }

  /// The image of a glyph laid out in ems at `pixelSize` with the line starting at device x `start`, the
  /// device x of its position rounded down to whole pixels and how many whole pixels above the baseline
  /// it is drawn; nil for a glyph without ink or a control character's place.
  static func image(of glyph: LineGlyph, pixelSize: Double, start: Double, _ s: inout State)
    -> (GlyphImage, Int, Int)?
  {
    guard glyph.glyph != noGlyph else { return nil }
    let quarters = Int(((start + glyph.x * pixelSize) * 4).rounded(.down))
    let size = Int((pixelSize * 64).rounded())
    let key = GlyphKey(face: Int(glyph.face), glyph: glyph.glyph, size: size, subpixel: quarters & 3)
    let image: GlyphImage
    if let strike = s.colorStrikes[key.face] {
      guard let color = colorGlyph(key, strike, &s) else { return nil }
      image = .color(color)
    } else {
      guard let coverage = bitmap(key, &s) else { return nil }
      image = .coverage(coverage)
    }
    return (image, quarters >> 2, Int((glyph.y * pixelSize).rounded()))
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
}
