import CFriBidi

/// The embedding levels of a paragraph's characters under the Unicode bidirectional algorithm (UAX #9),
/// from FriBidi: even levels run left to right, odd ones right to left.
enum BidiLevels {
  /// Scalars below this are never strongly right-to-left nor bidi controls: text made only of them is
  /// all level 0 in a left-to-right paragraph, without asking FriBidi.
  static let firstRightToLeftScalar: UInt32 = 0x0590

  /// The level of each scalar of `scalars` (nil when they are all 0: left-to-right text below
  /// ``firstRightToLeftScalar``, or FriBidi out of memory), and whether the paragraph runs right to left:
  /// as `rightToLeft` says when given (the scalars are a line of a longer paragraph), else as its first
  /// strong character (left to right without one).
  static func resolve(_ scalars: [UInt32], rightToLeft: Bool? = nil) -> (levels: [UInt8]?, rightToLeft: Bool)
  {
    guard rightToLeft == true || scalars.contains(where: { $0 >= firstRightToLeftScalar }) else {
      return (nil, false)
    }
    let count = scalars.count
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var direction =
      rightToLeft.map { $0 ? tactile_fribidi_par_rtl : tactile_fribidi_par_ltr } ?? tactile_fribidi_par_on
    let resolved = scalars.withUnsafeBufferPointer { text in
      fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
      fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
      return fribidi_get_par_embedding_levels_ex(
        types, brackets, FriBidiStrIndex(count), &direction, &levels)
    }
    // FriBidi returns 0 only when it runs out of memory: the text is then drawn left to right.
    guard resolved != 0 else { return (nil, false) }
    return (levels.map { UInt8(bitPattern: $0) }, direction == tactile_fribidi_par_rtl)
  }
}
