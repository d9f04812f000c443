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
  /// - Complexity: O(*n*·*k*) advance computations for *n* characters and *k* characters a line.
  init(_ text: String, font: Font, width: Double, fonts: FontSystem = .shared) {
    let metrics = fonts.metrics(of: font)
    lineHeight = metrics.lineHeight
    ascent = metrics.ascent
    let characters = Array(text)
    var lines = [Line]()
    var start = 0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let count = paragraph.count
      let ranges = Self.breakParagraph(
        Array(paragraph), opportunities: TextBoundaries.lineBreaks(in: String(paragraph)), width: width
      ) { fonts.advance(of: String($0), font: font) }
      // Every line runs in its paragraph's direction.
      let rightToLeft = fonts.isRightToLeft(paragraph: String(paragraph))
      for (number, range) in ranges.enumerated() {
        let global = (start + range.lowerBound)..<(start + range.upperBound)
        let laidOut = fonts.line(String(characters[global]), font: font, paragraphRightToLeft: rightToLeft)
        lines.append(
          Line(
            range: global, text: laidOut, x: laidOut.isRightToLeft ? max(0, width - laidOut.width) : 0,
            y: Double(lines.count) * metrics.lineHeight, wraps: number < ranges.count - 1))
      }
      start += count + 1
    }
    self.lines = lines
  }

  /// The lines of one paragraph (no newline in it) as ranges of its characters, covering it: each
  /// ends at the last break opportunity that keeps it within `width` without its trailing spaces, or,
  /// when not even the first does, after the most characters that fit (at least one).
  private static func breakParagraph(
    _ characters: [Character], opportunities: [Int], width: Double,
    advance: (ArraySlice<Character>) -> Double
  ) -> [Range<Int>] {
    func fits(_ range: Range<Int>) -> Bool {
      var end = range.upperBound
      while end > range.lowerBound, characters[end - 1] == " " { end -= 1 }
      return advance(characters[range.lowerBound..<end]) <= width
    }
    var ranges = [Range<Int>]()
    var lineStart = 0
    var fitting: Int?  // the last opportunity after lineStart that fits
    var next = 0
    while next < opportunities.count {
      let end = opportunities[next]
      if end <= lineStart {
        next += 1
      } else if fits(lineStart..<end) {
        fitting = end
        next += 1
      } else if let end = fitting {
        ranges.append(lineStart..<end)
        lineStart = end
        fitting = nil
      } else {
        var cut = lineStart + 1
        while cut < end, fits(lineStart..<(cut + 1)) { cut += 1 }
        ranges.append(lineStart..<cut)
        lineStart = cut
      }
    }
    if lineStart < characters.count || ranges.isEmpty { ranges.append(lineStart..<characters.count) }
    return ranges
  }

  /// The line a caret at boundary `index` stands on: the last line starting at or before it (so a
  /// boundary at a soft break is at the start of the next line).
  ///
  /// - Complexity: O(log *n*) in the number of lines.
  func lineIndex(ofCaret index: Int) -> Int {
    var (low, high) = (0, lines.count - 1)
    while low < high {
      let mid = (low + high + 1) / 2
      if lines[mid].range.lowerBound <= index { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The x coordinate of the caret at boundary `index` on its line (``lineIndex(ofCaret:)``).
  func caretX(_ index: Int) -> Double {
    let line = lines[lineIndex(ofCaret: index)]
    return line.x + line.text.caretOffset(before: index - line.range.lowerBound)
  }

  /// The caret's boundary on line `number` nearest `x`: before the character under `x` on its leading
  /// half, after it otherwise; on a line that wraps, never after its last character (that boundary is
  /// the next line's start).
  func index(onLine number: Int, x: Double) -> Int {
    let line = lines[min(max(number, 0), lines.count - 1)]
    let local = line.text.characterIndex(at: x - line.x)
    let last = line.wraps ? max(line.range.count - 1, 0) : line.range.count
    return line.range.lowerBound + min(local, last)
  }

  /// The caret's boundary nearest `point`: on the line at its height (the first or last line beyond
  /// them), by ``index(onLine:x:)``.
  func index(at point: Point) -> Int {
    let number = Int((point.y / lineHeight).rounded(.down))
    return index(onLine: number, x: point.x)
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
