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
  public func wrapped(_ text: String, width: Double, font: Font) -> [String] {
    var lines = [String]()
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for piece in Self.breakPieces(String(paragraph)) {
        let candidate = line + piece
        if line.isEmpty || advance(of: candidate.trimmingTrailingSpaces, font: font) <= width {
          line = candidate
          if advance(of: line.trimmingTrailingSpaces, font: font) > width {
            lines += splitLongWord(line.trimmingTrailingSpaces, width: width, font: font, into: &line)
          }
          continue
        }
        lines.append(line.trimmingTrailingSpaces)
        line = piece.drop(while: { $0 == " " }).description
        if advance(of: line.trimmingTrailingSpaces, font: font) > width {
          lines += splitLongWord(line.trimmingTrailingSpaces, width: width, font: font, into: &line)
        }
      }
      lines.append(line.trimmingTrailingSpaces)
    }
    return lines
  }

  /// Cuts a word wider than `width` into full lines; the rest stays in `rest`.
  private func splitLongWord(_ word: String, width: Double, font: Font, into rest: inout String) -> [String] {
    var lines = [String]()
    var current = ""
    for character in word {
      if !current.isEmpty && advance(of: current + String(character), font: font) > width {
        lines.append(current)
        current = ""
      }
      current.append(character)
    }
    rest = current
    return lines
  }

  /// The pieces between `text`'s line-break opportunities (each with the spaces after it).
  static func breakPieces(_ text: String) -> [String] {
    let characters = Array(text)
    var start = 0
    return TextBoundaries.lineBreaks(in: text).map { end in
      defer { start = end }
      return String(characters[start..<end])
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
