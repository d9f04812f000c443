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
      // The scalars, the first scalar of each character (and one past the last), and which characters
      // are spaces.
      var scalars = [UInt32]()
      var firstScalar = [Int]()
      var isSpace = [Bool]()
      for character in paragraph {
        firstScalar.append(scalars.count)
        isSpace.append(character == " ")
        for scalar in character.unicodeScalars { scalars.append(scalar.value) }
      }
      firstScalar.append(scalars.count)
      let rightToLeft = BidiLevels.resolve(scalars).rightToLeft
      // Lines are ranges of characters, measured and made strings without the spaces they end with.
      func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, isSpace[end - 1] { end -= 1 }
        return range.lowerBound..<end
      }
      func inkScalars(_ range: Range<Int>) -> ArraySlice<UInt32> {
        let ink = trimmed(range)
        return scalars[firstScalar[ink.lowerBound]..<firstScalar[ink.upperBound]]
      }
      func fits(_ range: Range<Int>) -> Bool {
        advance(ofScalars: inkScalars(range), font: font) <= width
      }
      func append(_ range: Range<Int>) {
        lines.append((String(decoding: inkScalars(range), as: UTF32.self), rightToLeft))
      }
      // Cuts a line holding one word wider than `width` into full lines; returns the rest (with the
      // spaces after the word).
      func splitLongWord(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        for end in trimmed(range).dropFirst() where !fits(start..<(end + 1)) {
          append(start..<end)
          start = end
        }
        return start..<range.upperBound
      }
      var line = 0..<0
      var pieceStart = 0
      for pieceEnd in TextBoundaries.lineBreaks(in: String(paragraph)) {
        defer { pieceStart = pieceEnd }
        let candidate = line.lowerBound..<pieceEnd
        let candidateFits = fits(candidate)
        if line.isEmpty || candidateFits {
          line = candidateFits ? candidate : splitLongWord(candidate)
          continue
        }
        append(line)
        var start = pieceStart
        while start < pieceEnd, isSpace[start] { start += 1 }
        line = start..<pieceEnd
        if !fits(line) { line = splitLongWord(line) }
      }
      append(line)
    }
    return lines
  }
}
