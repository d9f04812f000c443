/// Laying out one line: the characters' faces, bidi levels and scripts cut the text into runs, each
/// run is shaped piece by piece (words and runs of spaces, through the word cache), and the runs are
/// put in visual order (UAX #9's rule L2).
extension FontSystem {
  /// A line laid out, as the line cache keeps it (``State/lines``).
  final class LaidOutLine: Sendable {
    let scalars: [UInt32]
    /// The paragraph direction the line was laid out in (nil: its own).
    let paragraphRightToLeft: Bool?
    let glyphs: [LineGlyph]
    let width: Double
    let rightToLeft: Bool

    init(
      scalars: [UInt32], paragraphRightToLeft: Bool?, glyphs: [LineGlyph], width: Double, rightToLeft: Bool
    ) {
      self.scalars = scalars
      self.paragraphRightToLeft = paragraphRightToLeft
      self.glyphs = glyphs
      self.width = width
      self.rightToLeft = rightToLeft
    }
  }

  /// A glyph placed on a line, in ems of the font's size from the line's left end.
  struct LineGlyph: Sendable {
    var face: Int32
    var glyph: UInt32
    /// Where the glyph is drawn: its pen position plus its offset, in ems right of the line's start.
    var x: Double
    /// How far above the baseline the glyph is drawn, in ems.
    var y: Double
    /// The pen's advance after the glyph, in ems.
    var advance: Double
    /// The first scalar of the glyph's cluster, as an offset in the line's scalars.
    var cluster: Int32
    var rightToLeft: Bool
  }

  /// The scalars of `slice` laid out on one line with primary face `primary`: glyphs in visual order,
  /// the width in ems and whether the paragraph runs right to left — as `paragraphRightToLeft` says when
  /// given (the line is one of a wrapped paragraph), else as the line's first strong character.
  /// Cached by primary face, direction and scalars (``State/lines``); the slice is copied only when its
  /// line is not in the cache.
  static func layOutLine(
    _ slice: ArraySlice<UInt32>, primary: Int, fallbacks: [FontFace], paragraphRightToLeft: Bool? = nil,
    _ s: inout State
  ) -> (glyphs: [LineGlyph], width: Double, rightToLeft: Bool) {
    let direction: UInt64 = paragraphRightToLeft.map { $0 ? 0x5254_4C00 : 0x4C54_5200 } ?? 0
    let key = ShapedWord.key(face: primary, rightToLeft: false, scalars: slice) ^ 0x4C49_4E45 ^ direction
    if let cached = s.lines[key], cached.paragraphRightToLeft == paragraphRightToLeft,
      cached.scalars.elementsEqual(slice)
    {
      return (cached.glyphs, cached.width, cached.rightToLeft)
    }
    let scalars = Array(slice)
    let line = layOutUncachedLine(
      scalars, primary: primary, fallbacks: fallbacks, paragraphRightToLeft: paragraphRightToLeft, &s)
    if s.lines[key] == nil, key != BoundedCache<LaidOutLine>.empty {
      s.lines.insert(
        LaidOutLine(
          scalars: scalars, paragraphRightToLeft: paragraphRightToLeft, glyphs: line.glyphs,
          width: line.width,
          rightToLeft: line.rightToLeft),
        for: key, cost: max(1, line.glyphs.count))
    }
    return line
  }

  private static func layOutUncachedLine(
    _ scalars: [UInt32], primary: Int, fallbacks: [FontFace], paragraphRightToLeft: Bool?, _ s: inout State
  ) -> (glyphs: [LineGlyph], width: Double, rightToLeft: Bool) {
    let (resolved, rightToLeft) = BidiLevels.resolve(scalars, rightToLeft: paragraphRightToLeft)
    let levels = resolved ?? []
    func level(_ i: Int) -> UInt8 { resolved == nil ? 0 : levels[i] }
    let faces = chooseFaces(scalars, primary: primary, fallbacks: fallbacks, &s)
    // Runs: where the level, the face or the (non-common) script changes.
    var runs = [(range: Range<Int>, level: UInt8)]()
    var start = 0
    var script: TextScript?
    for i in scalars.indices {
      let scalarScript = Self.script(of: scalars[i])
      if i > start {
        let changesScript = scalarScript.map { s in script.map { $0 != s } ?? false } ?? false
        if level(i) != level(start) || faces[i] != faces[start] || changesScript {
          runs.append((start..<i, level(start)))
          start = i
          script = nil
        }
      }
      if script == nil { script = scalarScript }
    }
    if start < scalars.count { runs.append((start..<scalars.count, level(start))) }

    // Each run's glyphs in visual order, its pieces shaped separately; all left to right, straight
    // into the line.
    var line = [LineGlyph]()
    line.reserveCapacity(scalars.count)
    var lineWidth = 0.0
    var runGlyphs = [[LineGlyph]]()
    var runWidths = [Double]()
    for run in runs {
      let rtl = run.level & 1 == 1
      var glyphs = [LineGlyph]()
      var x = resolved == nil ? lineWidth : 0
      let face = Int(faces[run.range.lowerBound])
      func place(_ piece: Range<Int>) {
        guard let word = shape(scalars[piece], face: face, rightToLeft: rtl, &s) else { return }
        for g in word.glyphs {
          let placed = LineGlyph(
            face: Int32(face), glyph: g.glyph, x: x + g.x + g.offset.x, y: g.offset.y, advance: g.advance,
            cluster: Int32(piece.lowerBound) + g.cluster, rightToLeft: rtl)
          if resolved == nil { line.append(placed) } else { glyphs.append(placed) }
        }
        x += word.advance
      }
      // Pieces: words and runs of spaces, shaped in visual order (right-to-left ones from the last).
      var pieces = [Range<Int>]()
      var pieceStart = run.range.lowerBound
      for i in run.range.dropFirst() where (scalars[i] == 0x20) != (scalars[i - 1] == 0x20) {
        if rtl { pieces.append(pieceStart..<i) } else { place(pieceStart..<i) }
        pieceStart = i
      }
      if rtl {
        pieces.append(pieceStart..<run.range.upperBound)
        for piece in pieces.reversed() { place(piece) }
      } else {
        place(pieceStart..<run.range.upperBound)
      }
      if resolved == nil {
        lineWidth = x
      } else {
        runGlyphs.append(glyphs)
        runWidths.append(x)
      }
    }
    guard resolved != nil else { return (line, lineWidth, rightToLeft) }

    // Rule L2: from the highest level down to the lowest odd one, reverse each sequence of runs at
    // that level or higher.
    var order = Array(runs.indices)
    if let highest = runs.map(\.level).max(), highest > 0 {
      let lowestOdd = runs.map(\.level).filter { $0 & 1 == 1 }.min() ?? highest
      for level in stride(from: Int(highest), through: Int(max(1, lowestOdd)), by: -1) {
        var i = 0
        while i < order.count {
          guard runs[order[i]].level >= level else {
            i += 1
            continue
          }
          var j = i
          while j < order.count, runs[order[j]].level >= level { j += 1 }
          order[i..<j].reverse()
          i = j
        }
      }
    }
    for run in order {
      for var g in runGlyphs[run] {
        g.x += lineWidth
        line.append(g)
      }
      lineWidth += runWidths[run]
    }
    return (line, lineWidth, rightToLeft)
  }

  /// The script of a scalar, nil when it is common (see ``TextScript/isCommon``); ASCII without asking
  /// HarfBuzz.
  private static func script(of scalar: UInt32) -> TextScript? {
    if scalar < 0x80 {
      let isLetter = (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A
      return isLetter ? latin : nil
    }
    let script = TextScript(of: Unicode.Scalar(scalar) ?? "\u{FFFD}")
    return script.isCommon ? nil : script
  }

  private static let latin = TextScript(of: "a")

  /// The face of each scalar: a grapheme cluster's base picks it (the primary face when it has the
  /// character, else a fallback: ``faceID(for:emoji:primary:fallbacks:_:)``) and the rest of the
  /// cluster follows; a space, digit or punctuation mark stays in the face before it when that face
  /// has it, so that it does not cut a run.
  private static func chooseFaces(
    _ scalars: [UInt32], primary: Int, fallbacks: [FontFace], _ s: inout State
  ) -> [Int32] {
    var faces = [Int32](repeating: Int32(primary), count: scalars.count)
    let primaryHasASCII = hasPrintableASCII(primary, &s)
    for i in scalars.indices {
      let scalar = scalars[i]
      if i > 0, continuesCluster(scalar, after: scalars[i - 1]) {
        faces[i] = faces[i - 1]
        continue
      }
      if scalar < 0x20 || scalar == 0x7F { continue }
      let next = i + 1 < scalars.count ? scalars[i + 1] : 0
      // Printable ASCII after a character of the primary face stays in it, without a charmap lookup.
      if scalar < 0x7F, primaryHasASCII, next != 0xFE0F, i == 0 || faces[i - 1] == Int32(primary) { continue }
      let emoji = prefersEmojiFace(scalar, next: next)
      if !emoji, i > 0, faces[i - 1] != Int32(primary), script(of: scalar) == nil,
        glyphIndex(Int(faces[i - 1]), scalar, &s) != 0
      {
        faces[i] = faces[i - 1]
        continue
      }
      faces[i] = Int32(faceID(for: scalar, emoji: emoji, primary: primary, fallbacks: fallbacks, &s))
    }
    return faces
  }

  /// Whether face `id` has every printable ASCII character (looked up once per face).
  private static func hasPrintableASCII(_ id: Int, _ s: inout State) -> Bool {
    while s.printableASCII.count <= id { s.printableASCII.append(nil) }
    if let known = s.printableASCII[id] { return known }
    let has = (0x20..<UInt32(0x7F)).allSatisfy { glyphIndex(id, $0, &s) != 0 }
    s.printableASCII[id] = has
    return has
  }

  /// The face for a cluster whose base is `scalar`: the primary face when it has it (and the cluster
  /// is not shown as colour emoji), else the face fontconfig chooses for the scalar's script (or for
  /// emoji: ``FontFallback``), else the first of `fallbacks` that has it, else the primary face, whose
  /// missing-glyph box is drawn. Cached by primary face and scalar.
  private static func faceID(
    for scalar: UInt32, emoji: Bool, primary: Int, fallbacks: [FontFace], _ s: inout State
  ) -> Int {
    if !emoji, glyphIndex(primary, scalar, &s) != 0 { return primary }
    let key = UInt64(primary) << 33 | (emoji ? 1 << 32 : 0) | UInt64(scalar)
    if let cached = s.fallbackFaces[key] { return Int(cached) }
    var found = primary
    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
    if let face = s.fontFallback.face(
      for: character, language: TextScript(of: character).language, emoji: emoji),
      let id = load(face, &s), glyphIndex(id, scalar, &s) != 0
    {
      found = id
    } else {
      for face in fallbacks {
        guard let id = load(face, &s), glyphIndex(id, scalar, &s) != 0 else { continue }
        found = id
        break
      }
    }
    s.fallbackFaces.insert(Int32(found), for: key)
    return found
  }

  /// Whether `scalar` belongs to the grapheme cluster of the scalar before it, as far as choosing a
  /// face goes: combining marks, joiners, variation selectors, emoji modifiers and tags, and what a
  /// zero-width joiner joins.
  static func continuesCluster(_ scalar: UInt32, after previous: UInt32) -> Bool {
    if previous == 0x200D { return true }
    if scalar < 0x300 { return false }
    switch scalar {
    case 0x200C, 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
      return true
    case 0x1F1E6...0x1F1FF: return (0x1F1E6...0x1F1FF).contains(previous)
    default:
      switch Unicode.Scalar(scalar)?.properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark: return true
      default: return false
      }
    }
  }

  /// Whether a cluster starting with `scalar`, followed by `next`, is shown as colour emoji: emoji
  /// presentation by default, asked for with U+FE0F, a skin tone, or a flag's regional indicators.
  static func prefersEmojiFace(_ scalar: UInt32, next: UInt32) -> Bool {
    if scalar < 0x2000 && next != 0xFE0F { return false }
    if next == 0xFE0F || (0x1F3FB...0x1F3FF).contains(next) || (0x1F1E6...0x1F1FF).contains(scalar) {
      return true
    }
    return Unicode.Scalar(scalar)?.properties.isEmojiPresentation ?? false
  }
}
