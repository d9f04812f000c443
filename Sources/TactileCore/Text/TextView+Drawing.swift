import TactileGeometry
import TactileRaster

/// Drawing a ``TextView``: the lines in view (only those the bounds show), the selection behind them
/// line by line, the marked text underlined, the caret, and the selection handles — in the colours a
/// ``TextField`` uses.
extension TextView {
  /// The diameter of a selection handle's knob, in points.
  static let handleKnobDiameter = 10.0

  /// The knobs of the selection handles at the selection's start (above its first line) and end
  /// (below its last), in view coordinates; `nil` when no handles show
  /// (`TextView+SelectionHandles.swift`).
  var selectionHandleKnobs: (start: Rect, end: Rect)? {
    guard showsSelectionHandles, isFirstResponder, !selectedRange.isEmpty, markedText == nil else {
      return nil
    }
    let size = Self.handleKnobDiameter
    let ends = selectionEndCarets
    return (
      Rect(x: ends.start.midX - size / 2, y: ends.start.minY - size, width: size, height: size),
      Rect(x: ends.end.midX - size / 2, y: ends.end.maxY, width: size, height: size)
    )
  }

  /// One-line carets at the selection's start and end (the end on the line of its last character).
  var selectionEndCarets: (start: Rect, end: Rect) {
    let layout = textLayout
    func caret(_ index: Int, onLineOf character: Int) -> Rect {
      let line = layout.lines[layout.lineIndex(ofCaret: character)]
      let offset = line.text.caretOffset(before: index - line.range.lowerBound)
      return Rect(
        x: textOrigin.x + min(line.x + offset, textWidth) - 1, y: textOrigin.y + line.y, width: 2,
        height: layout.lineHeight)
    }
    let range = selectedRange
    return (
      caret(range.lowerBound, onLineOf: range.lowerBound),
      caret(range.upperBound, onLineOf: max(range.lowerBound, range.upperBound - 1))
    )
  }

  /// Draws the selection, the visible lines, the marked text's underline, the caret and the handles.
  func drawContent(in canvas: Canvas) {
    let layout = textLayout
    let origin = textOrigin
    let highlight = Paint.color(TextField.selectionColor)
    if isFirstResponder, !selectedRange.isEmpty {
      let range =
        displayedIndex(
          ofCharacter: selectedRange.lowerBound)..<displayedIndex(
          ofCharacter: selectedRange.upperBound)
      for rect in rects(ofDisplayed: range) where rect.intersects(bounds) {
        canvas.fill(rect, with: highlight)
      }
    }
    if let marked = markedDisplayRange, let cursor = markedSelectedRange, !cursor.isEmpty {
      let range = (marked.lowerBound + cursor.lowerBound)..<(marked.lowerBound + cursor.upperBound)
      for rect in rects(ofDisplayed: range) { canvas.fill(rect, with: highlight) }
    }
    let top = Int(max(0, (bounds.minY - origin.y) / layout.lineHeight).rounded(.down))
    for line in layout.lines[min(top, layout.lines.count - 1)...] {
      guard line.y <= bounds.maxY - origin.y else { break }
      canvas.draw(
        line.text, at: Point(x: origin.x + line.x, y: origin.y + line.y + layout.ascent),
        with: .color(textColor))
    }
    if let marked = markedDisplayRange {
      let underline = TextField.markedUnderline
      for rect in rects(ofDisplayed: marked) {
        let y = rect.minY + layout.ascent + underline.gap
        canvas.fill(
          Rect(x: rect.minX, y: y, width: rect.width, height: underline.thickness), with: .color(textColor))
      }
    }
    if let caret = caretRect { canvas.fill(caret, with: .color(textColor)) }
    if let knobs = selectionHandleKnobs {
      let ends = selectionEndCarets
      let paint = Paint.color(Self.handleColor)
      canvas.fill(ends.start, with: paint)
      canvas.fill(ends.end, with: paint)
      canvas.fillEllipse(in: knobs.start, with: paint)
      canvas.fillEllipse(in: knobs.end, with: paint)
    }
  }

  /// The colour of the selection handles.
  static let handleColor = Color(red: 0.2, green: 0.45, blue: 0.95)
}
