import TactileGeometry

/// The primary selection of a ``TextField``, as X11 and GTK text widgets have it: the text last
/// selected is offered to other programs, and a middle-button click pastes it.
extension TextField {
  /// Pastes the primary selection at the middle-button click at `location` (field coordinates): the
  /// field becomes first responder, the caret moves to the character boundary nearest the click, and
  /// the text is inserted at the caret when it arrives (at once from memory, on a later event-loop turn
  /// from another program). Nothing happens in a disabled field; nothing is inserted if the field has
  /// left its window meanwhile or no text came.
  public func pastePrimarySelection(from pasteboard: any Pasteboard, at location: Point) {
    guard isEnabled else { return }
    if !isFirstResponder { becomeFirstResponder() }
    let index = characterIndex(at: location.x)
    select(index..<index)
    pasteboard.readString { [weak self] text in
      guard let self, let text, self.isEnabled, self.window != nil else { return }
      self.replaceSelection(with: text)
    }
  }
}
