import TactileGeometry
import TactileRaster

/// Key presses of a focused ``TextView``: text, deletion and Return (a newline) when it is editable, and
/// caret movement whenever it is first responder. Edit shortcuts (Ctrl+C, Ctrl+Z…) come as edit commands,
/// not presses (``Action/editCommand(forShortcut:)``).
///
/// - Left and Right move one character on screen within a line (visually in bidi text,
///   ``TactileRaster/TextLine/caretIndex(from:movingRight:)``) and on to the next or previous line at
///   its end; with marked text shown they move logically.
/// - Up and Down move to the line above or below at the x where the caret stood when the first of a
///   series of them began (the caret keeps its column across short lines); beyond the first or last
///   line they go to the text's start or end.
/// - Home and End go to the start and end of the caret's line (the end of a wrapped line is the next
///   line's start, shown at this line's end: ``TextView/selectionAffinity`` upstream); Ctrl+Home and
///   Ctrl+End to the start and end of the text.
/// - Page Up and Page Down move as many lines as the view shows (at least one), keeping the column as Up
///   and Down do, and scroll the text by as much, so the caret keeps its place on screen where the text
///   allows.
/// - With Shift each of these moves the selection's moving end (``TextView/selectionCursor``) and keeps
///   its anchor; without it a selection collapses (Left and Right to its edge on that side).
/// The caret is kept visible after each.
extension TextView {
  /// Handles one key; returns whether the view used it.
  func handleKey(_ key: Key) -> Bool {
    guard isFirstResponder else { return false }
    let extend = key.modifierFlags.contains(.shift)
    if key.modifierFlags.contains(.control) || key.modifierFlags.contains(.command) {
      switch key.name {
      case .home: move(to: 0, extending: extend)
      case .end: move(to: text.count, extending: extend)
      default: return false
      }
      return true
    }
    switch key.name {
    case .leftArrow: moveHorizontally(right: false, extending: extend)
    case .rightArrow: moveHorizontally(right: true, extending: extend)
    case .upArrow: moveVertically(lines: -1, extending: extend)
    case .downArrow: moveVertically(lines: 1, extending: extend)
    case .pageUp: movePage(down: false, extending: extend)
    case .pageDown: movePage(down: true, extending: extend)
    case .home: moveToLineEnd(end: false, extending: extend)
    case .end: moveToLineEnd(end: true, extending: extend)
    default: return handleEditingKey(key)
    }
    return true
  }

  /// Text, Backspace, Delete and Return, in an editable view.
  private func handleEditingKey(_ key: Key) -> Bool {
    guard isEditable else { return false }
    switch key.name {
    case .backspace: deleteBackward()
    case .delete: deleteForward()
    case .return: insertText("\n")
    default:
      let printable =
        !key.characters.isEmpty
        && key.characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
      if printable { insertText(key.characters) }
      return printable
    }
    return true
  }

  /// Moves the selection's moving end to `index` (extending) or the caret there, on the line
  /// `affinity` chooses at a soft break, and shows it.
  private func move(to index: Int, extending: Bool, affinity: SelectionAffinity = .downstream) {
    select(from: extending ? selectionAnchor : index, to: index, affinity: affinity)
    scrollToCaret()
  }

  private func moveHorizontally(right: Bool, extending: Bool) {
    let layout = textLayout
    func step(from index: Int) -> Int {
      guard markedText == nil else { return index + (right ? 1 : -1) }
      let number = layout.lineIndex(ofCaret: index, affinity: selectionAffinity)
      let line = layout.lines[number]
      let local = index - line.range.lowerBound
      if let next = line.text.caretIndex(from: local, movingRight: right) {
        let moved = line.range.lowerBound + next
        // The boundary after a wrapped line's last character is the next line's start.
        return line.wraps && moved == line.range.upperBound ? moved - (right ? 0 : 1) : moved
      }
      let forward = right != line.text.isRightToLeft
      return forward ? min(line.range.upperBound + (line.wraps ? 0 : 1), text.count) : max(index - 1, 0)
    }
    if extending || selectedRange.isEmpty {
      move(to: step(from: selectionCursor), extending: extending)
      return
    }
    let (lower, upper) = (selectedRange.lowerBound, selectedRange.upperBound)
    let lowerIsLeft =
      layout.lineIndex(ofCaret: lower) < layout.lineIndex(ofCaret: upper)
      || layout.caretX(lower) <= layout.caretX(upper)
    move(to: lowerIsLeft == right ? upper : lower, extending: false)
  }

  /// Moves `lines` lines down (up when negative), keeping the series' column.
  private func moveVertically(lines: Int, extending: Bool) {
    guard markedText == nil else { return }
    let layout = textLayout
    let cursor = selectionCursor
    let x =
      goalX.flatMap { $0.cursor == cursor ? $0.x : nil }
      ?? layout.caretX(cursor, affinity: selectionAffinity)
    let number = layout.lineIndex(ofCaret: cursor, affinity: selectionAffinity) + lines
    let target =
      number < 0
      ? (index: 0, affinity: .downstream)
      : number >= layout.lines.count
        ? (index: text.count, affinity: .downstream) : layout.caretPosition(onLine: number, x: x)
    move(to: target.index, extending: extending, affinity: target.affinity)
    goalX = (x, target.index)
  }

  /// Scrolls by the lines the view shows and moves the caret by as many.
  private func movePage(down: Bool, extending: Bool) {
    guard markedText == nil else { return }
    let lineHeight = textLayout.lineHeight
    let shown = bounds.height - textContainerInset.top - textContainerInset.bottom
    let lines = max(Int((shown / lineHeight).rounded(.down)), 1)
    let y = contentOffset.y + Double(down ? lines : -lines) * lineHeight
    setContentOffset(
      Point(x: contentOffset.x, y: min(max(y, minimumContentOffset.y), maximumContentOffset.y)),
      animated: false)
    moveVertically(lines: down ? lines : -lines, extending: extending)
  }

  /// Home and End: the caret's line's start, or its end, which on a wrapped line is the next line's
  /// start shown upstream (at this line's end).
  private func moveToLineEnd(end: Bool, extending: Bool) {
    let layout = textLayout
    let line = layout.lines[layout.lineIndex(ofCaret: selectionCursor, affinity: selectionAffinity)]
    guard end else { return move(to: line.range.lowerBound, extending: extending) }
    move(to: line.range.upperBound, extending: extending, affinity: line.wraps ? .upstream : .downstream)
  }
}
