import TactileGeometry
import TactileRaster

/// A scrollable, multi-line, editable or read-only text view, like `UITextView`.
///
/// A text view *is* a ``ScrollView``, as UIKit's is: its text is laid out to its width
/// (`TextViewLayout`: hard newlines and Unicode line breaking, each line shaped and reordered for bidi on
/// its own) inside ``textContainerInset``, the ``ScrollView/contentSize`` follows the text's height, and
/// a finger drag or the wheel scrolls it. After an edit only the paragraphs it changed are broken and
/// shaped again; the others keep their lines from the previous layout. Pointer drags select instead of scrolling (the pan takes
/// direct touches and pencils only).
///
/// - **Editing** (``isEditable``): while first responder it takes typed text and an input method's
///   (``TextInput/insertText(_:)``, marked text drawn underlined at the caret), Backspace, Delete and
///   Return (a newline), caret keys by character (visually in bidi text), by line with Up and Down
///   (keeping the caret's x), Home and End to the line's ends, Shift extending the selection
///   (`TextView+Keys.swift`). It keeps the caret visible while it moves.
/// - **Selecting** (``isSelectable``): a tap puts the caret (past a wrapped line's end, at that end:
///   ``selectionAffinity``), a double tap or a long press selects the
///   word, a triple tap everything; a pointer drag selects, a Shift-click extends; a finger moves the
///   handles at a selection's ends across lines (`TextView+TouchSelection.swift`,
///   `TextView+SelectionHandles.swift`). A long press or a secondary click shows the edit menu
///   (``View/editMenuInteraction``) with Cut, Copy, Paste and Select All as they apply.
/// - **Edit commands and undo** are the ones a ``TextField`` has, from the same editing model
///   (`TextEditing`): cut, copy, paste, select all, undo and redo (Ctrl+Z, Ctrl+Shift+Z), a run of
///   typing undone as one step.
/// - **Input methods** follow it as they follow a text field (``EditableTextInput``): surrounding text,
///   and the caret's rectangle on its line as the cursor rectangle.
/// - **Observers:** the ``ScrollView/delegate``, when it is a ``TextViewDelegate``, is told of the
///   user's changes and of selection changes. Setting ``text`` in code tells nobody.
@MainActor
open class TextView: ScrollView, EditableTextInput, TextEditing, PrimarySelectionPasteTarget {
  /// The text. Setting it in code puts the caret at the end, drops marked text, clears the undo
  /// history and tells no delegate.
  public var text: String = "" {
    didSet {
      textDidChange()
      postAccessibilityTextChange(from: oldValue)
      guard !isApplyingEdit else { return }
      markedText = nil
      markedSelectedRange = nil
      editHistory.removeAll()
      setSelection(text.count..<text.count, backward: false)
    }
  }

  /// The font of the text.
  public var font: Font = .system(size: 17) {
    didSet { if font != oldValue { textDidChange() } }
  }

  /// The colour of the text.
  public var textColor: Color = .black {
    didSet { if textColor != oldValue { setNeedsDisplay() } }
  }

  /// Whether the user may change the text (default `true`); a read-only view can still be selected
  /// and copied from when ``isSelectable``.
  public var isEditable = true {
    didSet {
      if !isEditable { markedText = nil }
      if isEditable != oldValue { textInputDidChange() }
    }
  }

  /// Whether the view is ``isEditable``: a read-only view takes no input method.
  public var acceptsTextInput: Bool { isEditable }

  /// Whether the user may select the text (default `true`); a view neither editable nor selectable
  /// never becomes first responder.
  public var isSelectable = true

  /// The space between the view's edges and its text (UIKit's default: 8 points above and below; the
  /// 5 points at the sides are UIKit's line-fragment padding).
  public var textContainerInset = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5) {
    didSet { if textContainerInset != oldValue { textDidChange() } }
  }

  /// The selection, in characters; empty means a caret at its position.
  public private(set) var selectedRange: Range<Int> = 0..<0

  /// Whether the selection's moving end is its start.
  private var selectionIsBackward = false

  /// Which line the selection's moving end stands on when it is at a soft line break
  /// (``SelectionAffinity``): upstream after End or a tap past a wrapped line's end, downstream after
  /// any other change of the selection.
  public private(set) var selectionAffinity = SelectionAffinity.downstream

  /// The selection's fixed end: where Shift-extending, a drag or a handle drag began; the start of any
  /// other selection.
  public var selectionAnchor: Int {
    selectionIsBackward ? selectedRange.upperBound : selectedRange.lowerBound
  }

  /// The selection's moving end (the caret when the selection is empty).
  public var selectionCursor: Int {
    selectionIsBackward ? selectedRange.lowerBound : selectedRange.upperBound
  }

  /// The input method's pre-edit text, drawn at the caret; `nil` when there is none.
  public internal(set) var markedText: String? {
    didSet { if markedText != oldValue { textDidChange() } }
  }

  /// The input method's cursor or selection inside ``markedText``, in characters.
  public internal(set) var markedSelectedRange: Range<Int>?

  var editHistory = TextEditHistory()
  private var isApplyingEdit = false
  /// The layout of the displayed text at the current width, until either changes.
  var layoutCache: TextViewLayout?
  /// The lines of the paragraphs of the latest layout, which the next one reuses where they did not
  /// change.
  let paragraphLayouts = TextViewLayout.ParagraphCache()
  /// The x the caret keeps while Up and Down move it from line to line (`TextView+Keys.swift`).
  var goalX: (x: Double, cursor: Int)?
  /// The touch selecting (dragging from a point, or a handle), while it lasts
  /// (`TextView+TouchSelection.swift`).
  var selectionDrag: SelectionDrag?
  /// Whether a finger made the selection, so its handles show (`TextView+SelectionHandles.swift`).
  var showsSelectionHandles = false
  /// Whether Shift is held on the keyboard (presses reach the view while it is first responder).
  var isShiftHeld = false

  /// Creates a text view with an ``View/editMenuInteraction``; finger and pencil drags scroll it,
  /// pointer drags select.
  public override init(frame: Rect) {
    super.init(frame: frame)
    delaysContentTouches = false
    panGestureRecognizer.allowedTouchTypes = [.direct, .pencil]
    let interaction = EditMenuInteraction(view: self)
    editMenuInteraction = interaction
    installSelectionGestures(editMenu: interaction)
    cursorStyle = .text
    updateContentSize()
  }

  /// Editable or selectable views can become first responder.
  open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

  var allowsEditing: Bool { isEditable }

  /// The most characters (grapheme clusters) an edit — typing, pasting, an input method's commit —
  /// leaves in the view; the part of an insertion beyond it is dropped. `nil` (the default) for no
  /// limit, as `UITextView` has none. Setting ``text`` in code is not limited.
  public var maximumLength: Int?

  /// Selects `range` (clamped to the text), anchored at its start; a new non-empty selection is
  /// offered as the primary selection.
  public func select(_ range: Range<Int>) {
    let lower = min(max(range.lowerBound, 0), text.count)
    let upper = min(max(range.upperBound, lower), text.count)
    setSelection(lower..<upper, backward: false)
  }

  /// Selects from `anchor` (the fixed end) to `cursor` (the moving end), both clamped to the text.
  func select(from anchor: Int, to cursor: Int, affinity: SelectionAffinity = .downstream) {
    let anchor = min(max(anchor, 0), text.count)
    let cursor = min(max(cursor, 0), text.count)
    setSelection(min(anchor, cursor)..<max(anchor, cursor), backward: cursor < anchor, affinity: affinity)
  }

  private func setSelection(_ range: Range<Int>, backward: Bool, affinity: SelectionAffinity = .downstream) {
    let previous = (selectedRange, selectionIsBackward)
    if markedText != nil, range.lowerBound != selectedRange.lowerBound { layoutCache = nil }
    selectedRange = range
    selectionIsBackward = backward
    selectionAffinity = affinity
    setNeedsDisplay()
    textInputDidChange()
    guard previous != (range, backward) else { return }
    postAccessibilityEvent(.selectionChanged(self))
    (delegate as? TextViewDelegate)?.textViewDidChangeSelection(self)
    if !range.isEmpty, range != previous.0 { offerPrimarySelection() }
  }

  func show(_ snapshot: TextEditHistory.Snapshot) {
    isApplyingEdit = true
    text = snapshot.text
    isApplyingEdit = false
    select(snapshot.selection)
    scrollToCaret()
    (delegate as? TextViewDelegate)?.textViewDidChange(self)
  }

  /// The text, marked text, font or insets changed: lay out again and redraw.
  private func textDidChange() {
    layoutCache = nil
    updateContentSize()
    setNeedsDisplay()
    textInputDidChange()
  }

  /// Tells the window's host that the text, selection, marked text or caret changed, while this view
  /// is first responder (its input method follows them).
  func textInputDidChange() {
    guard isFirstResponder, let window else { return }
    window.host?.windowTextInputDidChange(window)
  }

  /// A new width lays the text out again; scrolling redraws it.
  override func boundsDidChange(from old: Rect) {
    super.boundsDidChange(from: old)
    if bounds.width != old.width { textDidChange() } else { setNeedsDisplay() }
  }

  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    guard super.becomeFirstResponder() else { return false }
    if !wasFirst { (delegate as? TextViewDelegate)?.textViewDidBeginEditing(self) }
    setNeedsDisplay()
    return true
  }

  @discardableResult
  open override func resignFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    guard super.resignFirstResponder() else { return false }
    setMarkedText(nil, selectedRange: nil)
    setNeedsDisplay()
    if wasFirst { (delegate as? TextViewDelegate)?.textViewDidEndEditing(self) }
    return true
  }

  // MARK: Accessibility (AT-SPI2's text role, multi-line: TactileAccessibility)

  /// A text view is an element whose value is its text.
  override var defaultIsAccessibilityElement: Bool { true }
  override var defaultAccessibilityValue: String? { text }

  // MARK: Touches (TextView+TouchSelection.swift)

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    if !beginTouchSelection(touches) { super.touchesBegan(touches, with: event) }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    if !continueTouchSelection(touches) { super.touchesMoved(touches, with: event) }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    endTouchSelection(touches)
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    selectionDrag = nil
  }

  /// While a selection handle is dragged the view keeps the touch: the scroll pan and the long press
  /// do not begin.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    !isDraggingSelectionHandle && super.gestureRecognizerShouldBegin(gestureRecognizer)
  }

  open override func draw(in canvas: Canvas) {
    drawContent(in: canvas)
  }

  /// Edit commands this view can perform now (the editing model's), then registered handlers.
  open override func handler(for action: Action) -> ActionHandler? {
    editCommandHandler(for: action) ?? super.handler(for: action)
  }

  open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    if presses.contains(where: { $0.key.name == .modifier(.shift) }) { isShiftHeld = true }
    let unhandled = presses.filter { !handleKey($0.key) }
    if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
  }

  open override func pressesChanged(_ presses: Set<Press>, with event: Event?) {
    let unhandled = presses.filter { !handleKey($0.key) }
    if !unhandled.isEmpty { super.pressesChanged(unhandled, with: event) }
  }

  /// Shift lifted (for Shift-click, `TextView+TouchSelection.swift`).
  open override func pressesEnded(_ presses: Set<Press>, with event: Event?) {
    if presses.contains(where: { $0.key.name == .modifier(.shift) }) { isShiftHeld = false }
    super.pressesEnded(presses, with: event)
  }

  open override func pressesCancelled(_ presses: Set<Press>, with event: Event?) {
    if presses.contains(where: { $0.key.name == .modifier(.shift) }) { isShiftHeld = false }
    super.pressesCancelled(presses, with: event)
  }

  // MARK: TextInput

  public var hasText: Bool { !text.isEmpty }

  /// Inserts `string` at the caret, replacing the selection and any marked text: typing, which a run
  /// of joins into one undo step. Does nothing unless ``isEditable``.
  public func insertText(_ string: String) {
    guard isEditable else { return }
    setMarkedText(nil, selectedRange: nil)
    replaceSelection(with: string, typing: true)
  }

  public func deleteBackward() {
    guard isEditable else { return }
    deleteBackwardCharacter()
  }

  /// Replaces the characters in `range` (clamped to the text) with `text` as the user's edit would
  /// (undoable, caret after it, the delegate told); for UIKit's `replace(_:withText:)` and assistive
  /// technology.
  public func replace(_ range: Range<Int>, withText text: String) {
    let lower = min(max(range.lowerBound, 0), self.text.count)
    let upper = min(max(range.upperBound, lower), self.text.count)
    replace(lower..<upper, with: text)
  }

  public func deleteSurroundingText(before: Int, after: Int) {
    guard isEditable else { return }
    deleteSurroundingCharacters(before: before, after: after)
  }

  /// Shows `text` as the marked text at the caret (a non-empty selection is deleted first); `nil` or
  /// empty removes it. Changes neither ``text`` nor the undo history, and tells no delegate.
  public func setMarkedText(_ text: String?, selectedRange: Range<Int>?) {
    guard let text, !text.isEmpty, isEditable else {
      if markedText != nil || markedSelectedRange != nil {
        markedSelectedRange = nil
        markedText = nil
      }
      return
    }
    if !self.selectedRange.isEmpty { replaceSelection(with: "") }
    markedSelectedRange = selectedRange.map { range in
      let lower = min(max(range.lowerBound, 0), text.count)
      return lower..<min(max(range.upperBound, lower), text.count)
    }
    markedText = text
    scrollToCaret()
  }

  // MARK: Primary selection

  /// Pastes the primary selection at the middle-button click at `location` (view coordinates), as a
  /// ``TextField`` does: the caret moves there and the text is inserted when it arrives.
  public func pastePrimarySelection(from pasteboard: any Pasteboard, at location: Point) {
    guard isEditable else { return }
    if !isFirstResponder { becomeFirstResponder() }
    let caret = caretPosition(at: location)
    select(from: caret.index, to: caret.index, affinity: caret.affinity)
    paste(from: pasteboard)
  }
}
