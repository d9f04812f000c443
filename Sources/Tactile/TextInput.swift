/// A responder that accepts typed text, like `UIKeyInput`: the platform's committed text
/// (``Window/deliver(text:)``, from an input method) goes to the first responder when it adopts this.
@MainActor
public protocol TextInput: Responder {
  /// Whether there is any text to delete.
  var hasText: Bool { get }
  /// Inserts `text` at the caret, replacing the selection.
  func insertText(_ text: String)
  /// Deletes the selection, or the character before the caret.
  func deleteBackward()
}
