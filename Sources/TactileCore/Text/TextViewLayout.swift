import TactileGeometry
import TactileRaster

/// A text laid out in lines no wider than a width, for a ``TextView``: broken at hard newlines and at
/// Unicode line-break opportunities (``TactileRaster/TextBoundaries/lineBreaks(in:)``: after spaces,
/// between ideographs, after hyphens), and between the characters of a word wider than the width. Each
/// line is shaped on its own (``TactileRaster/TextLine``, bidi reordered within the line); a line whose
/// text runs right to left is aligned right, as a natural alignment does.
///
/// Positions are in the layout's coordinates: x from the left edge of the width, y from the top of the
/// first line. A line's characters include the spaces at its end (they hang past the width, as UAX #14
/// lets them) but not its newline.
struct TextViewLayout {
  /// One line of the layout.
  struct Line {
    /// The line's characters in the laid-out text.
    var range: Range<Int>
    /// The characters laid out.
    var text: TextLine
    /// Where the line's left end lies.
    var x: Double
    /// Where the line's top lies.
    var y: Double
    /// Whether the line ends at a soft break (the paragraph goes on at the next line).
    var wraps: Bool
  }

  /// The lines, top to bottom; at least one.
  let lines: [Line]
  /// The height of one line.
  let lineHeight: Double
  /// The font's ascent: the baseline's distance below a line's top.
  let ascent: Double

  /// The height of all the lines.
  var height: Double { Double(lines.count) * lineHeight }

  /// Lays out `text` in `font` in lines no wider than `width` (at least one character a line).
  ///
  /// - Parameters:
  ///   - text: The text; `\n` ends a paragraph.
  ///   - font: The font of all of it.
  ///   - width: The widest a line may be.
  ///   - fonts: The font system that measures and shapes.
  ///   - paragraphs: Where the lines of each paragraph are kept between layouts: a paragraph whose text,
  ///     font and width are those of a paragraph of the previous layout with the same cache is not
  ///     broken and shaped again, so an edit costs its paragraph's layout (and O(*n*) to find the
  ///     paragraphs), not the whole text's.
  /// - Complexity: O(*n*·*k*) advance computations for *n* characters (of the paragraphs not in
  ///   `paragraphs`) and *k* characters a line.
  init(
    _ text: String, font: Font, width: Double, fonts: FontSystem = .shared,
    paragraphs: ParagraphCache = ParagraphCache()
  ) {
    let metrics = fonts.metrics(of: font)
    lineHeight = metrics.lineHeight
    ascent = metrics.ascent
    paragraphs.begin(font: font, width: width)
    var lines = [Line]()
    var start = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let laidOut = paragraphs.lines(of: String(paragraph)) {
        Self.layOut(paragraph: $0, font: font, width: width, fonts: fonts)
      }
      for line in laidOut {
        lines.append(
          Line(
            range: (start + line.range.lowerBound)..<(start + line.range.upperBound), text: line.text,
            x: line.x, y: Double(lines.count) * metrics.lineHeight, wraps: line.wraps))
      }
      start += paragraph.count + 1
    }
    paragraphs.end()
    self.lines = lines
  }

  /// The lines of one paragraph (no newline in it), with ranges from its start and `y` 0.
  private static func layOut(paragraph: String, font: Font, width: Double, fonts: FontSystem) -> [Line] {
    let characters = Array(paragraph)
    let ranges = fonts.lineRanges(ofParagraph: paragraph, width: width, font: font)
    // Every line runs in its paragraph's direction.
    let rightToLeft = fonts.isRightToLeft(paragraph: paragraph)
    return ranges.enumerated().map { number, range in
      let laidOut = fonts.line(String(characters[range]), font: font, paragraphRightToLeft: rightToLeft)
      return Line(
        range: range, text: laidOut, x: laidOut.isRightToLeft ? max(0, width - laidOut.width) : 0, y: 0,
        wraps: number < ranges.count - 1)
    }
  }

  /// The line a caret at boundary `index` stands on: the last line starting at or before it, so a
  /// boundary at a soft break is at the start of the next line, unless `affinity` is
  /// ``SelectionAffinity/upstream``, which keeps it at the end of the wrapped line.
  ///
  /// - Complexity: O(log *n*) in the number of lines.
  func lineIndex(ofCaret index: Int, affinity: SelectionAffinity = .downstream) -> Int {
    var (low, high) = (0, lines.count - 1)
    while low < high {
      let mid = (low + high + 1) / 2
      if lines[mid].range.lowerBound <= index { low = mid } else { high = mid - 1 }
    }
    let endsWrappedLine = low > 0 && lines[low].range.lowerBound == index && lines[low - 1].wraps
    return affinity == .upstream && endsWrappedLine ? low - 1 : low
  }

  /// The x coordinate of the caret at boundary `index` on its line (``lineIndex(ofCaret:affinity:)``).
  func caretX(_ index: Int, affinity: SelectionAffinity = .downstream) -> Double {
    let line = lines[lineIndex(ofCaret: index, affinity: affinity)]
    return line.x + line.text.caretOffset(before: index - line.range.lowerBound)
  }

  /// The caret's place on line `number` nearest `x`: before the character under `x` on its leading
  /// half, after it otherwise; after a wrapped line's last character it is the next line's start
  /// with ``SelectionAffinity/upstream``, so that it shows at the end of this line.
  func caretPosition(onLine number: Int, x: Double) -> (index: Int, affinity: SelectionAffinity) {
    let line = lines[min(max(number, 0), lines.count - 1)]
    let local = min(line.text.characterIndex(at: x - line.x), line.range.count)
    let atWrap = line.wraps && local == line.range.count && local > 0
    return (line.range.lowerBound + local, atWrap ? .upstream : .downstream)
  }

  /// The caret's place nearest `point`: on the line at its height (the first or last line beyond
  /// them), by ``caretPosition(onLine:x:)``.
  func caretPosition(at point: Point) -> (index: Int, affinity: SelectionAffinity) {
    let number = Int((point.y / lineHeight).rounded(.down))
    return caretPosition(onLine: number, x: point.x)
  }

  /// The rectangles under the characters `range`, line by line: on each line the stretches of its
  /// part of the range (several where it crosses a change of direction); a line whose part is only its
  /// newline or is empty gets a narrow box at its end, so a selection across empty lines shows.
  func rects(of range: Range<Int>) -> [Rect] {
    guard !range.isEmpty else { return [] }
    var rects = [Rect]()
    for number in lineIndex(ofCaret: range.lowerBound)..<lines.count {
      let line = lines[number]
      guard line.range.lowerBound < range.upperBound else { break }
      let lower = max(range.lowerBound, line.range.lowerBound) - line.range.lowerBound
      let upper = min(range.upperBound, line.range.upperBound) - line.range.lowerBound
      let stretches = lower < upper ? line.text.spans(of: lower..<upper) : []
      rects += stretches.map {
        Rect(x: line.x + $0.lowerBound, y: line.y, width: $0.upperBound - $0.lowerBound, height: lineHeight)
      }
      if stretches.isEmpty, range.upperBound > line.range.upperBound {
        let x = line.x + line.text.caretOffset(before: line.range.count)
        rects.append(Rect(x: x, y: line.y, width: lineHeight / 4, height: lineHeight))
      }
    }
    return rects
  }
}
