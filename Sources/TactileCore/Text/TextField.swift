import TactileGeometry
import TactileRaster

/// A single-line editable text control, like `UITextField`.
///
/// - **Focus:** a tap (touch up inside) makes an enabled field the first responder by itself, as in
///   UIKit (any other responder must ask); it sends
///   ``Control/Events/editingDidBegin`` when it gains the role and ``Control/Events/editingDidEnd`` when
///   it loses it. Focus from code puts the caret at the end; a tap puts it at the nearest character
///   boundary.
/// - **Selecting by touch** (`TextField+TouchSelection.swift`), in a field that is first responder: a
///   pointer drag selects from where the button went down; a double tap selects the word (or the run of
///   spaces or the punctuation mark) under it, a triple tap everything.
/// - **Typing:** while first responder, key presses that produce text insert it at the caret,
///   replacing the selection; Backspace deletes the selection or the character before the caret, Delete
///   the one after; Left/Right move the caret (with Shift they extend the selection), Home/End jump;
///   Return sends ``Control/Events/editingDidEndOnExit`` and ``Control/Events/primaryActionTriggered``.
///   Text from an input method arrives through ``TextInput/insertText(_:)``; it may also delete around
///   the selection (``deleteSurroundingText(before:after:)``, `TextField+SurroundingText.swift`). Every
///   edit sends ``Control/Events/editingChanged``.
/// - **Input methods follow it:** while first responder, every change of the text, selection, marked
///   text or caret is reported to the window's host (``WindowHost/windowTextInputDidChange(_:)``), which
///   tells the input method the new surrounding text (with ``selectionCursor`` and ``selectionAnchor``)
///   and ``editingRect``. A disabled field takes no input method (``acceptsTextInput``).
/// - **Scrolling** (`TextField+Scrolling.swift`): a text wider than the field slides sideways so that the
///   selection's moving end (or the input method's cursor in marked text) stays inside it, moving only
///   as far as it must; a field that is not first responder shows the start of its text. What lies
///   outside the bounds is not drawn.
/// - **Pre-edit text** from an input method (``markedText``, `TextField+MarkedText.swift`) is drawn at
///   the caret, underlined, with the input method's cursor inside it; it is not part of ``text`` until
///   committed, and resigning first responder drops it.
/// - **Edit commands:** ``Action/cut``, ``Action/copy``, ``Action/paste``, ``Action/selectAll``,
///   ``Action/undo`` and ``Action/redo`` arrive as nil-target actions from the edit menu (``EditMenu``) or
///   the window's shortcuts (Ctrl+X/C/V/A/Z, Ctrl+Shift+Z or Ctrl+Y: ``Action/editCommand(forShortcut:)``),
///   so they travel the responder chain from the first responder — this field handles them when it can
///   (cut/copy need a selection, paste needs text on the application's ``Application/pasteboard``,
///   undo/redo need history); otherwise an ancestor may.
/// - **Primary selection** (X11 and GTK behaviour, where the platform has one:
///   ``Application/primarySelection``): a selection that becomes non-empty — a drag or double tap,
///   Select All, Shift and the arrows, an undo that restores one, ``select(_:)`` — is offered as the
///   primary selection; a middle-button click pastes it at the click (``PrimarySelectionPasteTarget``).
@MainActor
open class TextField: Control, TextInput, TextEditing, PrimarySelectionPasteTarget {
  /// The text. Setting it in code moves the caret to the end, drops marked text, clears undo history
  /// and sends nothing.
  public var text: String = "" {
    didSet {
      displayedLineCache = nil
      textInputDidChange()
      postAccessibilityTextChange(from: oldValue)
      guard !isApplyingEdit else { return }
      setMarkedText(nil, selectedRange: nil)
      selectedRange = text.count..<text.count
      editHistory.removeAll()
      setNeedsDisplay()
    }
  }

  /// The most characters (grapheme clusters) an edit — typing, pasting, an input method's commit,
  /// assistive technology's ``replace(_:withText:)`` — leaves in the field; the part of an insertion
  /// beyond it is dropped, as GTK's entries (65,535 characters) and Qt's line edits (32,767) do. `nil`
  /// for no limit. Default 65,535. Setting ``text`` in code is not limited.
  ///
  /// A single-line field lays out and draws its whole text on every change, so its cost per edit grows
  /// with the text's length; the limit keeps a stray paste of megabytes from freezing the app (text
  /// that long belongs in a multi-line, scrolling view).
  public var maximumLength: Int? = 65_535

  /// Shown when ``text`` is empty.
  public var placeholder: String? {
    didSet { setNeedsDisplay() }
  }

  /// The font of the text and placeholder.
  public var font: Font = .system(size: 17) {
    didSet {
      guard font != oldValue else { return }
      displayedLineCache = nil
      setNeedsDisplay()
    }
  }

  /// The colour of the text; the placeholder is drawn in the same colour at 40% opacity.
  public var textColor: Color = .black {
    didSet { if textColor != oldValue { setNeedsDisplay() } }
  }

  /// The selection, in characters; empty means a caret at its position.
  public private(set) var selectedRange: Range<Int> = 0..<0

  /// The fixed end of the selection (an input method's anchor): where a selection made with Shift and
  /// the arrows or by a pointer drag began; the start of any other selection (``select(_:)``, a double
  /// or triple tap, Select All, an undo).
  public var selectionAnchor: Int {
    selectionIsBackward ? selectedRange.upperBound : selectedRange.lowerBound
  }

  /// The moving end of the selection (an input method's cursor; the caret when the selection is
  /// empty): where Shift and the arrows or a pointer drag took it; the end of any other selection.
  public var selectionCursor: Int {
    selectionIsBackward ? selectedRange.lowerBound : selectedRange.upperBound
  }

  /// Whether the selection's moving end is its start (it was extended leftwards); never for a caret.
  private var selectionIsBackward = false

  /// The input method's pre-edit text, drawn at the caret; `nil` when there is none.
  public internal(set) var markedText: String? {
    didSet { displayedLineCache = nil }
  }
  /// The input method's cursor (empty) or selection inside ``markedText``, in characters; `nil` when
  /// it shows none.
  public internal(set) var markedSelectedRange: Range<Int>?

  /// Where the tracked pointer drag started selecting, while it lasts.
  var dragAnchor: Int?
  /// Whether the tracked touch selected text (a drag, a double or triple tap), which its lift keeps.
  var touchSelected = false
  /// ``displayedText`` laid out (`TextField+Drawing.swift`), until the text, the marked text, the
  /// caret's place in front of the marked text or the font changes.
  var displayedLineCache: TextLine?
  /// The last resolved ``textScroll`` (`TextField+Scrolling.swift`).
  var scrollStore = 0.0
  /// The undo and redo history (each edit its own step).
  var editHistory = TextEditHistory()
  private var isApplyingEdit = false

  /// The selected text ("" for a caret).
  public var selectedText: String {
    let characters = Array(text)
    return String(characters[selectedRange])
  }

  /// Selects `range` (clamped to the text), anchored at its start (``selectionAnchor``). A new
  /// non-empty selection is offered as the primary selection (`offerPrimarySelection()`).
  public func select(_ range: Range<Int>) {
    let lower = min(max(range.lowerBound, 0), text.count)
    let upper = min(max(range.upperBound, lower), text.count)
    setSelection(lower..<upper, backward: false)
  }

  /// Selects from `anchor` (the fixed end) to `cursor` (the moving end), both clamped to the text, in
  /// either order, as ``select(_:)`` does otherwise.
  func select(from anchor: Int, to cursor: Int) {
    let anchor = min(max(anchor, 0), text.count)
    let cursor = min(max(cursor, 0), text.count)
    setSelection(min(anchor, cursor)..<max(anchor, cursor), backward: cursor < anchor)
  }

  private func setSelection(_ range: Range<Int>, backward: Bool) {
    let previous = selectedRange
    let wasBackward = selectionIsBackward
    if markedText != nil, range.lowerBound != previous.lowerBound { displayedLineCache = nil }
    selectedRange = range
    selectionIsBackward = backward
    setNeedsDisplay()
    textInputDidChange()
    if selectedRange != previous || backward != wasBackward {
      postAccessibilityEvent(.selectionChanged(self))
    }
    if !selectedRange.isEmpty, selectedRange != previous { offerPrimarySelection() }
  }

  /// Tells the window's host that the text, selection, marked text or caret changed, while this
  /// field is first responder (its input method follows them).
  func textInputDidChange() {
    guard isFirstResponder, let window else { return }
    window.host?.windowTextInputDidChange(window)
  }

  /// Creates a field with an ``View/editMenuInteraction``.
  public override init(frame: Rect) {
    super.init(frame: frame)
    editMenuInteraction = EditMenuInteraction(view: self)
  }

  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// A field disabled while it is first responder gives up the input method, and gets it back when
  /// enabled again.
  open override var isEnabled: Bool {
    didSet { if isEnabled != oldValue { textInputDidChange() } }
  }

  /// Whether the field is ``Control/isEnabled``: a disabled field takes no input method.
  public var acceptsTextInput: Bool { isEnabled }

  // MARK: Accessibility (the text's changes: TextField+Accessibility.swift)

  /// A field is named by its placeholder until the app names it.
  override var defaultAccessibilityLabel: String? { placeholder }
  /// A field's value is its text.
  override var defaultAccessibilityValue: String? { text }

  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    guard super.becomeFirstResponder() else { return false }
    if !wasFirst {
      select(text.count..<text.count)
      sendActions(for: .editingDidBegin)
    }
    return true
  }

  @discardableResult
  open override func resignFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    guard super.resignFirstResponder() else { return false }
    setMarkedText(nil, selectedRange: nil)
    if wasFirst { sendActions(for: .editingDidEnd) }
    return true
  }

  /// Edit commands this field can perform now (the editing model shared with ``TextView``, `TextEditing`), then registered
  /// handlers.
  open override func handler(for action: Action) -> ActionHandler? {
    editCommandHandler(for: action) ?? super.handler(for: action)
  }

  /// Selection by touch starts (`TextField+TouchSelection.swift`).
  open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    beginTouchSelection(with: touch)
    return true
  }

  /// A pointer drag extends its selection (`TextField+TouchSelection.swift`).
  open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
    continueTouchSelection(with: touch)
    return true
  }

  open override func endTracking(_ touch: Touch?, with event: Event?) {
    dragAnchor = nil
  }

  open override func cancelTracking(with event: Event?) {
    dragAnchor = nil
  }

  /// A tap focuses the field and puts the caret at the character boundary nearest the tap, unless the
  /// touch selected text.
  open override func touchUpInsideDidHappen(with event: Event?) {
    if !isFirstResponder { becomeFirstResponder() }
    if isFirstResponder, !touchSelected, let touch = event?.touches(for: self).first {
      let index = characterIndex(at: touch.location(in: self).x)
      select(index..<index)
    }
  }

  open override func draw(in canvas: Canvas) {
    drawContent(in: canvas)
  }

  open override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    let unhandled = presses.filter { !handleKey($0.key, event: event) }
    if !unhandled.isEmpty { super.pressesBegan(unhandled, with: event) }
  }

  open override func pressesChanged(_ presses: Set<Press>, with event: Event?) {
    let unhandled = presses.filter { !handleKey($0.key, event: event) }
    if !unhandled.isEmpty { super.pressesChanged(unhandled, with: event) }
  }

  // MARK: TextInput

  public var hasText: Bool { !text.isEmpty }

  public func insertText(_ string: String) {
    setMarkedText(nil, selectedRange: nil)
    replaceSelection(with: string)
  }

  public func deleteBackward() {
    deleteBackwardCharacter()
  }

  /// Replaces the characters in `range` (clamped to the text) with `text` as an edit of the user's
  /// would — recording undo history, putting the caret after it and sending
  /// ``Control/Events/editingChanged`` — for assistive technology that edits the field (AT-SPI2's
  /// EditableText) and UIKit's `replace(_:withText:)`.
  public func replace(_ range: Range<Int>, withText text: String) {
    let lower = min(max(range.lowerBound, 0), self.text.count)
    let upper = min(max(range.upperBound, lower), self.text.count)
    replace(lower..<upper, with: text)
  }

  /// Edits are allowed while the field is enabled.
  var allowsEditing: Bool { isEnabled }

  /// Makes `snapshot` the text and selection (an edit's result, an undo or a redo) and sends
  /// ``Control/Events/editingChanged``.
  func show(_ snapshot: TextEditHistory.Snapshot) {
    isApplyingEdit = true
    text = snapshot.text
    isApplyingEdit = false
    select(snapshot.selection)
    sendActions(for: .editingChanged)
  }
}
