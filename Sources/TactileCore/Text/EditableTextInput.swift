import TactileGeometry

/// A text responder whose text, selection and caret an input method follows (text-input-v3's
/// surrounding text and cursor rectangle) and may delete around: a ``TextField`` or a ``TextView``.
///
/// Its changes are reported to the window's host (``WindowHost/windowTextInputDidChange(_:)``) while it
/// is first responder.
@MainActor
public protocol EditableTextInput: View, TextInput {
  /// The text, in characters (grapheme clusters).
  var text: String { get }
  /// The selection, in characters; empty for a caret.
  var selectedRange: Range<Int> { get }
  /// The selection's fixed end (an input method's anchor).
  var selectionAnchor: Int { get }
  /// The selection's moving end (an input method's cursor; the caret when the selection is empty).
  var selectionCursor: Int { get }
  /// Where editing happens, in the responder's coordinates, one line high — the caret, the selection
  /// (its first line in a multi-line view), or the input method's range in the marked text; `nil` while
  /// it is not first responder.
  var editingRect: Rect? { get }
  /// Deletes up to `before` characters before the selection and up to `after` after it, keeping the
  /// selection on the same characters: one undoable edit.
  func deleteSurroundingText(before: Int, after: Int)
  /// Selects `range` (clamped to the text).
  func select(_ range: Range<Int>)
  /// Replaces the characters in `range` (clamped to the text) with `text` as the user's edit would.
  func replace(_ range: Range<Int>, withText text: String)
}

extension TextField: EditableTextInput {}
