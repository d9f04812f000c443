import TactileRaster

/// Selecting text in a ``TextField`` by touch, as GTK and Qt text fields do with a mouse, in a field
/// that is first responder when the touch goes down:
/// - a pointer press puts the caret where it goes down, and dragging selects from there (the
///   ``TextField/selectionAnchor``) to the pointer (the ``TextField/selectionCursor``; Shift and the
///   arrows then move it on);
/// - a double tap (pointer or finger) selects the word under it by ICU's word boundaries
///   (``TactileRaster/TextBoundaries/words(in:)``: dictionary words in Chinese and Japanese), or the run of
///   spaces, or the punctuation mark; a triple tap selects everything (both anchored at their start).
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
}
