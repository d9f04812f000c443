/// What assistive technology is told when the text of a field or text view changes: the one span that
/// differs, so a screen reader speaks what was typed or deleted rather than the whole text.
extension EditableTextInput {
  /// Posts ``AccessibilityEvent/textChanged(_:offset:removed:inserted:)`` for the change from `old` to
  /// ``text``: the characters between their common beginning and their common end.
  ///
  /// - Complexity: O(*n*) in the length of the texts.
  func postAccessibilityTextChange(from old: String) {
    guard old != text else { return }
    let (old, new) = (Array(old), Array(text))
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    postAccessibilityEvent(
      .textChanged(
        self, offset: prefix, removed: String(old[prefix..<old.count - suffix]),
        inserted: String(new[prefix..<new.count - suffix])))
  }
}
