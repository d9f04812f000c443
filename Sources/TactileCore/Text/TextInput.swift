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
  /// Whether an input method should serve this responder now. A read-only ``TextView`` stays first
  /// responder to be selected and copied from but takes no typed text, so no on-screen keyboard comes
  /// up for it; a disabled ``TextField`` neither. An adopter whose answer changes while it is first
  /// responder tells its window's host (``WindowHost/windowTextInputDidChange(_:)``).
  var acceptsTextInput: Bool { get }
}

extension TextInput {
  /// `true`: a responder that adopts this takes text unless it says otherwise.
  public var acceptsTextInput: Bool { true }

  public var markedText: String? { nil }

  /// Ignores pre-edit text: the default for responders that only take committed text.
  public func setMarkedText(_ text: String?, selectedRange: Range<Int>?) {}
}
