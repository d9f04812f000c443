/// Told about a ``TextView``'s editing, like `UITextViewDelegate`; every method has a default that does
/// nothing. Set it as the text view's ``ScrollView/delegate`` (it is a ``ScrollViewDelegate`` too).
@MainActor
public protocol TextViewDelegate: ScrollViewDelegate {
  /// The user changed the text (typing, deleting, pasting, cutting, an input method, undo and redo;
  /// not setting ``TextView/text`` in code).
  func textViewDidChange(_ textView: TextView)
  /// The selection or caret moved (by the user, an edit, or code).
  func textViewDidChangeSelection(_ textView: TextView)
  /// The text view became first responder.
  func textViewDidBeginEditing(_ textView: TextView)
  /// The text view stopped being first responder.
  func textViewDidEndEditing(_ textView: TextView)
}

extension TextViewDelegate {
  public func textViewDidChange(_ textView: TextView) {}
  public func textViewDidChangeSelection(_ textView: TextView) {}
  public func textViewDidBeginEditing(_ textView: TextView) {}
  public func textViewDidEndEditing(_ textView: TextView) {}
}
