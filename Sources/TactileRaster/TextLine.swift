/// One line of text laid out in a font: its glyphs in visual order, and where each character
/// (grapheme cluster) lies — what a text field places its caret, selection and taps by.
///
/// Positions are in user units from the line's left end, at the font's size. In right-to-left runs
/// the characters go leftwards, so a logical range of characters can cover several stretches of the
/// line (``spans(of:)``). Made by ``FontSystem/line(_:font:paragraphRightToLeft:)``.
public struct TextLine: Sendable {
  /// A glyph of the line.
  public struct Glyph: Sendable {
    /// The face the glyph comes from.
    public var face: FontFace
    /// The glyph's index in the face.
    public var index: UInt32
    /// Where the glyph is drawn, from the line's left end, and how far above the baseline.
    public var x: Double
    public var y: Double
    /// The first character of the glyph's cluster.
    public var character: Int
    /// The face's id in the font system that laid the line out.
    let faceID: Int32
  }

  /// Where a character lies on the line and which way its run goes.
  struct CharacterBox: Sendable {
    var minX: Double
    var maxX: Double
    var rightToLeft: Bool
  }

  /// The text laid out.
  public let text: String
  public let font: Font
  /// The line's width: the sum of its glyphs' advances.
  public let width: Double
  /// Whether the paragraph runs right to left (its first strong character is right-to-left).
  public let isRightToLeft: Bool
  /// The glyphs in visual order, left to right; a glyph of a ligature or conjunct may stand for several
  /// characters, and one character may have several glyphs (a base and its marks).
  public let glyphs: [Glyph]
  /// Each character's box, in logical order.
  let characters: [CharacterBox]
  /// The glyphs as the font system that made them draws them (ems, its face ids), and its identity.
  let laidOut: [FontSystem.LineGlyph]
  let fontSystem: Int

  /// The number of characters (grapheme clusters) in ``text``.
  public var characterCount: Int { characters.count }

  /// Where the caret stands before character `index` (0...``characterCount``): the leading edge of the
  /// character (its left edge in a left-to-right run, its right edge in a right-to-left one); at the end
  /// of the text, the trailing edge of the last character.
  public func caretOffset(before index: Int) -> Double {
    guard !characters.isEmpty else { return 0 }
    if index >= characters.count {
      let last = characters[characters.count - 1]
      return last.rightToLeft ? last.minX : last.maxX
    }
    let box = characters[max(0, index)]
    return box.rightToLeft ? box.maxX : box.minX
  }

  /// The character boundary (0...``characterCount``) a tap at `x` puts the caret at: before the
  /// character under it when the tap is on its leading half, after it otherwise; beyond the line's
  /// ends, the boundary nearest.
  public func characterIndex(at x: Double) -> Int {
    if let hit = characters.indices.first(where: { characters[$0].minX <= x && x < characters[$0].maxX }) {
      let box = characters[hit]
      let leading = box.rightToLeft ? x > (box.minX + box.maxX) / 2 : x < (box.minX + box.maxX) / 2
      return leading ? hit : hit + 1
    }
    return (0...characters.count).min { abs(caretOffset(before: $0) - x) < abs(caretOffset(before: $1) - x) }
      ?? 0
  }

  /// The caret position one step to the right (or left) of `index` on screen: the boundary whose caret
  /// is the nearest in that direction (in mixed-direction text this is not `index ± 1`); nil at that
  /// end of the line.
  public func caretIndex(from index: Int, movingRight: Bool) -> Int? {
    let here = caretOffset(before: index)
    var best: (index: Int, distance: Double)?
    for candidate in 0...characters.count where candidate != index {
      let distance = (caretOffset(before: candidate) - here) * (movingRight ? 1 : -1)
      guard distance > 1e-9 else { continue }
      if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
    }
    return best?.index
  }

  /// The stretches of the line that characters `range` cover, left to right, adjacent ones merged: one
  /// for text in one direction, more when the range crosses a change of direction.
  public func spans(of range: Range<Int>) -> [Range<Double>] {
    let boxes = characters[max(0, range.lowerBound)..<min(range.upperBound, characters.count)]
      .map { $0.minX..<$0.maxX }.sorted { $0.lowerBound < $1.lowerBound }
    var merged = [Range<Double>]()
    for box in boxes {
      if let last = merged.last, box.lowerBound <= last.upperBound + 1e-9 {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, box.upperBound)
      } else {
        merged.append(box)
      }
    }
    return merged
  }
}

extension FontSystem {
  /// `text` laid out on one line in `font` (an empty line when the font is unusable or its face cannot
  /// be loaded), running in the direction `paragraphRightToLeft` gives when `text` is one line of a
  /// wrapped paragraph (UAX #9 takes it from the paragraph's first strong character, not the line's),
  /// or, when nil, as `text`'s own first strong character says.
  /// - Complexity: O(n) in the length of `text`, shaping only words not in the word cache.
  public func line(_ text: String, font: Font, paragraphRightToLeft: Bool? = nil) -> TextLine {
    state.withLock { s in
      var scalars = [UInt32]()
      var starts = [Int]()  // the first scalar of each character
      for character in text {
        starts.append(scalars.count)
        for scalar in character.unicodeScalars { scalars.append(scalar.value) }
      }
      guard font.isUsable, let primary = Self.load(font.face, &s) else {
        let empty = TextLine.CharacterBox(minX: 0, maxX: 0, rightToLeft: false)
        return TextLine(
          text: text, font: font, width: 0, isRightToLeft: false, glyphs: [],
          characters: Array(repeating: empty, count: starts.count), laidOut: [], fontSystem: identity)
      }
      let laid = Self.layOutLine(
        scalars[...], primary: primary, fallbacks: fallbacks, paragraphRightToLeft: paragraphRightToLeft, &s)
      let size = font.size
      // The character of each scalar.
      var characterOf = [Int](repeating: 0, count: scalars.count)
      for (c, start) in starts.enumerated() {
        let end = c + 1 < starts.count ? starts[c + 1] : scalars.count
        for i in start..<end { characterOf[i] = c }
      }
      // Each cluster's extent, kept at its first character; characters without glyphs of their own
      // (inside a ligature) share their cluster's extent in equal parts.
      var boxes = [TextLine.CharacterBox?](repeating: nil, count: starts.count)
      var glyphs = [TextLine.Glyph]()
      glyphs.reserveCapacity(laid.glyphs.count)
      var penX = 0.0
      for g in laid.glyphs {
        let c = characterOf[Int(g.cluster)]
        let (lo, hi) = (penX * size, (penX + g.advance) * size)
        penX += g.advance
        if let box = boxes[c] {
          boxes[c] = TextLine.CharacterBox(
            minX: min(box.minX, lo), maxX: max(box.maxX, hi), rightToLeft: g.rightToLeft)
        } else {
          boxes[c] = TextLine.CharacterBox(minX: lo, maxX: hi, rightToLeft: g.rightToLeft)
        }
        guard g.glyph != Self.noGlyph else { continue }
        glyphs.append(
          TextLine.Glyph(
            face: s.loadedFaces[Int(g.face)], index: g.glyph, x: g.x * size, y: g.y * size, character: c,
            faceID: g.face))
      }
      var characters = [TextLine.CharacterBox]()
      characters.reserveCapacity(boxes.count)
      var c = 0
      while c < boxes.count {
        var end = c + 1
        while end < boxes.count, boxes[end] == nil { end += 1 }
        let box = boxes[c] ?? TextLine.CharacterBox(minX: 0, maxX: 0, rightToLeft: false)
        let share = (box.maxX - box.minX) / Double(end - c)
        for k in 0..<(end - c) {
          let step = Double(box.rightToLeft ? end - c - 1 - k : k)
          characters.append(
            TextLine.CharacterBox(
              minX: box.minX + step * share, maxX: box.minX + (step + 1) * share, rightToLeft: box.rightToLeft
            ))
        }
        c = end
      }
      return TextLine(
        text: text, font: font, width: laid.width * size, isRightToLeft: laid.rightToLeft, glyphs: glyphs,
        characters: characters, laidOut: laid.glyphs, fontSystem: identity)
    }
  }
}
