import TactileRaster

/// The editing model a ``TextField`` and a ``TextView`` share: replacing characters as the user's edits
/// do, with undo history (`TextEditHistory`), the edit commands of the responder chain, an input
/// method's deletions around the selection, words, and the primary selection.
///
/// An adopter stores the text and the selection and shows a new state (`show(_:)`); everything else is
/// here, so both controls edit alike.
@MainActor
protocol TextEditing: View {
  /// The text, in characters.
  var text: String { get }
  /// The selection, in characters; empty for a caret.
  var selectedRange: Range<Int> { get }
  /// The undo and redo history.
  var editHistory: TextEditHistory { get set }
  /// Whether edits are allowed now (an enabled field, an editable text view).
  var allowsEditing: Bool { get }
  /// The most characters an edit leaves in the text; `nil` for no limit.
  var maximumLength: Int? { get }
  /// Selects `range` (within the text), anchored at its start.
  func select(_ range: Range<Int>)
  /// Makes `snapshot` the text and selection, keeping the history, and tells the control's observers
  /// that the text changed.
  func show(_ snapshot: TextEditHistory.Snapshot)
}

extension TextEditing {
  /// The selected text ("" for a caret).
  var selectedText: String {
    String(Array(text)[selectedRange])
  }

  /// Replaces the characters in `range` (within the text) with `string` — cut to the room
  /// ``maximumLength`` leaves — and puts the caret after it, recording undo history.
  ///
  /// - Parameters:
  ///   - range: The characters replaced.
  ///   - string: The replacement.
  ///   - typing: Whether this is typing, which joins the running typing run in the undo history.
  /// - Complexity: O(*n* + *m*) in the lengths of the text and of the part of `string` kept: a 64 MiB
  ///   paste into a field limited to 65,535 characters walks that many of its characters, not all.
  func replace(_ range: Range<Int>, with string: String, typing: Bool = false) {
    var characters = Array(text)
    let room = maximumLength.map { max($0 - (characters.count - range.count), 0) }
    let kept = room.map { Array(string.prefix($0)) } ?? Array(string)
    characters.replaceSubrange(range, with: kept)
    let caret = range.lowerBound + kept.count
    apply(.init(text: String(characters), selection: caret..<caret), recordingUndo: true, typing: typing)
  }

  /// Replaces the selection with `string`, recording undo history.
  func replaceSelection(with string: String, typing: Bool = false) {
    replace(selectedRange, with: string, typing: typing)
  }

  /// Makes `snapshot` current; with `recordingUndo` the previous state goes into the undo history (a
  /// `typing` edit may join the running typing run) and the redo history is cleared. Nothing happens
  /// when `snapshot` is the current state.
  func apply(_ snapshot: TextEditHistory.Snapshot, recordingUndo: Bool, typing: Bool = false) {
    let current = TextEditHistory.Snapshot(text: text, selection: selectedRange)
    guard snapshot != current else { return }
    if recordingUndo { editHistory.record(from: current, to: snapshot, typing: typing) }
    show(snapshot)
  }

  /// Deletes up to `before` characters before the selection and up to `after` characters after it
  /// (fewer at the text's ends), keeping the selection (or caret) on the same characters: one edit,
  /// undoable.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  func deleteSurroundingCharacters(before: Int, after: Int) {
    let characters = Array(text)
    let start = max(selectedRange.lowerBound - max(before, 0), 0)
    let end = min(selectedRange.upperBound + max(after, 0), characters.count)
    let kept = String(characters[..<start]) + String(characters[selectedRange]) + String(characters[end...])
    let deletedBefore = selectedRange.lowerBound - start
    let selection = (selectedRange.lowerBound - deletedBefore)..<(selectedRange.upperBound - deletedBefore)
    apply(.init(text: kept, selection: selection), recordingUndo: true)
  }

  /// Deletes the selection, or the character after the caret (the Delete key).
  func deleteForward() {
    guard selectedRange.isEmpty else { return replaceSelection(with: "") }
    guard selectedRange.upperBound < text.count else { return }
    replace(selectedRange.lowerBound..<(selectedRange.lowerBound + 1), with: "")
  }

  /// Deletes the selection, or the character before the caret (Backspace).
  func deleteBackwardCharacter() {
    guard selectedRange.isEmpty else { return replaceSelection(with: "") }
    guard selectedRange.lowerBound > 0 else { return }
    replace((selectedRange.lowerBound - 1)..<selectedRange.lowerBound, with: "")
  }

  /// The handler for an edit command the control can perform now, or `nil` (then the responder chain
  /// goes on): copy and cut need a selection, paste text on the application's
  /// ``Application/pasteboard``, Select All text, undo and redo history; cut and paste need
  /// `allowsEditing`.
  func editCommandHandler(for action: Action) -> ActionHandler? {
    let pasteboard = window?.application.pasteboard
    switch action {
    case .copy where !selectedRange.isEmpty:
      return { [weak self] _, _ in
        guard let self else { return }
        pasteboard?.setString(self.selectedText)
      }
    case .cut where !selectedRange.isEmpty && allowsEditing:
      return { [weak self] _, _ in
        guard let self else { return }
        pasteboard?.setString(self.selectedText)
        self.replaceSelection(with: "")
      }
    case .paste where pasteboard?.hasStrings == true && allowsEditing:
      return { [weak self] _, _ in self?.paste(from: pasteboard) }
    case .selectAll where !text.isEmpty:
      return { [weak self] _, _ in
        guard let self else { return }
        self.select(0..<self.text.count)
      }
    case .undo where editHistory.canUndo:
      return { [weak self] _, _ in self?.undo() }
    case .redo where editHistory.canRedo:
      return { [weak self] _, _ in self?.redo() }
    default:
      return nil
    }
  }

  /// Replaces the selection with the pasteboard's text when it arrives (at once from memory, on a later
  /// event-loop turn from the system clipboard); nothing happens if editing stopped being allowed or
  /// the control left its window meanwhile, or no text came.
  func paste(from pasteboard: Pasteboard?) {
    pasteboard?.readString { [weak self] text in
      guard let self, let text, self.allowsEditing, self.window != nil else { return }
      self.replaceSelection(with: text)
    }
  }

  /// Restores the state before the last step of the history.
  func undo() {
    guard let previous = editHistory.undo(from: .init(text: text, selection: selectedRange)) else { return }
    apply(previous, recordingUndo: false)
  }

  /// Restores the state the last undo left.
  func redo() {
    guard let next = editHistory.redo(from: .init(text: text, selection: selectedRange)) else { return }
    apply(next, recordingUndo: false)
  }

  /// The word, run of spaces or punctuation mark around the character after boundary `index` (the
  /// one before it at the end of the text), by ICU's word boundaries
  /// (``TactileRaster/TextBoundaries/words(in:)``: dictionary words in Chinese and Japanese).
  func wordRange(at index: Int) -> Range<Int> {
    let count = text.count
    guard count > 0 else { return 0..<0 }
    let position = min(max(index, 0), count - 1)
    return TextBoundaries.words(in: text).first { $0.range.contains(position) }?.range
      ?? position..<(position + 1)
  }

  /// Offers the selected text as the application's ``Application/primarySelection``; does nothing
  /// without a selection, a window or a platform primary selection. Deselecting leaves the last offer
  /// in place (as Qt and X11 terminals do).
  func offerPrimarySelection() {
    guard !selectedRange.isEmpty, let primary = window?.application.primarySelection else { return }
    primary.setString(selectedText)
  }
}
