import CWaylandClient
import CWaylandProtocols

/// Listeners for outputs and extension objects, logging into ``WireClient/events`` like the seat ones.
extension WireClient {
  static func note(_ data: UnsafeMutableRawPointer?, _ line: String) { from(data).events.append(line) }

  nonisolated(unsafe) static var outputListener = wl_output_listener(
    geometry: { _, _, _, _, _, _, _, _, _, _ in },
    mode: { data, _, _, width, height, _ in note(data, "output.mode \(width)x\(height)") },
    done: { data, _ in note(data, "output.done") },
    scale: { data, _, scale in note(data, "output.scale \(scale)") },
    name: { data, _, name in note(data, "output.name \(String(cString: name!))") },
    description: { _, _, _ in })

  nonisolated(unsafe) static var fractionalScaleListener = wp_fractional_scale_v1_listener(
    preferred_scale: { data, _, scale in note(data, "fractional.preferred_scale \(scale)") })

  nonisolated(unsafe) static var decorationListener = zxdg_toplevel_decoration_v1_listener(
    configure: { data, _, mode in note(data, "decoration.configure \(mode)") })

  nonisolated(unsafe) static var textInputListener = zwp_text_input_v3_listener(
    enter: { data, _, _ in note(data, "text.enter") },
    leave: { data, _, _ in note(data, "text.leave") },
    preedit_string: { data, _, text, begin, end in
      note(data, "text.preedit \(text.map { String(cString: $0) } ?? "") \(begin) \(end)")
    },
    commit_string: { data, _, text in note(data, "text.commit \(text.map { String(cString: $0) } ?? "")") },
    delete_surrounding_text: { data, _, before, after in note(data, "text.delete \(before) \(after)") },
    done: { data, _, serial in note(data, "text.done \(serial)") })

  nonisolated(unsafe) static var swipeListener = zwp_pointer_gesture_swipe_v1_listener(
    begin: { data, _, serial, _, _, fingers in note(data, "swipe.begin \(serial) \(fingers)") },
    update: { data, _, _, dx, dy in
      note(data, "swipe.update \(wl_fixed_to_double(dx)),\(wl_fixed_to_double(dy))")
    },
    end: { data, _, serial, _, cancelled in note(data, "swipe.end \(serial) \(cancelled)") })

  nonisolated(unsafe) static var pinchListener = zwp_pointer_gesture_pinch_v1_listener(
    begin: { data, _, serial, _, _, fingers in note(data, "pinch.begin \(serial) \(fingers)") },
    update: { data, _, _, _, _, scale, rotation in
      note(data, "pinch.update \(wl_fixed_to_double(scale)) \(wl_fixed_to_double(rotation))")
    },
    end: { data, _, serial, _, cancelled in note(data, "pinch.end \(serial) \(cancelled)") })

  nonisolated(unsafe) static var holdListener = zwp_pointer_gesture_hold_v1_listener(
    begin: { data, _, serial, _, _, fingers in note(data, "hold.begin \(serial) \(fingers)") },
    end: { data, _, serial, _, cancelled in note(data, "hold.end \(serial) \(cancelled)") })

  nonisolated(unsafe) static var popupListener = xdg_popup_listener(
    configure: { data, _, x, y, width, height in note(data, "popup.configure \(x),\(y) \(width)x\(height)") },
    popup_done: { data, _ in note(data, "popup.done") },
    repositioned: { _, _, _ in })
}
