/// The undo and redo history of an editable text (a ``TextField`` or a ``TextView``): states of its text
/// and selection, with the typing of a run of characters grouped into one step, as UIKit's text views
/// group it.
///
/// An edit records the state before it (``record(_:typing:)``). A typing edit — text typed or
/// committed by an input method at a caret — that starts where the previous typing edit left the caret
/// joins the previous step; any other edit (paste, cut, deletion, an input method's surrounding-text
/// deletion), a move of the caret, an undo or a redo ends the run.
struct TextEditHistory {
  /// A state of the text: its characters and selection.
  struct Snapshot: Equatable {
    var text: String
    var selection: Range<Int>
  }

  private(set) var undoStack: [Snapshot] = []
  private(set) var redoStack: [Snapshot] = []
  /// Where the running typing run left the caret, while one runs.
  private var typingCaret: Int?

  /// Whether there is a step to undo.
  var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a step to redo.
  var canRedo: Bool { !redoStack.isEmpty }

  /// Records an edit from `before` to `after`, clearing the redo history.
  ///
  /// - Parameters:
  ///   - before: The state before the edit.
  ///   - after: The state it makes.
  ///   - typing: Whether the edit typed text at a caret (which may join the running typing run).
  mutating func record(from before: Snapshot, to after: Snapshot, typing: Bool) {
    redoStack = []
    let continuesRun =
      typing && before.selection.isEmpty && typingCaret == before.selection.lowerBound && !undoStack.isEmpty
    if !continuesRun { undoStack.append(before) }
    typingCaret = typing && after.selection.isEmpty ? after.selection.lowerBound : nil
  }

  /// Takes the step to undo from `current`: returns the state to restore (`nil` when there is none)
  /// and keeps `current` for redo.
  mutating func undo(from current: Snapshot) -> Snapshot? {
    typingCaret = nil
    guard let previous = undoStack.popLast() else { return nil }
    redoStack.append(current)
    return previous
  }

  /// Takes the step to redo from `current`: returns the state to restore (`nil` when there is none)
  /// and keeps `current` for undo.
  mutating func redo(from current: Snapshot) -> Snapshot? {
    typingCaret = nil
    guard let next = redoStack.popLast() else { return nil }
    undoStack.append(current)
    return next
  }

  /// Forgets everything (the text was set in code).
  mutating func removeAll() {
    self = TextEditHistory()
  }
}
