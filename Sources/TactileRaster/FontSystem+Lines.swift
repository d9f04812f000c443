extension FontSystem {
  /// `text` shortened at the end with "…" so that it fits in `width` on one line in `font`; the text
  /// itself when it fits, "" when not even the ellipsis fits.
  /// - Complexity: O(n log n) advance computations in the length of `text`.
  public func truncated(_ text: String, toWidth width: Double, font: Font) -> String {
    guard advance(of: text, font: font) > width else { return text }
    let ellipsis = "…"
    let room = width - advance(of: ellipsis, font: font)
    guard room >= 0 else { return "" }
    let characters = Array(text)
    var (low, high) = (0, characters.count)  // the longest prefix that fits is in low...high
    while low < high {
      let mid = (low + high + 1) / 2
      if advance(of: String(characters[0..<mid]), font: font) <= room { low = mid } else { high = mid - 1 }
    }
    var prefix = String(characters[0..<low])
    while prefix.last == " " { prefix.removeLast() }
    return prefix + ellipsis
  }

  /// `text` broken into lines no wider than `width` in `font`: at newlines, at the line-break
  /// opportunities of ``TextBoundaries/lineBreaks(in:)`` (after spaces, between ideographs, after
  /// hyphens), and between the characters of words that are wider than a line. Spaces at line ends are
  /// dropped.
  /// - Complexity: O(n · m) scalars laid out (or looked up in the line cache) for `n` characters in
  ///   lines of `m`: each break opportunity measures the line up to it.
  public func wrapped(_ text: String, width: Double, font: Font) -> [String] {
    wrappedLines(text, width: width, font: font).map(\.text)
  }

  /// Whether `paragraph` runs right to left: its first strong character is right-to-left (UAX #9); its
  /// wrapped lines run that way (``line(_:font:paragraphRightToLeft:)``).
  public func isRightToLeft(paragraph: String) -> Bool {
    BidiLevels.resolve(paragraph.unicodeScalars.map(\.value)).rightToLeft
  }

  /// ``wrapped(_:width:font:)``'s lines, each with the direction of its paragraph (right to left when
  /// the paragraph's first strong character is): what a line is laid out in
  /// (``line(_:font:paragraphRightToLeft:)``).
  func wrappedLines(_ text: String, width: Double, font: Font) -> [(text: String, rightToLeft: Bool)] {
    var lines = [(text: String, rightToLeft: Bool)]()
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let breaker = ParagraphBreaker(String(paragraph))
      let rightToLeft = BidiLevels.resolve(breaker.scalars).rightToLeft
      for range in breaker.lines(width: width, font: font, fonts: self) {
        lines.append((String(decoding: breaker.inkScalars(range), as: UTF32.self), rightToLeft))
      }
    }
    return lines
  }

  /// The lines one paragraph (no newline in it) wraps into at `width` in `font`, as ranges of its
  /// characters that cover it, each with the spaces it ends with: a line ends at the last line-break
  /// opportunity of ``TextBoundaries/lineBreaks(in:)`` that keeps it within `width` without those
  /// spaces, and a word wider than `width` is cut after the most characters that fit (at least one).
  /// An empty paragraph is one empty line. ``wrapped(_:width:font:)`` breaks each paragraph so.
  ///
  /// - Complexity: O(n · m) scalars laid out (or looked up in the line cache) for `n` characters in
  ///   lines of `m`.
  public func lineRanges(ofParagraph paragraph: String, width: Double, font: Font) -> [Range<Int>] {
    ParagraphBreaker(paragraph).lines(width: width, font: font, fonts: self)
  }
}
