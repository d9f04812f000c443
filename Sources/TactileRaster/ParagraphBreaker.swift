/// One paragraph's characters as the line breaker measures them: its scalars, where each character's
/// scalars start, and which characters are spaces (``FontSystem/lineRanges(ofParagraph:width:font:)``).
struct ParagraphBreaker {
  let paragraph: String
  /// The paragraph's scalars.
  let scalars: [UInt32]
  /// The index in ``scalars`` of each character's first scalar, and one past the last.
  private let firstScalar: [Int]
  /// Whether each character is a space.
  private let isSpace: [Bool]

  init(_ paragraph: String) {
    var scalars = [UInt32]()
    var firstScalar = [Int]()
    var isSpace = [Bool]()
    for character in paragraph {
      firstScalar.append(scalars.count)
      isSpace.append(character == " ")
      for scalar in character.unicodeScalars { scalars.append(scalar.value) }
    }
    firstScalar.append(scalars.count)
    self.paragraph = paragraph
    self.scalars = scalars
    self.firstScalar = firstScalar
    self.isSpace = isSpace
  }

  /// The scalars of the characters `range` without the spaces it ends with.
  func inkScalars(_ range: Range<Int>) -> ArraySlice<UInt32> {
    var end = range.upperBound
    while end > range.lowerBound, isSpace[end - 1] { end -= 1 }
    return scalars[firstScalar[range.lowerBound]..<firstScalar[end]]
  }

  /// The lines at `width` in `font`, as ``FontSystem/lineRanges(ofParagraph:width:font:)`` states.
  func lines(width: Double, font: Font, fonts: FontSystem) -> [Range<Int>] {
    func fits(_ range: Range<Int>) -> Bool {
      fonts.advance(ofScalars: inkScalars(range), font: font) <= width
    }
    let count = isSpace.count
    var ranges = [Range<Int>]()
    var lineStart = 0
    var fitting: Int?  // the last opportunity after lineStart that fits
    let opportunities = TextBoundaries.lineBreaks(in: paragraph)
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
    if lineStart < count || ranges.isEmpty { ranges.append(lineStart..<count) }
    return ranges
  }
}
