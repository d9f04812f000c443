import TactileGeometry
import TactileRaster

/// Drawing a ``TextField`` — text or placeholder, selection, marked text, caret — and mapping positions
/// to characters, from one layout of the displayed text (``TactileRaster/TextLine``: shaped, in visual
/// order, kept until the text changes). In right-to-left text the caret stands at a character's right
/// edge, and a selection that crosses a change of direction is drawn as several stretches.
///
/// Marked (pre-edit) text is drawn inside the text at the caret (``displayedText``): the text after the
/// caret moves right to make room, the marked text is underlined, and the input method's cursor in it
/// is the caret (an empty ``markedSelectedRange``) or is highlighted like a selection.
extension TextField {
  /// Space between the bounds' left edge and the text, in points.
  static let textInset = 4.0
  /// The background of the selection and of the input method's selection in marked text.
  static let selectionColor = Color(red: 0.7, green: 0.82, blue: 1)
  /// Thickness of the marked text's underline, and its distance below the baseline, in points.
  static let markedUnderline = (thickness: 1.0, gap: 1.0)

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

  /// The caret's rectangle in the field's coordinates: 2 points wide, one line high; `nil` while the
  /// field is not first responder. At the selection's start (`nil` with a non-empty selection), or,
  /// with marked text, at the input method's cursor inside it (`nil` when that shows no cursor or a
  /// range).
  public var caretRect: Rect? {
    guard isFirstResponder else { return nil }
    let position: Int
    if let marked = markedDisplayRange {
      guard let cursor = markedSelectedRange, cursor.isEmpty else { return nil }
      position = marked.lowerBound + cursor.lowerBound
    } else {
      guard selectedRange.isEmpty else { return nil }
      position = selectedRange.lowerBound
    }
    let line = lineBox()
    return Rect(x: xOffset(ofDisplayed: position) - 1, y: line.minY, width: 2, height: line.height)
  }

  /// Where editing happens, for an input method to place its candidates beside (and an on-screen
  /// keyboard to keep visible), in the field's coordinates, one line high: the caret (``caretRect``),
  /// else the selection, or with marked text the input method's range in it (all of the marked text
  /// when it shows no cursor); `nil` while the field is not first responder.
  public var editingRect: Rect? {
    guard isFirstResponder else { return nil }
    if let caretRect { return caretRect }
    let line = lineBox()
    guard let marked = markedDisplayRange else {
      let start = displayedIndex(ofCharacter: selectedRange.lowerBound)
      return span(
        start..<displayedIndex(ofCharacter: selectedRange.upperBound), y: line.minY, height: line.height)
    }
    let cursor = markedSelectedRange ?? 0..<marked.count
    let range = (marked.lowerBound + cursor.lowerBound)..<(marked.lowerBound + cursor.upperBound)
    return span(range, y: line.minY, height: line.height)
  }

  /// ``displayedText`` laid out in ``font``, made on first use after a change.
  var displayedLine: TextLine {
    if let displayedLineCache { return displayedLineCache }
    let line = FontSystem.shared.line(displayedText, font: font)
    displayedLineCache = line
    return line
  }

  /// The character boundary (0...text.count) a tap at `x` (in the field's coordinates) puts the caret
  /// at: the boundary on the tapped half of the character under it, or the nearest one; with marked text
  /// shown, the nearest boundary of ``text``.
  public func characterIndex(at x: Double) -> Int {
    guard let marked = markedDisplayRange else {
      return displayedLine.characterIndex(at: x - textLeft)
    }
    return (0...text.count).min { abs(xOffset(ofCharacter: $0) - x) < abs(xOffset(ofCharacter: $1) - x) }
      ?? marked.lowerBound
  }

  /// The x coordinate of the caret before character `index` of ``text``, as drawn (after marked
  /// text that comes before it).
  func xOffset(ofCharacter index: Int) -> Double {
    xOffset(ofDisplayed: displayedIndex(ofCharacter: index))
  }

  /// The position in ``displayedText`` of the boundary before character `index` of ``text``.
  func displayedIndex(ofCharacter index: Int) -> Int {
    guard let marked = markedDisplayRange, index > marked.lowerBound else { return index }
    return index + marked.count
  }

  /// The x coordinate of the caret before character `index` of ``displayedText``.
  private func xOffset(ofDisplayed index: Int) -> Double {
    textLeft + displayedLine.caretOffset(before: index)
  }

  /// The rectangles under the characters `range` of ``displayedText``, from `y`, `height` high: one,
  /// or one per stretch when the range crosses a change of direction; a caret-wide one at the range's
  /// start when it is empty.
  private func spans(_ range: Range<Int>, y: Double, height: Double) -> [Rect] {
    let left = textLeft
    let stretches = displayedLine.spans(of: range)
    guard !stretches.isEmpty else {
      return [Rect(x: xOffset(ofDisplayed: range.lowerBound), y: y, width: 0, height: height)]
    }
    return stretches.map {
      Rect(x: left + $0.lowerBound, y: y, width: $0.upperBound - $0.lowerBound, height: height)
    }
  }

  /// The smallest rectangle around ``spans(_:y:height:)``.
  private func span(_ range: Range<Int>, y: Double, height: Double) -> Rect {
    let rects = spans(range, y: y, height: height)
    let minX = rects.map(\.minX).min()!
    return Rect(x: minX, y: y, width: rects.map(\.maxX).max()! - minX, height: height)
  }

  /// One line of text, centred vertically in the bounds.
  private func lineBox() -> Rect {
    let height = FontSystem.shared.metrics(of: font).lineHeight
    return Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
  }

  func drawContent(in canvas: Canvas) {
    let line = lineBox()
    let ascent = canvas.fonts.metrics(of: font).ascent
    let origin = Point(x: textLeft, y: line.minY + ascent)
    // Text wider than the field is scrolled (`TextField+Scrolling.swift`); what lies outside is cut.
    canvas.save()
    defer { canvas.restore() }
    canvas.clip(to: bounds)
    let highlight = Paint.color(Self.selectionColor)
    if isFirstResponder, !selectedRange.isEmpty {
      let range =
        displayedIndex(
          ofCharacter: selectedRange.lowerBound)..<displayedIndex(
          ofCharacter: selectedRange.upperBound)
      for rect in spans(range, y: line.minY, height: line.height) { canvas.fill(rect, with: highlight) }
    }
    if let marked = markedDisplayRange, let cursor = markedSelectedRange, !cursor.isEmpty {
      let range = (marked.lowerBound + cursor.lowerBound)..<(marked.lowerBound + cursor.upperBound)
      for rect in spans(range, y: line.minY, height: line.height) { canvas.fill(rect, with: highlight) }
    }
    let shown = displayedText
    if shown.isEmpty, let placeholder {
      canvas.draw(
        placeholder, at: origin, font: font, with: .color(textColor.withAlpha(textColor.alpha * 0.4)))
    } else {
      canvas.draw(displayedLine, at: origin, with: .color(textColor))
    }
    if let marked = markedDisplayRange {
      let underline = Self.markedUnderline
      for rect in spans(marked, y: origin.y + underline.gap, height: underline.thickness) {
        canvas.fill(rect, with: .color(textColor))
      }
    }
    if let caret = caretRect { canvas.fill(caret, with: .color(textColor)) }
  }
}
