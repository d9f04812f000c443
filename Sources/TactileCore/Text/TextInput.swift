/// A responder that accepts typed text, like `UIKeyInput` with `UITextInput`'s marked text: the
/// platform's committed text (``Window/deliver(text:)``) and pre-edit text (``Window/deliver(markedText:selectedRange:)``),
/// both from an input method, go to the first responder when it adopts this.
@MainActor
public protocol TextInput: Responder {
  /// Whether there is any text to delete.
  var hasText: Bool { get }
  /// Inserts `text` at the caret, replacing the selection and any marked text.
  func insertText(_ text: String)
  /// Deletes the selection, or the character before the caret.
  func deleteBackward()
  /// The input method's pre-edit text, shown at the caret and not part of the text; `nil` when there
  /// is none. Responders that do not show it keep the default, `nil`.
  var markedText: String? { get }
  /// Replaces the marked text with `text` (`nil` or empty removes it).
  ///
  /// - Parameters:
  ///   - text: The pre-edit text.
  ///   - selectedRange: The input method's cursor (empty) or selection inside `text`, in characters;
  ///     `nil` shows no cursor.
  func setMarkedText(_ text: String?, selectedRange: Range<Int>?)
}

extension TextInput {
  public var markedText: String? { nil }

  /// Ignores pre-edit text: the default for responders that only take committed text.
  public func setMarkedText(_ text: String?, selectedRange: Range<Int>?) {}
}
