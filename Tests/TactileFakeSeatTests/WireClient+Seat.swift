import CWaylandClient
import CWaylandProtocols
import Glibc

/// Listeners that log every seat event of a ``WireClient`` into ``WireClient/events`` as text, so tests
/// compare whole event sequences.
extension WireClient {
  /// Binds wl_seat (at `version`) and logs `capabilities`.
  func bindSeat(version: UInt32 = 8) -> OpaquePointer {
    let seat = bind("wl_seat", tactile_iface_wl_seat(), version: version)
    wl_seat_add_listener(seat, &WireClient.seatListener, userData)
    return seat
  }

  func listenToTouch(_ seat: OpaquePointer) -> OpaquePointer {
    let touch = own(wl_seat_get_touch(seat))
    wl_touch_add_listener(touch, &WireClient.touchListener, userData)
    return touch
  }

  func listenToPointer(_ seat: OpaquePointer) -> OpaquePointer {
    let pointer = own(wl_seat_get_pointer(seat))
    wl_pointer_add_listener(pointer, &WireClient.pointerListener, userData)
    return pointer
  }

  func listenToKeyboard(_ seat: OpaquePointer) -> OpaquePointer {
    let keyboard = own(wl_seat_get_keyboard(seat))
    wl_keyboard_add_listener(keyboard, &WireClient.keyboardListener, userData)
    return keyboard
  }

  /// Gets a text input (`zwp_text_input_v3`) of `seat`, enabled and committed, logging its events.
  @discardableResult
  func listenToTextInput(_ seat: OpaquePointer) -> OpaquePointer {
    let manager = bind("zwp_text_input_manager_v3", tactile_iface_zwp_text_input_manager_v3(), version: 1)
    let input = own(zwp_text_input_manager_v3_get_text_input(manager, seat))
    zwp_text_input_v3_add_listener(input, &WireClient.textInputListener, userData)
    zwp_text_input_v3_enable(input)
    zwp_text_input_v3_commit(input)
    return input
  }

  /// Gets the swipe, pinch and hold gestures (`zwp_pointer_gestures_v1` v3) of `pointer`, logging them.
  func listenToGestures(of pointer: OpaquePointer) {
    let gestures = bind("zwp_pointer_gestures_v1", tactile_iface_zwp_pointer_gestures_v1(), version: 3)
    zwp_pointer_gesture_swipe_v1_add_listener(
      own(zwp_pointer_gestures_v1_get_swipe_gesture(gestures, pointer)), &WireClient.swipeListener, userData)
    zwp_pointer_gesture_pinch_v1_add_listener(
      own(zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer)), &WireClient.pinchListener, userData)
    zwp_pointer_gesture_hold_v1_add_listener(
      own(zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer)), &WireClient.holdListener, userData)
  }

  func log(_ data: UnsafeMutableRawPointer?, _ line: String) { WireClient.from(data).events.append(line) }

  nonisolated(unsafe) static var seatListener = wl_seat_listener(
    capabilities: { data, _, caps in WireClient.from(data).events.append("seat.capabilities \(caps)") },
    name: { _, _, _ in })

  nonisolated(unsafe) static var touchListener = wl_touch_listener(
    down: { data, _, serial, _, _, id, x, y in
      WireClient.from(data).events.append(
        "touch.down \(serial) \(id) \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    up: { data, _, serial, _, id in WireClient.from(data).events.append("touch.up \(serial) \(id)") },
    motion: { data, _, _, id, x, y in
      WireClient.from(data).events.append(
        "touch.motion \(id) \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    frame: { data, _ in WireClient.from(data).events.append("touch.frame") },
    cancel: { data, _ in WireClient.from(data).events.append("touch.cancel") },
    shape: { data, _, id, major, minor in
      WireClient.from(data).events.append(
        "touch.shape \(id) \(wl_fixed_to_double(major))x\(wl_fixed_to_double(minor))")
    },
    orientation: { data, _, id, angle in
      WireClient.from(data).events.append("touch.orientation \(id) \(wl_fixed_to_double(angle))")
    })

  nonisolated(unsafe) static var pointerListener = wl_pointer_listener(
    enter: { data, _, serial, _, x, y in
      WireClient.from(data).events.append(
        "pointer.enter \(serial) \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    leave: { data, _, serial, _ in WireClient.from(data).events.append("pointer.leave \(serial)") },
    motion: { data, _, _, x, y in
      WireClient.from(data).events.append("pointer.motion \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    button: { data, _, serial, _, button, state in
      WireClient.from(data).events.append("pointer.button \(serial) \(button) \(state)")
    },
    axis: { data, _, _, axis, value in
      WireClient.from(data).events.append("pointer.axis \(axis) \(wl_fixed_to_double(value))")
    },
    frame: { data, _ in WireClient.from(data).events.append("pointer.frame") },
    axis_source: { data, _, source in WireClient.from(data).events.append("pointer.axis_source \(source)") },
    axis_stop: { data, _, _, axis in WireClient.from(data).events.append("pointer.axis_stop \(axis)") },
    axis_discrete: { data, _, axis, steps in
      WireClient.from(data).events.append("pointer.axis_discrete \(axis) \(steps)")
    },
    axis_value120: { data, _, axis, value in
      WireClient.from(data).events.append("pointer.axis_value120 \(axis) \(value)")
    })

  nonisolated(unsafe) static var keyboardListener = wl_keyboard_listener(
    keymap: { data, _, format, fd, size in
      var info = stat()
      fstat(fd, &info)
      let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0)
      let starts =
        map.map { String(cString: $0.assumingMemoryBound(to: CChar.self)).hasPrefix("xkb_keymap") } ?? false
      if let map { munmap(map, Int(size)) }
      close(fd)
      WireClient.from(data).events.append(
        "keyboard.keymap \(format) sized=\(info.st_size == Int(size)) xkb=\(starts)")
    },
    enter: { data, _, serial, _, keys in
      let count = (keys?.pointee.size ?? 0) / 4
      let values = (0..<count).map { keys!.pointee.data.load(fromByteOffset: $0 * 4, as: UInt32.self) }
      WireClient.from(data).events.append("keyboard.enter \(serial) \(values)")
    },
    leave: { data, _, serial, _ in WireClient.from(data).events.append("keyboard.leave \(serial)") },
    key: { data, _, serial, _, key, state in
      WireClient.from(data).events.append("keyboard.key \(serial) \(key) \(state)")
    },
    modifiers: { data, _, _, depressed, latched, locked, group in
      WireClient.from(data).events.append("keyboard.modifiers \(depressed) \(latched) \(locked) \(group)")
    },
    repeat_info: { data, _, rate, delay in
      WireClient.from(data).events.append("keyboard.repeat_info \(rate) \(delay)")
    })
}
