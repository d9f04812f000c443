/// Which line a caret stands on where a line wraps: the boundary between a wrapped line's last
/// character and the next line's first is one position in the text but two places on screen, like
/// `NSSelectionAffinity`.
public enum SelectionAffinity: Sendable, Hashable {
  /// At the end of the line before the wrap: where End, or a tap past the line's end, puts the caret.
  case upstream
  /// At the start of the line after the wrap: where the caret stands after typing, or moving onto
  /// the boundary by character.
  case downstream
}
