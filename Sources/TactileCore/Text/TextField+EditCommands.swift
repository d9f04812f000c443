/// The edit commands a ``TextField`` handles, through ``Responder/handler(for:)`` — so they arrive as
/// nil-target actions from the responder chain (the edit menu, keyboard shortcuts) or directly.
extension TextField {
  /// The handler for an edit command this field can perform now, or `nil` (then the chain goes on).
  func editCommandHandler(for action: Action) -> ActionHandler? {
    let pasteboard = window?.application.pasteboard
    switch action {
    case .copy where !selectedRange.isEmpty:
      return { [weak self] _, _ in
        guard let self else { return }
        pasteboard?.setString(self.selectedText)
      }
    case .cut where !selectedRange.isEmpty && isEnabled:
      return { [weak self] _, _ in
        guard let self else { return }
        pasteboard?.setString(self.selectedText)
        self.replaceSelection(with: "")
      }
    case .paste where pasteboard?.hasStrings == true && isEnabled:
      return { [weak self] _, _ in self?.paste(from: pasteboard) }
    case .selectAll where hasText:
      return { [weak self] _, _ in
        guard let self else { return }
        self.select(0..<self.text.count)
      }
    case .undo where !undoStack.isEmpty:
      return { [weak self] _, _ in self?.undo() }
    case .redo where !redoStack.isEmpty:
      return { [weak self] _, _ in self?.redo() }
    default:
      return nil
    }
  }

  /// Replaces the selection with the pasteboard's text when it arrives (at once from memory, on a later
  /// event-loop turn from the system clipboard); nothing happens if the field was disabled or left its
  /// window meanwhile, or no text came.
  private func paste(from pasteboard: Pasteboard?) {
    pasteboard?.readString { [weak self] text in
      guard let self, let text, self.isEnabled, self.window != nil else { return }
      self.replaceSelection(with: text)
    }
  }

  private func undo() {
    guard let previous = undoStack.popLast() else { return }
    redoStack.append(Snapshot(text: text, selection: selectedRange))
    apply(previous, recordingUndo: false)
  }

  private func redo() {
    guard let next = redoStack.popLast() else { return }
    undoStack.append(Snapshot(text: text, selection: selectedRange))
    apply(next, recordingUndo: false)
  }
}
