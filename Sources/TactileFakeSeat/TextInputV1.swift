import CWaylandServer
import CWaylandServerProtocols

/// A `zwp_text_input_v1` (text-input, unstable version 1), which weston's own clients (weston-editor)
/// speak instead of version 3.
///
/// `activate` on a surface sends `enter` at once and makes the input the seat's active one (another
/// active input of that seat gets `leave`, as on weston); `deactivate` sends `leave`.
/// The on-screen keyboard of scripts (`osk preedit`, `osk commit`, ``FakeCompositor/textInputDone``)
/// reaches active version 1 inputs too: `preedit_cursor` and `preedit_string`, `commit_string`, and
/// `delete_surrounding_text` as an index before the cursor and a length, each with the serial of the
/// input's latest `commit_state`. Surrounding text, content type, cursor rectangle, language, the input
/// panel and actions are accepted and not used.
final class TextInputV1Resource: ResourceObject {
  weak var surface: Surface?
  /// The seat it was last activated on.
  weak var seat: SeatState?
  /// The serial of the latest `commit_state`, which text events name.
  var stateSerial: UInt32 = 0

  override func resourceDestroyed() {
    compositor.desktop.textInputsV1.removeAll { $0 === self }
  }

  /// Sends one `done`'s worth of on-screen keyboard input.
  func send(
    preedit: (text: String, begin: Int32, end: Int32)?, commit: String?, deleteBefore: UInt32,
    deleteAfter: UInt32
  ) {
    if deleteBefore > 0 || deleteAfter > 0 {
      zwp_text_input_v1_send_delete_surrounding_text(
        resource, -Int32(clamping: deleteBefore), deleteBefore &+ deleteAfter)
    }
    if let commit { zwp_text_input_v1_send_commit_string(resource, stateSerial, commit) }
    if let preedit {
      zwp_text_input_v1_send_preedit_cursor(resource, preedit.end)
      zwp_text_input_v1_send_preedit_string(resource, stateSerial, preedit.text, preedit.text)
    }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_text_input_v1_interface> = {
    let table = UnsafeMutablePointer<zwp_text_input_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_text_input_v1_interface(
        activate: { _, resource, seat, surface in
          let input = TextInputV1Resource.from(resource)
          let seatState = SeatResource.from(seat).seatState
          // One active input per seat, as weston keeps it: the others of the seat leave.
          for other in input.compositor.desktop.textInputsV1
          where other.surface != nil && (other === input || other.seat === seatState) {
            other.surface = nil
            zwp_text_input_v1_send_leave(other.resource)
          }
          input.seat = seatState
          input.surface = Surface.from(surface)
          zwp_text_input_v1_send_enter(resource, surface)
        },
        deactivate: { _, resource, _ in
          let input = TextInputV1Resource.from(resource)
          guard input.surface != nil else { return }
          input.surface = nil
          zwp_text_input_v1_send_leave(resource)
        },
        show_input_panel: { _, _ in }, hide_input_panel: { _, _ in }, reset: { _, _ in },
        set_surrounding_text: { _, _, _, _, _ in }, set_content_type: { _, _, _, _ in },
        set_cursor_rectangle: { _, _, _, _, _, _ in }, set_preferred_language: { _, _, _ in },
        commit_state: { _, resource, serial in TextInputV1Resource.from(resource).stateSerial = serial },
        invoke_action: { _, _, _, _ in }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_text_input_manager_v1_interface> =
      {
        let table = UnsafeMutablePointer<zwp_text_input_manager_v1_interface>.allocate(capacity: 1)
        table.initialize(
          to: zwp_text_input_manager_v1_interface(create_text_input: { client, resource, id in
            let manager = PlainResource.from(resource)
            guard
              let created = createResource(
                client: client, interface: tactile_iface_zwp_text_input_v1(), version: manager.version, id: id
              )
            else { return }
            let input = TextInputV1Resource(resource: created, compositor: manager.compositor)
            input.install(implementation: implementation)
            manager.compositor.desktop.textInputsV1.append(input)
          }))
        return table
      }()
}

extension FakeCompositor {
  /// The ``SurfaceInfo/id``s of the surfaces a version 1 text input is active on.
  public var textInputV1Surfaces: [Int] { desktop.textInputsV1.compactMap { $0.surface?.id } }

  /// Sends one `done`'s worth of on-screen keyboard input to the active version 1 text inputs.
  ///
  /// - Returns: How many received it.
  func sendToActiveTextInputsV1(
    preedit: (text: String, begin: Int32, end: Int32)?, commit: String?, deleteBefore: UInt32,
    deleteAfter: UInt32
  ) -> Int {
    let active = desktop.textInputsV1.filter { $0.surface != nil }
    for input in active {
      input.send(preedit: preedit, commit: commit, deleteBefore: deleteBefore, deleteAfter: deleteAfter)
    }
    return active.count
  }
}
