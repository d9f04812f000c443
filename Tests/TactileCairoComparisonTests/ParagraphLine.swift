@testable import TactileRaster

/// A glyph of a line of a paragraph, as Tactile's ``TactileRaster/TextLine`` and Pango's glyph strings
/// both describe one, in pixels.
struct ParagraphGlyph: Equatable {
  var glyph: UInt32
  /// Where the glyph is drawn (pen position plus offset) from the line's left end, and how far above
  /// the baseline.
  var x: Double
  var y: Double
  var advance: Double
  /// The first scalar of the glyph's cluster, as an offset in the paragraph's scalars.
  var scalar: Int
  /// The character (grapheme cluster) of the paragraph that scalar is in.
  var character: Int
  /// The font file the glyph comes from, and the face in it.
  var file: String
  var faceIndex: Int

  /// The file and face index, as "path#index".
  var face: String { "\(file)#\(faceIndex)" }
}

/// A line of a paragraph: the scalar offset in the paragraph where it starts, and its glyphs left to
/// right (without the glyphs of the spaces it ends with).
struct ParagraphLine {
  var start: Int
  var glyphs: [ParagraphGlyph]

  /// `text` laid out by `fonts` as ``TactileRaster/Canvas/draw(_:in:font:with:lineBreak:alignment:)``
  /// lays it out when wrapping: broken into lines by `FontSystem.wrappedLines`, each line laid out by
  /// ``TactileRaster/FontSystem/line(_:font:paragraphRightToLeft:)`` in its paragraph's direction.
  static func tactile(_ text: String, font: Font, width: Double, fonts: FontSystem) -> [ParagraphLine] {
    let scalars = Array(text.unicodeScalars)
    let characterOf = characters(of: text)
    var position = 0
    return fonts.wrappedLines(text, width: width, font: font).map { string, rightToLeft in
      // A line starts after the spaces the previous one ended with.
      while position < scalars.count, scalars[position] == " " { position += 1 }
      let start = position
      position += string.unicodeScalars.count
      let line = fonts.line(string, font: font, paragraphRightToLeft: rightToLeft)
      let drawn = line.laidOut.filter { $0.glyph != FontSystem.noGlyph }
      return ParagraphLine(
        start: start,
        glyphs: zip(line.glyphs, drawn).map { glyph, laid in
          ParagraphGlyph(
            glyph: glyph.index, x: glyph.x, y: glyph.y, advance: laid.advance * font.size,
            scalar: start + Int(laid.cluster), character: characterOf[start + Int(laid.cluster)],
            file: glyph.face.path, faceIndex: glyph.face.index)
        })
    }
  }

  /// The character (grapheme cluster, as Swift's `String` counts them) each of `text`'s scalars is in.
  static func characters(of text: String) -> [Int] {
    text.enumerated().flatMap { index, character in
      Array(repeating: index, count: character.unicodeScalars.count)
    }
  }
}
