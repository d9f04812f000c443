/// An input method's pre-edit text in a ``TextField`` (UIKit's marked text): shown at the caret until
/// the input method commits (``TextInput/insertText(_:)`` replaces it) or drops it.
extension TextField {
  /// Shows `text` as the marked text at the caret, in place of the previous marked text; a non-empty
  /// selection is deleted first (the composition replaces it, as typing would). `nil` or empty removes
  /// the marked text. Changes neither ``text`` nor the undo history otherwise, and sends no event.
  ///
  /// - Parameters:
  ///   - text: The pre-edit text.
  ///   - selectedRange: The input method's cursor or selection inside `text`, in characters (clamped
  ///     to it); `nil` shows no cursor.
  public func setMarkedText(_ text: String?, selectedRange: Range<Int>?) {
    guard let text, !text.isEmpty else {
      if markedText != nil || markedSelectedRange != nil {
        markedText = nil
        markedSelectedRange = nil
        setNeedsDisplay()
        textInputDidChange()
      }
      return
    }
    if !self.selectedRange.isEmpty { replaceSelection(with: "") }
    markedText = text
    markedSelectedRange = selectedRange.map { range in
      let lower = min(max(range.lowerBound, 0), text.count)
      return lower..<min(max(range.upperBound, lower), text.count)
    }
    setNeedsDisplay()
    textInputDidChange()
  }
}
