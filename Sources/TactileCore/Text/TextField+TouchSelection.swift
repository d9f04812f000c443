/// Selecting text in a ``TextField`` by touch, as GTK and Qt text fields do with a mouse, in a field
/// that is first responder when the touch goes down:
/// - a pointer press puts the caret where it goes down, and dragging selects from there (the
///   ``TextField/selectionAnchor``) to the pointer (the ``TextField/selectionCursor``; Shift and the
///   arrows then move it on);
/// - a double tap (pointer or finger) selects the run of word characters (letters, digits, `_`),
///   spaces, or the single other character under it; a triple tap selects everything (both anchored at
///   their start).
/// A selection made this way survives the lift; a plain tap puts the caret at the lift point.
extension TextField {
  func beginTouchSelection(with touch: Touch) {
    dragAnchor = nil
    touchSelected = false
    guard isFirstResponder, isEnabled else { return }
    let index = characterIndex(at: touch.location(in: self).x)
    switch touch.tapCount {
    case 2:
      touchSelected = true
      select(wordRange(at: index))
    case 3...:
      touchSelected = true
      select(0..<text.count)
    default:
      guard touch.type == .pointer else { return }
      dragAnchor = index
      select(index..<index)
    }
  }

  func continueTouchSelection(with touch: Touch) {
    guard let anchor = dragAnchor, isFirstResponder else { return }
    let index = characterIndex(at: touch.location(in: self).x)
    if index != anchor { touchSelected = true }
    select(from: anchor, to: index)
  }

  /// The run around the character after boundary `index` (the one before it at the end of the text):
  /// word characters, spaces, or one other character.
  func wordRange(at index: Int) -> Range<Int> {
    let characters = Array(text)
    guard !characters.isEmpty else { return 0..<0 }
    let position = min(index, characters.count - 1)
    let kind = { (character: Character) -> Int in
      if character.isLetter || character.isNumber || character == "_" { return 0 }
      return character.isWhitespace ? 1 : 2
    }
    let wanted = kind(characters[position])
    guard wanted != 2 else { return position..<(position + 1) }
    var lower = position
    while lower > 0, kind(characters[lower - 1]) == wanted { lower -= 1 }
    var upper = position + 1
    while upper < characters.count, kind(characters[upper]) == wanted { upper += 1 }
    return lower..<upper
  }
}
