import CWaylandServer
import CWaylandServerProtocols
import TactileGeometry

/// A `zwp_text_input_v3`: follows the keyboard focus (`enter`/`leave`) and receives what an on-screen
/// keyboard would send (``FakeCompositor/textInputPreedit(_:cursorBegin:cursorEnd:)``,
/// ``FakeCompositor/textInputCommit(_:)``), each followed by `done` with the number of commits seen.
final class TextInputResource: ResourceObject {
  /// The number of `commit` requests so far (the serial `done` must carry).
  var commitCount: UInt32 = 0
  /// Whether the client enabled it (as of its last commit).
  var enabled = false
  private var pendingEnabled = false
  /// The cursor rectangle (surface coordinates) as of the client's last commit.
  var cursorRectangle: Rect?
  private var pendingCursorRectangle: Rect?
  /// The surrounding text (with its cursor and anchor byte offsets) as of the client's last commit.
  var surroundingText: FakeCompositor.SurroundingText?
  private var pendingSurroundingText: FakeCompositor.SurroundingText?
  weak var focus: Surface?

  override func resourceDestroyed() {
    compositor.textInputs.removeAll { $0 === self }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_text_input_v3_interface> = {
    let table = UnsafeMutablePointer<zwp_text_input_v3_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_text_input_v3_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        enable: { _, resource in TextInputResource.from(resource).pendingEnabled = true },
        disable: { _, resource in TextInputResource.from(resource).pendingEnabled = false },
        set_surrounding_text: { _, resource, text, cursor, anchor in
          TextInputResource.from(resource).pendingSurroundingText = FakeCompositor.SurroundingText(
            text: text.map { String(cString: $0) } ?? "", cursor: cursor, anchor: anchor)
        },
        set_text_change_cause: { _, _, _ in },
        set_content_type: { _, _, _, _ in },
        set_cursor_rectangle: { _, resource, x, y, width, height in
          TextInputResource.from(resource).pendingCursorRectangle = Rect(
            x: Double(x), y: Double(y), width: Double(width), height: Double(height))
        },
        commit: { _, resource in
          let input = TextInputResource.from(resource)
          input.commitCount &+= 1
          input.enabled = input.pendingEnabled
          input.cursorRectangle = input.pendingCursorRectangle
          input.surroundingText = input.pendingSurroundingText
          input.compositor.log(.textInputCommit(count: input.commitCount), surface: input.focus)
        }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_text_input_manager_v3_interface> = {
      let table = UnsafeMutablePointer<zwp_text_input_manager_v3_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_text_input_manager_v3_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          get_text_input: { client, resource, id, _ in
            let manager = PlainResource.from(resource)
            guard
              let input = createResource(
                client: client, interface: tactile_iface_zwp_text_input_v3(), version: 1, id: id)
            else { return }
            let object = TextInputResource(resource: input, compositor: manager.compositor)
            object.install(implementation: implementation)
            manager.compositor.textInputs.append(object)
            if let focus = manager.compositor.seat.keyboardFocus, focus.client == client {
              object.focus = focus
              zwp_text_input_v3_send_enter(input, focus.resource)
            }
          }))
      return table
    }()
}

extension FakeCompositor {
  /// Moves text-input focus with the keyboard focus: `leave` to the old, `enter` to the new client's.
  func textInputFocusChanged(to surface: Surface?) {
    for input in textInputs {
      if let old = input.focus {
        zwp_text_input_v3_send_leave(input.resource, old.resource)
        input.focus = nil
      }
      if let surface, surface.client == input.client {
        input.focus = surface
        zwp_text_input_v3_send_enter(input.resource, surface.resource)
      }
    }
  }

  /// The cursor rectangles (`set_cursor_rectangle`, in surface coordinates, as of each client's last
  /// commit) of the enabled text inputs that have the focus: where an on-screen keyboard would avoid
  /// covering the text.
  public var textInputCursorRectangles: [Rect] {
    textInputs.compactMap { $0.focus != nil && $0.enabled ? $0.cursorRectangle : nil }
  }

  /// A text input's surrounding text: the text around the cursor and the cursor and anchor (the other
  /// end of the selection) as UTF-8 byte offsets into it.
  public struct SurroundingText: Equatable, Sendable {
    public var text: String
    public var cursor: Int32
    public var anchor: Int32

    public init(text: String, cursor: Int32, anchor: Int32) {
      self.text = text
      self.cursor = cursor
      self.anchor = anchor
    }
  }

  /// The surrounding texts (`set_surrounding_text`, as of each client's last commit) of the enabled
  /// text inputs that have the focus.
  public var textInputSurroundingTexts: [SurroundingText] {
    textInputs.compactMap { $0.focus != nil && $0.enabled ? $0.surroundingText : nil }
  }

  /// How many `commit` requests each text input sent, in the order they were created.
  public var textInputCommitCounts: [UInt32] {
    textInputs.map(\.commitCount)
  }

  /// Sends pre-edit text (as an on-screen keyboard composing a word) to the focused text inputs, then
  /// `done`.
  ///
  /// - Returns: How many text inputs received it.
  @discardableResult
  public func textInputPreedit(_ text: String, cursorBegin: Int32? = nil, cursorEnd: Int32? = nil) -> Int {
    recording(nil, kind: "on-screen keyboard text") {
      let length = Int32(text.utf8.count)
      return textInputDone(preedit: (text, cursorBegin ?? length, cursorEnd ?? length))
    }
  }

  /// The longest string one text-input event carries here: 4000 bytes of UTF-8, the bound the protocol
  /// sets for surrounding text, well inside libwayland's 4096-byte message limit (a longer event would
  /// make libwayland drop the connection).
  public static let maximumTextInputStringBytes = 4000

  /// Sends committed text (as an on-screen keyboard would) to the focused text inputs, then `done`; a
  /// text longer than ``maximumTextInputStringBytes`` goes as several commits, each with its `done`,
  /// split between characters.
  ///
  /// - Returns: How many text inputs received it.
  @discardableResult
  public func textInputCommit(_ text: String) -> Int {
    recording(nil, kind: "on-screen keyboard text") {
      var rest = Substring(text)
      var received = 0
      repeat {
        var end = rest.startIndex
        var bytes = 0
        while end < rest.endIndex, bytes + rest[end].utf8.count <= Self.maximumTextInputStringBytes {
          bytes += rest[end].utf8.count
          end = rest.index(after: end)
        }
        if end == rest.startIndex, end < rest.endIndex { end = rest.index(after: end) }  // one huge cluster
        received = textInputDone(commit: String(rest[..<end]))
        rest = rest[end...]
      } while !rest.isEmpty
      return received
    }
  }

  /// Sends one group of input-method changes to the focused, enabled text inputs: the surrounding text
  /// to delete, the text to commit and the new pre-edit text, each only when given, then `done`.
  ///
  /// - Parameters:
  ///   - preedit: The pre-edit text and its cursor (UTF-8 byte offsets, -1 hides it).
  ///   - commit: Text to insert.
  ///   - deleteBefore: UTF-8 bytes to delete before the cursor.
  ///   - deleteAfter: UTF-8 bytes to delete after it.
  /// - Returns: How many text inputs received it: version 3 ones with the focus and enabled, and active
  ///   version 1 ones (`TextInputV1.swift`).
  @discardableResult
  public func textInputDone(
    preedit: (text: String, begin: Int32, end: Int32)? = nil, commit: String? = nil, deleteBefore: UInt32 = 0,
    deleteAfter: UInt32 = 0
  ) -> Int {
    let received = sendToActiveTextInputsV1(
      preedit: preedit, commit: commit, deleteBefore: deleteBefore, deleteAfter: deleteAfter)
    return received
      + sendToFocusedTextInputs { input in
        if deleteBefore > 0 || deleteAfter > 0 {
          zwp_text_input_v3_send_delete_surrounding_text(input.resource, deleteBefore, deleteAfter)
        }
        if let commit { zwp_text_input_v3_send_commit_string(input.resource, commit) }
        if let preedit {
          zwp_text_input_v3_send_preedit_string(input.resource, preedit.text, preedit.begin, preedit.end)
        }
      }
  }

  private func sendToFocusedTextInputs(_ send: (TextInputResource) -> Void) -> Int {
    let targets = textInputs.filter { $0.focus != nil && $0.enabled }
    for input in targets {
      send(input)
      zwp_text_input_v3_send_done(input.resource, input.commitCount)
    }
    return targets.count
  }
}
