import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// A seat's `zwp_text_input_v3`: lets an on-screen keyboard (or any input method) type into the text
/// responder that is first responder of the window with this seat's keyboard focus.
///
/// - Enabled when the focused surface's window has a first responder adopting ``TactileCore/TextInput``
///   that ``TactileCore/TextInput/acceptsTextInput`` (not a read-only text view, not a disabled field);
///   the enable carries the content type and, for an ``TactileCore/EditableTextInput`` (a
///   ``TactileCore/TextField`` or a multi-line ``TactileCore/TextView``), its state: the surrounding
///   text (its text, or for a long text the part around the selection that fits the protocol's 4000
///   bytes, with the selection's moving end, ``TactileCore/EditableTextInput/selectionCursor``, as the
///   cursor and its fixed end, ``TactileCore/EditableTextInput/selectionAnchor``, as the anchor, in UTF-8
///   byte offsets) and, as the cursor rectangle, its ``TactileCore/EditableTextInput/editingRect`` (the
///   caret on its line, or the selection) on the surface (moved by the
///   client-side frame, if any). Disabled when that responder resigns, stops accepting text input, or the surface loses focus. Each
///   change is one `commit`.
/// - While enabled, every change of the field's text, selection, marked text or caret — by keys, touch,
///   code or the input method — sends its state again with a `commit`, once per event-loop turn
///   however many changes the turn made (``stateDidChange(in:)``). So is a move of the field on the
///   surface that only layout made — its frame, an ancestor's frame, bounds (scrolling) or transform,
///   the client-side frame — found when the window draws its next frame, after layout
///   (``layoutDidChange(in:)``); a frame that moved nothing sends nothing.
/// - At `done`, in the protocol's order: the shown pre-edit text is removed, the pending
///   `delete_surrounding_text` is applied (for a text field: that many UTF-8 bytes before the selection
///   and after it, counted as whole characters, up to the text's ends), then `commit_string` (through
///   ``TactileCore/Window/deliver(text:)``), then the pending `preedit_string` is shown
///   (``TactileCore/Window/deliver(markedText:selectedRange:)``, its cursor's byte offsets as characters;
///   -1 shows no cursor). A `done` without `preedit_string` leaves none, as the protocol resets it.
///   Then, if the `done`'s serial is the number of commits sent (the input method saw the latest
///   state), the new state is sent at once; a `done` with an older serial is applied without sending
///   the state it produced, as the protocol asks (state changed by other causes is still sent), until
///   the compositor has caught up with the commits sent: the first matching `done` sends it, or else the
///   answer to a `wl_display.sync` sent after the stale `done` (no older serial can arrive after it). So
///   an input method that composes faster than the app's commits reach it, and then goes quiet (fcitx5's
///   pinyin, typed at once), still learns where the pre-edit's caret ended.
/// - `leave` removes the shown pre-edit text: the input method will not finish it.
/// - Each wire event is decoded once into an ``TactileTrace/InputEvent``, recorded (but `enter` and
///   `leave`, which follow the keyboard focus), and applied (``apply(_:time:serial:)``).
@MainActor
final class TextInputBridge: InputDevice {
  private unowned let seat: Seat
  var route: any InputRoute { seat }
  private let proxy: OpaquePointer
  private var focus: ProxyKey?
  private(set) var isEnabled = false
  private var pendingCommit: String?
  private var pendingDelete: (before: UInt32, after: UInt32) = (0, 0)
  /// The number of `commit` requests sent: the serial of a `done` that answers the latest state.
  private var commitCount: UInt32 = 0
  /// Whether the target's state changed since it was last sent.
  private var needsStateUpdate = false
  /// The loop turn's pending send of the state, while one is scheduled.
  private var stateFlush: TimerToken?
  private var pendingPreedit: (text: String, cursorBegin: Int32, cursorEnd: Int32)?
  /// Where the target field's bounds lay on the surface when its state was last sent.
  private var sentPlacement: Rect?
  /// Whether a `done` with a stale serial changed the target's state, which has not been sent since.
  private var hasStaleState = false
  /// The `wl_display.sync` sent after a stale `done`, until the compositor answers it.
  private var catchUp: OpaquePointer?

  init(manager: OpaquePointer, seat: Seat) {
    self.seat = seat
    proxy = zwp_text_input_manager_v3_get_text_input(manager, seat.proxy)
    zwp_text_input_v3_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    if let catchUp { wl_callback_destroy(catchUp) }
    zwp_text_input_v3_destroy(proxy)
  }

  /// The window with this seat's keyboard focus, if it is open.
  private var focusedWindow: Window? {
    guard let focus, let window = seat.window(for: focus), !window.isClosed else { return nil }
    return window
  }

  /// The text responder input should go to, if any: the focused window's first responder, while it
  /// accepts text input.
  private var target: (window: Window, input: any TextInput)? {
    guard let window = focusedWindow, let input = window.firstResponder as? any TextInput,
      input.acceptsTextInput
    else { return nil }
    return (window, input)
  }

  /// Enables, updates or disables text input to match the focused window's first responder.
  func update() {
    hasStaleState = false
    guard let target else {
      needsStateUpdate = false
      sentPlacement = nil
      if isEnabled {
        isEnabled = false
        zwp_text_input_v3_disable(proxy)
        commit()
      }
      return
    }
    if !isEnabled {
      isEnabled = true
      zwp_text_input_v3_enable(proxy)
      zwp_text_input_v3_set_content_type(
        proxy, ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue
      )
    }
    needsStateUpdate = false
    sendState(of: target.input, in: target.window)
    commit()
  }

  /// The text, selection, marked text, caret or ``TactileCore/TextInput/acceptsTextInput`` of `window`'s
  /// first responder changed: if `window` has this seat's focus, text input is enabled, updated or
  /// disabled to match (``update()``, with a `commit`) on this event-loop turn, once however many
  /// changes the turn makes.
  func stateDidChange(in window: Window) {
    guard focusedWindow === window else { return }
    needsStateUpdate = true
    guard stateFlush == nil else { return }
    let loop = seat.display.loop
    stateFlush = loop.schedule(at: loop.now) { [weak self] in
      guard let self else { return }
      stateFlush = nil
      if needsStateUpdate { update() }
    }
  }

  /// `window` has laid out its views for a frame: if its first responder is this seat's target and
  /// the field is no longer where it lay on the surface when its state was last sent, the state is sent
  /// again on this event-loop turn (``stateDidChange(in:)``). Only the field's placement counts: a
  /// caret that its text moved is sent by the rules of text changes (after a stale `done`: once the
  /// compositor caught up), and a field placed at non-finite coordinates is never sent again for it.
  func layoutDidChange(in window: Window) {
    guard isEnabled, let target, target.window === window, let field = target.input as? any EditableTextInput,
      case let placement = surfaceRect(field.bounds, of: field, in: window), placement.isFinite,
      placement != sentPlacement
    else { return }
    stateDidChange(in: window)
  }

  private func commit() {
    zwp_text_input_v3_commit(proxy)
    commitCount &+= 1
  }

  private func sendState(of input: any TextInput, in window: Window) {
    guard let field = input as? any EditableTextInput else { return }
    let surrounding = Self.surroundingText(
      field.text, anchor: field.selectionAnchor, cursor: field.selectionCursor)
    zwp_text_input_v3_set_surrounding_text(proxy, surrounding.text, surrounding.cursor, surrounding.anchor)
    sentPlacement = surfaceRect(field.bounds, of: field, in: window)
    guard let editing = field.editingRect else { return }
    let frame = surfaceRect(editing, of: field, in: window)
    guard frame.isFinite else { return }
    zwp_text_input_v3_set_cursor_rectangle(
      proxy, Self.clamped(frame.minX), Self.clamped(frame.minY), Self.clamped(frame.width),
      Self.clamped(frame.height))
  }

  /// `rect` of `field` in surface coordinates: the window's, moved by a client-side frame.
  private func surfaceRect(_ rect: Rect, of field: View, in window: Window) -> Rect {
    let insets = focus.flatMap(seat.display.waylandWindow)?.frameInsets ?? .zero
    return field.convert(rect, to: window).offsetBy(dx: insets.left, dy: insets.top)
  }

  /// The protocol's limit on surrounding text: a Wayland message holds at most 4096 bytes.
  static let surroundingLimit = 4000

  /// The surrounding text for `set_surrounding_text`: all of `text` when it fits in
  /// ``surroundingLimit`` bytes, else the whole characters around the selection that fit (a selection
  /// too long to fit is sent as a caret at its cursor), with the cursor (the selection's moving end)
  /// and anchor (its fixed end) as UTF-8 byte offsets into it.
  ///
  /// - Parameters:
  ///   - text: The field's text.
  ///   - anchor: The selection's fixed end, in characters (clamped to the text).
  ///   - cursor: The selection's moving end (the caret), in characters (clamped to the text); before
  ///     `anchor` for a selection extended leftwards.
  /// - Returns: The text to send and the cursor and anchor as UTF-8 byte offsets into it.
  /// - Complexity: O(n) in the characters of `text`.
  static func surroundingText(
    _ text: String, anchor: Int, cursor: Int
  ) -> (text: String, cursor: Int32, anchor: Int32) {
    let characters = Array(text)
    let bytes = { (range: Range<Int>) in characters[range].reduce(0) { $0 + $1.utf8.count } }
    let cursor = min(max(cursor, 0), characters.count)
    var anchor = min(max(anchor, 0), characters.count)
    if bytes(min(anchor, cursor)..<max(anchor, cursor)) > surroundingLimit { anchor = cursor }
    let selection = min(anchor, cursor)..<max(anchor, cursor)
    var window = selection
    var size = bytes(window)
    var grew = true
    while grew {
      grew = false
      if window.lowerBound > 0, size + characters[window.lowerBound - 1].utf8.count <= surroundingLimit {
        size += characters[window.lowerBound - 1].utf8.count
        window = (window.lowerBound - 1)..<window.upperBound
        grew = true
      }
      if window.upperBound < characters.count,
        size + characters[window.upperBound].utf8.count <= surroundingLimit
      {
        size += characters[window.upperBound].utf8.count
        window = window.lowerBound..<(window.upperBound + 1)
        grew = true
      }
    }
    let offset = { (end: Int) in Int32(bytes(window.lowerBound..<end)) }
    return (String(characters[window]), offset(cursor), offset(anchor))
  }

  private static func clamped(_ value: Double) -> Int32 {
    Int32(max(Double(Int32.min), min(Double(Int32.max), value.rounded())))
  }

  private func done(serial: UInt32) {
    let preedit = pendingPreedit.map {
      (text: $0.text, cursor: Self.characterRange(ofBytes: $0.cursorBegin, $0.cursorEnd, in: $0.text))
    }
    let stateWasChanged = needsStateUpdate
    apply(
      deleteBefore: pendingDelete.before, deleteAfter: pendingDelete.after, commit: pendingCommit,
      preedit: preedit)
    pendingCommit = nil
    pendingDelete = (0, 0)
    pendingPreedit = nil
    if serial == commitCount {
      update()
    } else {
      if needsStateUpdate { awaitCatchUp() }
      needsStateUpdate = stateWasChanged
    }
  }

  /// Keeps the state a stale `done` produced for when the compositor has seen every commit sent: a
  /// `wl_display.sync` (one at a time) whose answer sends it, unless a matching `done` did first.
  private func awaitCatchUp() {
    hasStaleState = true
    guard catchUp == nil else { return }
    let callback = wl_display_sync(seat.display.connection.display)
    wl_callback_add_listener(callback, Self.catchUpListener, listenerData(self))
    catchUp = callback
  }

  /// The compositor answered the sync of ``awaitCatchUp()``: every `done` with an older serial has been
  /// applied, so the state they produced is sent, if no matching `done` sent it meanwhile.
  private func caughtUp() {
    if let catchUp { wl_callback_destroy(catchUp) }
    catchUp = nil
    if hasStaleState { update() }
  }

  private static let catchUpListener = permanentListener(
    wl_callback_listener(done: { data, _, _ in
      withListenerTarget(data, TextInputBridge.self) { $0.caughtUp() }
    }))

  /// The characters of `text` between the UTF-8 byte offsets `begin` and `end` (in either order; an
  /// offset inside a character counts after it), or `nil` when either is negative (no cursor shown).
  static func characterRange(ofBytes begin: Int32, _ end: Int32, in text: String) -> Range<Int>? {
    guard begin >= 0, end >= 0 else { return nil }
    let characterOffset = { (offset: Int32) in characterCount(ofBytes: UInt32(offset), in: text) }
    let (lower, upper) = (characterOffset(min(begin, end)), characterOffset(max(begin, end)))
    return lower..<upper
  }

  /// The number of whole characters at the start of `characters` that `bytes` UTF-8 bytes reach into
  /// (a character the count ends inside is included), at most all of them.
  static func characterCount(ofBytes bytes: UInt32, in characters: some Sequence<Character>) -> Int {
    var counted = 0
    var count = 0
    for character in characters where counted < Int(bytes) {
      counted += character.utf8.count
      count += 1
    }
    return count
  }

  /// Applies one `done`'s changes to the target: removes the shown pre-edit text, deletes
  /// `deleteBefore` UTF-8 bytes before the selection and `deleteAfter` after it (a text field's whole
  /// characters, up to the text's ends), inserts `commit`, then shows `preedit`.
  func apply(
    deleteBefore: UInt32, deleteAfter: UInt32 = 0, commit: String?,
    preedit: (text: String, cursor: Range<Int>?)? = nil
  ) {
    guard let target else { return }
    target.input.setMarkedText(nil, selectedRange: nil)
    if deleteBefore > 0 || deleteAfter > 0, let field = target.input as? any EditableTextInput {
      let before = field.text.prefix(field.selectedRange.lowerBound).reversed()
      let after = field.text.dropFirst(field.selectedRange.upperBound)
      field.deleteSurroundingText(
        before: Self.characterCount(ofBytes: deleteBefore, in: before),
        after: Self.characterCount(ofBytes: deleteAfter, in: after))
    }
    if let commit { target.window.deliver(text: commit) }
    if let preedit { target.window.deliver(markedText: preedit.text, selectedRange: preedit.cursor) }
  }

  /// Applies the decoded text-input events: `enter` and `leave` move the focus, the text events wait
  /// for `done` (whose serial is `serial`).
  func apply(_ event: InputEvent, time: UInt32?, serial: UInt32) {
    switch event {
    case .textEnter(let number):
      focus = seat.surface(numbered: number)
      update()
    case .textLeave:
      target?.input.setMarkedText(nil, selectedRange: nil)
      focus = nil
      update()
    case .textPreedit(let text, let begin, let end): pendingPreedit = (text, begin, end)
    // A null commit string (decoded as "", as the trace keeps it) commits nothing.
    case .textCommit(let text): pendingCommit = text.isEmpty ? nil : text
    case .textDeleteSurrounding(let before, let after): pendingDelete = (before, after)
    case .textDone: done(serial: serial)
    default: return
    }
  }

  private static let listener = permanentListener(
    zwp_text_input_v3_listener(
      enter: { data, _, surface in
        guard let surface = surface.map(ProxyKey.init) else { return }
        withListenerTarget(data, TextInputBridge.self) {
          $0.receive(.textEnter(surface: $0.seat.surfaceNumber(of: surface)))
        }
      },
      leave: { data, _, _ in
        withListenerTarget(data, TextInputBridge.self) { $0.receive(.textLeave) }
      },
      preedit_string: { data, _, text, begin, end in
        let value = text.map { String(cString: $0) } ?? ""
        withListenerTarget(data, TextInputBridge.self) {
          $0.receive(.textPreedit(text: value, cursorBegin: begin, cursorEnd: end))
        }
      },
      commit_string: { data, _, text in
        let value = text.map { String(cString: $0) } ?? ""
        withListenerTarget(data, TextInputBridge.self) { $0.receive(.textCommit(text: value)) }
      },
      delete_surrounding_text: { data, _, before, after in
        withListenerTarget(data, TextInputBridge.self) {
          $0.receive(.textDeleteSurrounding(before: before, after: after))
        }
      },
      done: { data, _, serial in
        withListenerTarget(data, TextInputBridge.self) { $0.receive(.textDone, serial: serial) }
      }))
}
