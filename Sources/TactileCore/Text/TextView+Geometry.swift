import TactileGeometry
import TactileRaster

/// Where a ``TextView``'s text lies: the layout of the displayed text (``TextView/text`` with the marked
/// text at the caret) at the view's width, the caret's and the editing rectangles, hits, and keeping
/// the caret visible. Positions are in the view's bounds (content) coordinates.
extension TextView {
  /// The text as drawn: ``text`` with the marked text at the caret.
  var displayedText: String {
    guard let markedText else { return text }
    let characters = Array(text)
    let caret = selectedRange.lowerBound
    return String(characters[..<caret]) + markedText + String(characters[caret...])
  }

  /// Where the marked text lies in ``displayedText``, in characters; `nil` without marked text.
  var markedDisplayRange: Range<Int>? {
    markedText.map { selectedRange.lowerBound..<(selectedRange.lowerBound + $0.count) }
  }

  /// The position in ``displayedText`` of the boundary before character `index` of ``text``.
  func displayedIndex(ofCharacter index: Int) -> Int {
    guard let marked = markedDisplayRange, index > marked.lowerBound else { return index }
    return index + marked.count
  }

  /// The width the text is laid out in: the bounds' less ``textContainerInset``'s sides (at least 1).
  var textWidth: Double {
    max(1, bounds.width - textContainerInset.left - textContainerInset.right)
  }

  /// Where the layout's origin lies in the view's content.
  var textOrigin: Point { Point(x: textContainerInset.left, y: textContainerInset.top) }

  /// ``displayedText`` laid out at ``textWidth``, made on first use after a change.
  var textLayout: TextViewLayout {
    if let layoutCache { return layoutCache }
    let layout = TextViewLayout(displayedText, font: font, width: textWidth, paragraphs: paragraphLayouts)
    layoutCache = layout
    return layout
  }

  /// Makes the ``ScrollView/contentSize`` the text's: the bounds' width by the layout's height plus
  /// the insets.
  func updateContentSize() {
    let height = textLayout.height + textContainerInset.top + textContainerInset.bottom
    contentSize = Size(width: bounds.width, height: height)
  }

  /// The rectangle of the caret at displayed boundary `index`: 2 points wide, its line high, on the
  /// line `affinity` chooses at a soft break.
  private func caretRect(atDisplayed index: Int, affinity: SelectionAffinity = .downstream) -> Rect {
    let layout = textLayout
    let line = layout.lines[layout.lineIndex(ofCaret: index, affinity: affinity)]
    let x = min(layout.caretX(index, affinity: affinity), textWidth)
    return Rect(
      x: textOrigin.x + x - 1, y: textOrigin.y + line.y, width: 2, height: layout.lineHeight)
  }

  /// The caret's rectangle, 2 points wide and one line high, on the caret's line; `nil` while the view
  /// is not first responder, with a non-empty selection, or with marked text whose input-method cursor
  /// is not a caret (with marked text, it is that cursor).
  public var caretRect: Rect? {
    guard isFirstResponder else { return nil }
    if let marked = markedDisplayRange {
      guard let cursor = markedSelectedRange, cursor.isEmpty else { return nil }
      return caretRect(atDisplayed: marked.lowerBound + cursor.lowerBound)
    }
    guard selectedRange.isEmpty else { return nil }
    return caretRect(atDisplayed: selectedRange.lowerBound, affinity: selectionAffinity)
  }

  /// The rectangles under the displayed characters `range`, line by line, in content coordinates.
  func rects(ofDisplayed range: Range<Int>) -> [Rect] {
    textLayout.rects(of: range).map { $0.offsetBy(dx: textOrigin.x, dy: textOrigin.y) }
  }

  /// Where editing happens, for an input method's candidates (text-input-v3's cursor rectangle), one
  /// line high in the view's coordinates: the caret (``caretRect``); else the selection's part on its
  /// moving end's line; with marked text, the input method's range in it (all of it when it shows no
  /// cursor) on the line where that range starts. `nil` while the view is not first responder.
  public var editingRect: Rect? {
    guard isFirstResponder else { return nil }
    if let caretRect { return caretRect }
    let range: Range<Int>
    let line: Int
    if let marked = markedDisplayRange {
      let cursor = markedSelectedRange ?? 0..<marked.count
      range = (marked.lowerBound + cursor.lowerBound)..<(marked.lowerBound + cursor.upperBound)
      line = textLayout.lineIndex(ofCaret: range.lowerBound)
    } else {
      range = selectedRange
      line = textLayout.lineIndex(
        ofCaret: selectionIsBackwardCursor ? range.lowerBound : range.upperBound - 1)
    }
    let top = textOrigin.y + textLayout.lines[line].y
    let onLine = rects(ofDisplayed: range).filter { $0.minY == top }
    guard let first = onLine.first else { return caretRect(atDisplayed: range.lowerBound) }
    return onLine.dropFirst().reduce(first) { $0.union($1) }
  }

  /// Whether the selection's moving end is its start.
  private var selectionIsBackwardCursor: Bool { selectionCursor < selectionAnchor }

  /// The character boundary of ``text`` (0...text.count) nearest `point` (view coordinates): on the
  /// line at its height, the boundary on the tapped half of the character under it; with marked text
  /// shown, the marked text counts as the caret's position.
  public func characterIndex(at point: Point) -> Int {
    caretPosition(at: point).index
  }

  /// The caret's place nearest `point` (view coordinates), as ``characterIndex(at:)`` finds it, with
  /// the affinity that keeps a caret past a wrapped line's end on that line.
  func caretPosition(at point: Point) -> (index: Int, affinity: SelectionAffinity) {
    let local = Point(x: point.x - textOrigin.x, y: point.y - textOrigin.y)
    let (index, affinity) = textLayout.caretPosition(at: local)
    guard let marked = markedDisplayRange, index > marked.lowerBound else { return (index, affinity) }
    return (max(marked.lowerBound, index - marked.count), .downstream)
  }

  /// Scrolls the least distance that shows the selection's moving end (the caret), with the
  /// ``textContainerInset`` around it, at once.
  func scrollToCaret() {
    let index = displayedIndex(ofCharacter: selectionCursor)
    let caret =
      markedDisplayRange.map { caretRect(atDisplayed: $0.upperBound) }
      ?? caretRect(atDisplayed: index, affinity: selectionAffinity)
    let inset = textContainerInset
    scrollRectToVisible(
      Rect(
        x: caret.minX, y: caret.minY - inset.top, width: caret.width,
        height: caret.height + inset.top + inset.bottom), animated: false)
  }
}
