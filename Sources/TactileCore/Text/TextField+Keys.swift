import TactileRaster

/// Key presses of a focused ``TextField``: text, deletion, caret movement and Return. Edit shortcuts
/// (Ctrl+C…) never arrive here as presses when the field can perform them: the window sends them as edit
/// commands (``Action/editCommand(forShortcut:)``).
extension TextField {
  /// Handles one key; returns whether the field used it.
  func handleKey(_ key: Key, event: Event?) -> Bool {
    guard isFirstResponder, isEnabled else { return false }
    if key.modifierFlags.contains(.control) || key.modifierFlags.contains(.command) { return false }
    if handleEditingKey(key, event: event) { return true }
    let printable =
      !key.characters.isEmpty
      && key.characters.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }
    if printable { insertText(key.characters) }
    return printable
  }

  private func handleEditingKey(_ key: Key, event: Event?) -> Bool {
    let extend = key.modifierFlags.contains(.shift)
    switch key.name {
    case .backspace: deleteBackward()
    case .delete: deleteForward()
    case .leftArrow: moveCaret(right: false, extending: extend)
    case .rightArrow: moveCaret(right: true, extending: extend)
    case .home: moveCaret(to: 0, extending: extend)
    case .end: moveCaret(to: text.count, extending: extend)
    case .return:
      sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered], with: event)
    default: return false
    }
    return true
  }

  /// Moves the caret one character boundary left or right on screen (``TactileRaster/TextLine/caretIndex(from:movingRight:)``:
  /// in right-to-left text Left moves towards the text's end), or logically by one character while
  /// marked text is shown. With `extending`, the selection's moving end (``selectionCursor``) moves and
  /// its anchor stays (where the caret was when extending began, or the start of a selection made
  /// otherwise); without it, a selection collapses to its edge on that side of the screen.
  private func moveCaret(right: Bool, extending: Bool) {
    let line = displayedLine
    func step(from index: Int) -> Int {
      guard markedText == nil else { return index + (right ? 1 : -1) }
      return line.caretIndex(from: index, movingRight: right) ?? index
    }
    if extending {
      select(from: selectionAnchor, to: step(from: selectionCursor))
      return
    }
    if !selectedRange.isEmpty {
      let (lower, upper) = (selectedRange.lowerBound, selectedRange.upperBound)
      let lowerIsLeft = line.caretOffset(before: lower) <= line.caretOffset(before: upper)
      let edge = lowerIsLeft == right ? upper : lower
      select(edge..<edge)
      return
    }
    moveCaret(to: step(from: selectedRange.lowerBound), extending: false)
  }

  /// Moves the caret to `position` (clamped to the text), whatever the selection: Home and End go to the
  /// ends of the text. With `extending`, the selection's anchor stays and its moving end goes there.
  private func moveCaret(to position: Int, extending: Bool) {
    select(from: extending ? selectionAnchor : position, to: position)
  }
}
