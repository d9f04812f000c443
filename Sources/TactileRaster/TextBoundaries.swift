import CICUBreaks

/// Where text may be broken into lines and where its words are (ICU's break iterators: UAX #14 and
/// UAX #29, with dictionaries for Chinese, Japanese, Thai and the other scripts written without spaces),
/// in characters (Swift's `Character`s, which are grapheme clusters).
public enum TextBoundaries {
  /// A segment of text between two word boundaries.
  public struct Segment: Hashable, Sendable {
    /// The segment's characters.
    public var range: Range<Int>
    /// Whether it is a word (letters, numbers, kana or ideographs), not spaces or punctuation.
    public var isWord: Bool
  }

  /// The segments between `text`'s word boundaries, in order, covering it; for Chinese and Japanese
  /// the words of ICU's dictionary. One segment per character when ICU fails.
  /// - Complexity: O(n) in the length of `text`.
  public static func words(in text: String) -> [Segment] {
    let found = boundaries(TACTILE_ICU_WORD, in: text)
    return zip(found, found.dropFirst()).map { Segment(range: $0.offset..<$1.offset, isWord: $1.isWord) }
  }

  /// The character offsets where a line may start (after 0, in increasing order, ending with the
  /// text's count): after spaces, between ideographs, after hyphens, as UAX #14 says. Every character
  /// boundary when ICU fails.
  /// - Complexity: O(n) in the length of `text`.
  public static func lineBreaks(in text: String) -> [Int] {
    boundaries(TACTILE_ICU_LINE, in: text).dropFirst().map(\.offset)
  }

  /// ICU's boundaries of `kind` in `text` as character offsets (0 and the count included), each with
  /// whether the segment ending there is a word. A boundary ICU puts inside a character goes to the
  /// character's start.
  private static func boundaries(_ kind: tactile_icu_boundary_kind, in text: String)
    -> [(offset: Int, isWord: Bool)]
  {
    let utf16 = Array(text.utf16)
    var found = [Int32](repeating: 0, count: utf16.count + 1)
    var isWord = [UInt8](repeating: 0, count: utf16.count + 1)
    let count = Int(
      tactile_icu_boundaries(kind, utf16, Int32(utf16.count), "", &found, &isWord, Int32(found.count)))
    let characters = text.count
    guard count >= 2, count <= found.count else {
      return (0...characters).map { ($0, false) }
    }
    // The UTF-16 offset where each character starts, then walk both in step.
    var result = [(offset: Int, isWord: Bool)]()
    var character = 0
    var unit = 0
    var index = text.startIndex
    for i in 0..<count {
      let target = Int(found[i])
      while index < text.endIndex {
        let width = text[index].utf16.count
        guard unit + width <= target else { break }
        unit += width
        character += 1
        index = text.index(after: index)
      }
      if let last = result.last, last.offset == character {
        result[result.count - 1].isWord = last.isWord || isWord[i] != 0
      } else {
        result.append((character, isWord[i] != 0))
      }
    }
    return result
  }
}
