import CWaylandClient
import CWaylandProtocols

/// Listeners for the desktop protocols (presentation, xdg-output, activation, relative pointer, pointer
/// constraints, shortcut inhibitors), logging into ``WireClient/events``.
extension WireClient {
  nonisolated(unsafe) static var presentationListener = wp_presentation_listener(
    clock_id: { data, _, clock in note(data, "presentation.clock_id \(clock)") })

  /// Logs the feedback's events; after `presented` or `discarded`, which end the object, it destroys the
  /// proxy, as the protocol has the client do.
  nonisolated(unsafe) static var feedbackListener = wp_presentation_feedback_listener(
    sync_output: { data, _, _ in note(data, "feedback.sync_output") },
    presented: {
      data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, flags in
      let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
      let sequence = UInt64(sequenceHigh) << 32 | UInt64(sequenceLow)
      note(
        data,
        "feedback.presented \(seconds * 1_000_000_000 + UInt64(nanoseconds)) refresh \(refresh) seq \(sequence) flags \(flags)"
      )
      wl_proxy_destroy(feedback)
    },
    discarded: { data, feedback in
      note(data, "feedback.discarded")
      wl_proxy_destroy(feedback)
    })

  /// Logs only the refresh rate of `wl_output.mode`.
  nonisolated(unsafe) static var outputRefreshListener = wl_output_listener(
    geometry: { _, _, _, _, _, _, _, _, _, _ in },
    mode: { data, _, _, _, _, refresh in note(data, "output.refresh \(refresh)") },
    done: { _, _ in }, scale: { _, _, _ in }, name: { _, _, _ in }, description: { _, _, _ in })

  nonisolated(unsafe) static var xdgOutputListener = zxdg_output_v1_listener(
    logical_position: { data, _, x, y in note(data, "xdg_output.logical_position \(x),\(y)") },
    logical_size: { data, _, width, height in note(data, "xdg_output.logical_size \(width)x\(height)") },
    done: { data, _ in note(data, "xdg_output.done") },
    name: { data, _, name in note(data, "xdg_output.name \(String(cString: name!))") },
    description: { data, _, text in note(data, "xdg_output.description \(String(cString: text!))") })

  nonisolated(unsafe) static var activationTokenListener = xdg_activation_token_v1_listener(
    done: { data, _, token in note(data, "token.done \(String(cString: token!))") })

  nonisolated(unsafe) static var relativePointerListener = zwp_relative_pointer_v1_listener(
    relative_motion: { data, _, _, _, dx, dy, rawX, rawY in
      note(
        data,
        "relative.motion \(wl_fixed_to_double(dx)),\(wl_fixed_to_double(dy)) raw \(wl_fixed_to_double(rawX)),\(wl_fixed_to_double(rawY))"
      )
    })

  nonisolated(unsafe) static var lockedPointerListener = zwp_locked_pointer_v1_listener(
    locked: { data, _ in note(data, "pointer.locked") },
    unlocked: { data, _ in note(data, "pointer.unlocked") })

  nonisolated(unsafe) static var confinedPointerListener = zwp_confined_pointer_v1_listener(
    confined: { data, _ in note(data, "pointer.confined") },
    unconfined: { data, _ in note(data, "pointer.unconfined") })

  nonisolated(unsafe) static var shortcutsInhibitorListener = zwp_keyboard_shortcuts_inhibitor_v1_listener(
    active: { data, _ in note(data, "shortcuts.active") },
    inactive: { data, _ in note(data, "shortcuts.inactive") })

  /// The latest token a `token.done` event in ``events`` carried.
  var latestToken: String? {
    events.last { $0.hasPrefix("token.done ") }.map { String($0.dropFirst("token.done ".count)) }
  }
}

extension WireClient {
  nonisolated(unsafe) static var textInputV1Listener = zwp_text_input_v1_listener(
    enter: { data, _, _ in note(data, "text1.enter") }, leave: { data, _ in note(data, "text1.leave") },
    modifiers_map: { _, _, _ in }, input_panel_state: { _, _, _ in },
    preedit_string: { data, _, serial, text, _ in
      note(data, "text1.preedit \(serial) \(String(cString: text!))")
    },
    preedit_styling: { _, _, _, _, _ in },
    preedit_cursor: { data, _, index in note(data, "text1.preedit_cursor \(index)") },
    commit_string: { data, _, serial, text in note(data, "text1.commit \(serial) \(String(cString: text!))")
    },
    cursor_position: { _, _, _, _ in },
    delete_surrounding_text: { data, _, index, length in note(data, "text1.delete \(index) \(length)") },
    keysym: { _, _, _, _, _, _, _ in }, language: { _, _, _, _ in }, text_direction: { _, _, _, _ in })
}
