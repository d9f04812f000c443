import CFontconfig
import Synchronization

/// Chooses the face for characters a font's own face lacks, with fontconfig: the faces fontconfig sorts
/// first for a sans-serif font in the characters' language (or for colour emoji), the first of them that
/// has the character.
///
/// One per process for the system's fonts (``shared``; a font system may be given another, such as
/// one over a few directories: ``init(fontDirectories:)``), loaded on first use (fontconfig reads its
/// configuration and scans the fonts then, tens of milliseconds): text its font's face covers never
/// asks. Each language's sorted
/// list and each character's answer are cached; the character cache is bounded like the font system's
/// (``FontSystem/layoutCacheLimit`` entries). Without a fontconfig configuration (`FcInit` fails) it
/// prints one warning and answers nil, so the font system falls back to its fixed list
/// (``FontFace/cjkFallbacks``).
///
/// Thread-safe: fontconfig is called under one lock.
public final class FontFallback: Sendable {
  /// The process-wide fallback chooser.
  public static let shared = FontFallback()

  struct State: ~Copyable {
    /// Nil until first used; `.none` inside when fontconfig has no configuration.
    var config: OpaquePointer??
    /// The faces fontconfig sorts for each language ("" for none, "emoji" for colour emoji), with the
    /// characters each covers.
    var sorted: [String: [(face: FontFace, charset: OpaquePointer)]] = [:]
    /// The chosen face by language and scalar (`nil` inside: no installed face has it).
    var chosen: [Key: FontFace?] = [:]

    /// Whether `config` is this chooser's own (``init(fontDirectories:)``), destroyed with it.
    var ownsConfig = false

    deinit {
      for list in sorted.values { for entry in list { FcCharSetDestroy(entry.charset) } }
      if ownsConfig, let own = config ?? nil { FcConfigDestroy(own) }
    }
  }

  struct Key: Hashable {
    var language: String
    var scalar: UInt32
  }

  let state = Mutex(State())
  /// The only directories of fonts searched, when not the system configuration's
  /// (``init(fontDirectories:)``).
  let fontDirectories: [String]?

  /// A chooser over the fonts of the system's fontconfig configuration.
  public init() { fontDirectories = nil }

  /// A chooser over the fonts in `fontDirectories` only, without the system's configuration (no
  /// aliases such as "emoji"): what text looks like on a system with just these fonts installed.
  public init(fontDirectories: [String]) { self.fontDirectories = fontDirectories }

  /// A face that has `scalar`, as fontconfig prefers for text in `language` (BCP 47, for example "ja"),
  /// or for colour emoji when `emoji` is true; nil when no installed face has it or fontconfig is
  /// unavailable.
  public func face(for scalar: Unicode.Scalar, language: String?, emoji: Bool = false) -> FontFace? {
    let list = emoji ? "emoji" : language ?? ""
    let key = Key(language: list, scalar: scalar.value)
    return state.withLock { s in
      if let cached = s.chosen[key] { return cached }
      guard let config = Self.config(fontDirectories, &s) else { return nil }
      if s.sorted[list] == nil { s.sorted[list] = Self.sort(config, language: language, emoji: emoji) }
      let found = s.sorted[list]!.first { FcCharSetHasChar($0.charset, scalar.value) != 0 }?.face
      if s.chosen.count >= FontSystem.layoutCacheLimit { s.chosen.removeAll(keepingCapacity: true) }
      s.chosen[key] = found
      return found
    }
  }

  /// The loaded configuration, loading it on first use (an empty one with the fonts of `directories`,
  /// when given); nil (with one warning) when there is none.
  private static func config(_ directories: [String]?, _ s: inout State) -> OpaquePointer? {
    if let loaded = s.config { return loaded }
    var loaded: OpaquePointer?
    if let directories {
      loaded = FcConfigCreate()
      s.ownsConfig = true
      for directory in directories { FcConfigAppFontAddDir(loaded, directory) }
    } else {
      loaded = FcInitLoadConfigAndFonts()
    }
    if loaded == nil {
      print(
        "Tactile: fontconfig has no configuration; characters the font lacks use the fixed fallback list")
    }
    s.config = .some(loaded)
    return loaded
  }

  /// The faces fontconfig sorts for a sans-serif font in `language` (or for colour emoji: the "emoji"
  /// family, colour, and the emoji language und-zsye), best first, with their character sets.
  private static func sort(_ config: OpaquePointer, language: String?, emoji: Bool)
    -> [(face: FontFace, charset: OpaquePointer)]
  {
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, emoji ? "emoji" : "sans-serif")
    if emoji { FcPatternAddBool(pattern, FC_COLOR, 1) }
    // Emoji ask for fontconfig's emoji "language" too (und-zsye, the orthography of the emoji set).
    if let language = emoji ? "und-zsye" : language, let languages = FcLangSetCreate() {
      FcLangSetAdd(languages, language)
      FcPatternAddLangSet(pattern, FC_LANG, languages)
      FcLangSetDestroy(languages)
    }
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return [] }
    defer { FcFontSetDestroy(set) }
    var list = [(face: FontFace, charset: OpaquePointer)]()
    for i in 0..<Int(set.pointee.nfont) {
      guard let font = set.pointee.fonts[i] else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      var index: Int32 = 0
      var charset: OpaquePointer?
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
        FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        let copy = FcCharSetCopy(charset)
      else { continue }
      _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
      list.append((FontFace(path: String(cString: file), index: Int(index)), copy))
    }
    return list
  }
}
