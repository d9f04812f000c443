/// An input method deleting the text around the selection of a ``TextField`` (as it replaces a word it
/// corrects, or the letters it composed into one character).
extension TextField {
  /// Deletes up to `before` characters before the selection and up to `after` characters after it
  /// (fewer at the text's ends), keeping the selection (or caret) on the same characters: one edit,
  /// undoable, that sends ``Control/Events/editingChanged`` if it deleted anything.
  public func deleteSurroundingText(before: Int, after: Int) {
    deleteSurroundingCharacters(before: before, after: after)
  }
}
