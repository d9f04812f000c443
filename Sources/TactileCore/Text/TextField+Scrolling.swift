/// Scrolling a ``TextField``'s text sideways, as UIKit's and GTK's single-line fields do: a text wider
/// than the field shows the part around the selection's moving end, so the caret never leaves the
/// field; a field that is not first responder shows the start of its text.
///
/// The scroll is resolved from the field's state whenever the text's position is used (drawing,
/// the caret, taps), starting from the previous scroll, so it moves only as far as it must: typing at
/// the end pushes the text left by what was typed, and moving the caret inside the shown part moves
/// nothing.
extension TextField {
  /// The width inside the field that text is shown in: the bounds less ``textInset`` at both sides.
  var textViewportWidth: Double { max(bounds.width - 2 * Self.textInset, 0) }

  /// How far the displayed text is scrolled to the left, in points: 0 when it fits (or the field is
  /// not first responder and its text runs left to right), at most the part that does not fit; the
  /// caret before ``scrollAnchorIndex`` lies inside the shown part.
  ///
  /// - Complexity: O(1) once the displayed text is laid out.
  var textScroll: Double {
    let line = displayedLine
    let overflow = line.width - textViewportWidth
    guard overflow > 0 else {
      scrollStore = 0
      return 0
    }
    let x = line.caretOffset(before: scrollAnchorIndex)
    var scroll = isFirstResponder ? scrollStore : 0
    scroll = min(max(scroll, x - textViewportWidth), x)
    scroll = min(max(scroll, 0), overflow)
    scrollStore = scroll
    return scroll
  }

  /// The x coordinate of the displayed text's left end, in the field's coordinates.
  var textLeft: Double { bounds.minX + Self.textInset - textScroll }

  /// The position in ``displayedText`` that the scroll keeps in view: the input method's cursor in
  /// marked text (its end without one), else the selection's moving end; the start of the text when
  /// the field is not first responder.
  private var scrollAnchorIndex: Int {
    guard isFirstResponder else { return 0 }
    if let marked = markedDisplayRange {
      return marked.lowerBound + (markedSelectedRange?.upperBound ?? marked.count)
    }
    return displayedIndex(ofCharacter: selectionCursor)
  }
}
