import CCairo
import CPangoCairo
import TactileGeometry
import Testing

@testable import TactileRaster

/// Paragraphs laid out and drawn by Tactile and by Pango through cairo (what every GTK application uses)
/// with the same font files (``ComparisonFonts``) at the same pixel size and width, as issue #24 asks:
/// Latin, Chinese with Latin, Arabic and Hebrew with numbers (right to left) and Devanagari conjuncts.
///
/// Pango is set up as Tactile renders (`tactile_pango_context`): unhinted metrics and unrounded glyph
/// positions, as Tactile's HarfBuzz positions are in ems of the exact size; slight hinting, as Tactile
/// loads outlines with FreeType's light (vertical-only) hinting; grey anti-aliasing.
///
/// The samples have no digit or punctuation mark that DejaVu Sans has right after a fallback face's
/// text: Tactile chooses faces for those differently on purpose
/// (``commonCharactersAfterAFallbackFaceStayInItWherePangoTakesThePrimaryFace()``).
@Suite struct PangoLayoutComparisonTests {
  /// A paragraph and the width it is laid out at.
  struct Sample: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var width: Double
    var testDescription: String { name }
  }

  static let samples = [
    Sample(
      name: "Latin",
      text: "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs, "
        + "then judge my vow: sphinx of black quartz, 1,234.50 and (parentheses) in it.",
      width: 300),
    Sample(
      name: "Chinese with Latin",
      text: "Tactile 是一个用 Swift 编写的工具包，它在 Wayland 上绘制文字和图形，并且支持中文、English "
        + "words 和汉字混排。换行可以出现在任意两个汉字之间。",
      width: 260),
    Sample(
      name: "Arabic with numbers",
      text: "مرحبا بالعالم، هذا نص عربي فيه أرقام 123 و 4567 ويجب أن يلتف على عدة أسطر بشكل صحيح كما "
        + "تفعل مكتبة بانغو.",
      width: 240),
    Sample(
      name: "Hebrew with numbers",
      text: "שלום עולם, זהו טקסט בעברית עם המספרים 2026 ו 42 שצריך להתפצל לכמה שורות בדיוק כמו אצל פנגו.",
      width: 240),
    Sample(
      name: "Hebrew with lines that start in Latin",
      text: "שלום לכולם וברוכים הבאים Tactile and Pango lay this out שלום שוב",
      width: 200),
    Sample(
      name: "Devanagari conjuncts",
      text: "क्षत्रिय संस्कृत और हिन्दी में संयुक्ताक्षर जैसे क्ष त्र ज्ञ और श्र एक साथ लिखे जाते हैं और रेफ र्क भी।",
      width: 260),
  ]

  static let size = 16.0

  static var font: Font { Font(face: ComparisonFonts.dejaVuSans, size: size) }

  static func layouts(_ sample: Sample) -> (ours: [ParagraphLine], pango: PangoParagraph) {
    let ours = ParagraphLine.tactile(
      sample.text, font: font, width: sample.width, fonts: ComparisonFonts.fontSystem())
    let pango = PangoParagraph(
      sample.text, family: "DejaVu Sans", size: size, width: sample.width,
      fontDirectory: ComparisonFonts.directory)
    return (ours, pango)
  }

  @Test(arguments: samples) func theLinesBreakWherePangoBreaksThem(_ sample: Sample) {
    let (ours, pango) = Self.layouts(sample)
    #expect(ours.count > 1, "the sample must wrap")
    #expect(ours.map(\.start) == pango.lines.map(\.start))
  }

  /// Each line's glyphs are the same glyphs of the same faces, left to right, for the same characters,
  /// with the same advances and positions.
  ///
  /// Pango's HarfBuzz font is scaled to Pango units (1/1024 px at an absolute size), so each of its
  /// advances and offsets is rounded to 1/1024 px, where Tactile's are exact: an advance may differ by
  /// 1/1024 px and a position by half that for each glyph before it. Pango shapes at HarfBuzz's
  /// monotone-characters cluster level, so a mark's glyph names the mark's own scalar, where Tactile's
  /// (HarfBuzz's default) names its base's: glyphs are compared by the grapheme cluster they belong to.
  @Test(arguments: samples) func theGlyphsAdvanceAsPangoAdvancesThem(_ sample: Sample) throws {
    let (ours, pango) = Self.layouts(sample)
    try #require(ours.count == pango.lines.count)
    let unit = 1 / Double(PANGO_SCALE)
    for (line, (mine, theirs)) in zip(ours, pango.lines).enumerated() {
      #expect(mine.glyphs.map(\.glyph) == theirs.glyphs.map(\.glyph), "line \(line)'s glyphs")
      #expect(mine.glyphs.map(\.face) == theirs.glyphs.map(\.face), "line \(line)'s faces")
      #expect(mine.glyphs.map(\.character) == theirs.glyphs.map(\.character), "line \(line)'s characters")
      let far = zip(mine.glyphs, theirs.glyphs).enumerated().filter { k, pair in
        abs(pair.0.advance - pair.1.advance) > unit || abs(pair.0.x - pair.1.x) > Double(k + 2) * unit / 2
          || abs(pair.0.y - pair.1.y) > unit
      }
      #expect(far.isEmpty, "line \(line): glyphs placed differently: \(far.prefix(3))")
    }
  }

  /// Tactile keeps a space, digit or punctuation mark in the fallback face before it when that face has
  /// it, so that it does not cut the run (`FontSystem`'s choice of faces); Pango, as CSS does, takes it
  /// from the first face of the font that has it, here DejaVu Sans, the primary face (and a space before
  /// it goes with it). The ideographs around come from WenQuanYi in both.
  @Test func commonCharactersAfterAFallbackFaceStayInItWherePangoTakesThePrimaryFace() throws {
    let text = "汉字 2026 汉字"
    let (ours, pango) = Self.layouts(Sample(name: "digits", text: text, width: 1000))
    try #require(ours.count == 1 && pango.lines.count == 1)
    let scalars = Array(text.unicodeScalars)
    let wenQuanYi = "\(ComparisonFonts.directory)/wqy-microhei.ttc#0"
    let dejaVu = "\(ComparisonFonts.directory)/DejaVuSans.ttf#0"
    let ideographs = Set(scalars.indices.filter { scalars[$0].properties.isIdeographic })
    #expect(ideographs.count == 4)
    for glyph in ours[0].glyphs { #expect(glyph.face == wenQuanYi, "Tactile, scalar \(glyph.scalar)") }
    for glyph in pango.lines[0].glyphs {
      #expect(
        glyph.face == (ideographs.contains(glyph.scalar) ? wenQuanYi : dejaVu),
        "Pango, scalar \(glyph.scalar)")
    }
  }

  /// Both engines draw each line alone in black on white, its left end and baseline at the same whole
  /// pixel (Tactile spaces a paragraph's lines one line height apart; Pango's own line spacing is not
  /// compared). Both render the same lightly hinted outlines with FreeType, but Pango through cairo 1.16
  /// puts each glyph on a whole pixel where Tactile puts it on a quarter pixel, so glyph images differ by
  /// up to half a pixel sideways. So each line's ink box must be within 1 px of Pango's on every side, its
  /// total ink (the sum of coverage) within 0.5 % of Pango's (seen: at most 0.16 %), and the mean
  /// coverage difference over the pixels either inks at most 48 of 255 (seen: 0 for lines of ideographs,
  /// which fall on whole pixels in both, to 41; Tactile's line moved by half a pixel is at 34 to 61, by a
  /// whole pixel at 76 to 107).
  @Test(arguments: samples) func theGlyphsCoverThePixelsPangoCovers(_ sample: Sample) throws {
    let fonts = ComparisonFonts.fontSystem()
    let metrics = fonts.metrics(of: Self.font)
    let strings = fonts.wrappedLines(sample.text, width: sample.width, font: Self.font)
    let (_, pango) = Self.layouts(sample)
    try #require(pango.lines.count == strings.count)
    let margin = 8
    let width = Int(sample.width) + 2 * margin
    let height = Int((metrics.ascent + metrics.descent).rounded(.up)) + 2 * margin
    let baseline = Double(margin) + metrics.ascent.rounded(.up)
    for (index, (string, rightToLeft)) in strings.enumerated() {
      var ours = try Image(width: width, height: height, color: PremultipliedColor(argb: 0xFFFF_FFFF))
      ours.withPixmap { pixmap in
        Canvas(pixmap: pixmap, fonts: fonts).draw(
          fonts.line(string, font: Self.font, paragraphRightToLeft: rightToLeft),
          at: Point(x: Double(margin), y: baseline), with: .color(.black)
        )
      }
      var theirs = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
      theirs.withUnsafeMutableBytes { bytes in
        let surface = cairo_image_surface_create_for_data(
          bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
          Int32(height), Int32(width * 4))!
        let cr = cairo_create(surface)!
        pango.drawLine(index, x: Double(margin), baseline: baseline, in: cr)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
      }
      let statistics = InkStatistics(ours.pixels, theirs, width: width)
      #expect(statistics.boxesWithin(1), "line \(index): ink \(statistics.boxes)")
      #expect(
        abs(statistics.ink.0 - statistics.ink.1) <= 0.005 * statistics.ink.1,
        "line \(index): ink \(statistics.ink)")
      #expect(statistics.meanDifference <= 48, "line \(index): mean difference \(statistics.meanDifference)")
    }
  }
}
