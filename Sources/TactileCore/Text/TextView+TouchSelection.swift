import TactileGeometry

/// Selecting in a ``TextView`` by touch and pointer, as UIKit's text views on iOS (fingers) and on the
/// Mac (pointers) do:
/// - **Pointer:** a press makes the view first responder and puts the caret there; dragging selects
///   from the press to the pointer (scrolling to follow it); a Shift-press extends the selection from
///   its anchor (Shift held on the keyboard while the view is first responder); a double click selects
///   the word (``TextView/wordRange(at:)``-style ICU words, dictionary words in Chinese and Japanese),
///   a triple click the paragraph (the line between newlines).
/// - **Finger:** a tap makes the view first responder and puts the caret at the lift (a drag scrolls
///   instead: the ``ScrollView/panGestureRecognizer`` takes it and cancels the tap); a double tap
///   selects the word, a triple tap the paragraph, a long press the word with the edit menu above it
///   (``EditMenuInteraction/presentEditMenu(at:triggeredBy:)``: Cut, Copy, Paste, Select All as they
///   apply). A selection made by finger shows handles (`TextView+SelectionHandles.swift`).
/// A view that is not ``TextView/isSelectable`` (nor ``TextView/isEditable``) ignores all of these.
extension TextView {
  /// What the touch in progress does.
  enum SelectionDrag {
    /// A pointer drag selecting from `anchor`.
    case pointer(anchor: Int)
    /// A finger that may be a tap (it puts the caret where it lifts).
    case tap
    /// A finger moving one end of the selection (`TextView+SelectionHandles.swift`).
    case handle(movingStart: Bool)
  }

  /// Installs the long press that selects a word and shows `editMenu`'s menu, in place of the
  /// interaction's own long press (which shows the menu only).
  func installSelectionGestures(editMenu: EditMenuInteraction) {
    editMenu.longPressRecognizer.isEnabled = false
    let longPress = LongPressGestureRecognizer()
    longPress.name = "text view word selection"
    longPress.addAction { [weak self, weak editMenu] recognizer in
      guard recognizer.state == .began, let self, self.canBecomeFirstResponder else { return }
      let point = recognizer.location(in: self)
      if !self.isFirstResponder { self.becomeFirstResponder() }
      self.select(self.wordRange(at: self.characterIndex(at: point)))
      self.showsSelectionHandles = true
      self.selectionDrag = nil
      editMenu?.presentEditMenu(at: point, triggeredBy: recognizer.activeTouches.first)
    }
    addGestureRecognizer(longPress)
  }

  /// A touch goes down: grabs a handle, starts a pointer selection, or selects a word or paragraph.
  /// Returns whether the view takes the touch (it does when it can become first responder).
  func beginTouchSelection(_ touches: Set<Touch>) -> Bool {
    guard let touch = touches.first, canBecomeFirstResponder else { return false }
    let point = touch.location(in: self)
    if touch.type != .pointer, let end = selectionHandle(at: point) {
      selectionDrag = .handle(movingStart: end)
      return true
    }
    let isPointer = touch.type == .pointer
    selectionDrag = isPointer ? nil : .tap
    guard isPointer || touch.tapCount > 1 else { return true }
    if !isFirstResponder { becomeFirstResponder() }
    showsSelectionHandles = !isPointer
    let caret = caretPosition(at: point)
    let index = caret.index
    switch touch.tapCount {
    case 2:
      select(wordRange(at: index))
      selectionDrag = nil
    case 3...:
      select(paragraphRange(at: index))
      selectionDrag = nil
    default:
      let anchor = isShiftHeld ? selectionAnchor : index
      selectionDrag = .pointer(anchor: anchor)
      select(from: anchor, to: index, affinity: caret.affinity)
    }
    return true
  }

  /// The touch moved: a pointer extends its selection, a handle moves its end. Returns whether the
  /// view tracks the touch.
  func continueTouchSelection(_ touches: Set<Touch>) -> Bool {
    guard let touch = touches.first, let drag = selectionDrag else { return false }
    let caret = caretPosition(at: touch.location(in: self))
    let index = caret.index
    switch drag {
    case .pointer(let anchor):
      select(from: anchor, to: index, affinity: caret.affinity)
      scrollToCaret()
    case .handle(let movingStart):
      moveSelectionHandle(start: movingStart, to: index)
    case .tap:
      break
    }
    return true
  }

  /// The touch lifted: a tap puts the caret there.
  func endTouchSelection(_ touches: Set<Touch>) {
    defer { selectionDrag = nil }
    guard let touch = touches.first, case .tap = selectionDrag else { return }
    if !isFirstResponder { becomeFirstResponder() }
    showsSelectionHandles = false
    let caret = caretPosition(at: touch.location(in: self))
    select(from: caret.index, to: caret.index, affinity: caret.affinity)
  }

  /// Whether a handle is being dragged (then the scroll pan and the long press do not begin).
  var isDraggingSelectionHandle: Bool {
    if case .handle = selectionDrag { return true }
    return false
  }

  /// The paragraph (the characters between newlines) around boundary `index`.
  func paragraphRange(at index: Int) -> Range<Int> {
    let characters = Array(text)
    var start = min(max(index, 0), characters.count)
    var end = start
    while start > 0, characters[start - 1] != "\n" { start -= 1 }
    while end < characters.count, characters[end] != "\n" { end += 1 }
    return start..<end
  }

}
