import CSystem
import CXKBCommon
import Glibc

/// A keymap compiled by xkbcommon, its text in a sealed memfd (what `wl_keyboard.keymap` sends), and the
/// compositor-side xkb state that turns key presses into `modifiers` events.
final class Keymap {
  let fd: Int32
  let size: UInt32
  private let context: OpaquePointer
  let keymap: OpaquePointer
  let state: OpaquePointer

  /// - Throws: ``FakeSeatError/keymapCompilationFailed(layout:)`` or a memfd failure.
  init(layout: String) throws {
    guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
      throw FakeSeatError.keymapCompilationFailed(layout: layout)
    }
    let compiled: OpaquePointer? = "evdev".withCString { rules in
      "pc105".withCString { model in
        layout.withCString { layoutName in
          var names = xkb_rule_names(
            rules: rules, model: model, layout: layoutName, variant: nil, options: nil)
          return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
      }
    }
    guard let compiled, let text = xkb_keymap_get_as_string(compiled, XKB_KEYMAP_FORMAT_TEXT_V1) else {
      xkb_context_unref(context)
      throw FakeSeatError.keymapCompilationFailed(layout: layout)
    }
    defer { free(text) }
    let fd = tactile_memfd_create("tactile-keymap")
    let length = strlen(text) + 1
    guard fd >= 0, write(fd, text, length) == length, tactile_memfd_seal(fd) == 0 else {
      let error = errno
      if fd >= 0 { close(fd) }
      xkb_keymap_unref(compiled)
      xkb_context_unref(context)
      throw FakeSeatError.systemCallFailed(call: "keymap memfd", errno: error)
    }
    self.context = context
    self.keymap = compiled
    self.state = xkb_state_new(compiled)
    self.fd = fd
    self.size = UInt32(length)
  }

  deinit {
    close(fd)
    xkb_state_unref(state)
    xkb_keymap_unref(keymap)
    xkb_context_unref(context)
  }

  /// The serialized modifier state: depressed, latched, locked, group.
  var modifiers: (UInt32, UInt32, UInt32, UInt32) {
    (
      xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
      xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
      xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
      xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE)
    )
  }

  /// Feeds a key press or release (evdev code) to the state.
  ///
  /// - Returns: Whether the serialized modifiers changed.
  func update(key: UInt32, pressed: Bool) -> Bool {
    // An evdev code is the xkb code less 8; one with no xkb code (a trace can carry any 32-bit value)
    // changes nothing.
    let (keycode, overflow) = key.addingReportingOverflow(8)
    guard !overflow else { return false }
    let changed = xkb_state_update_key(state, keycode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
    return changed.rawValue & (XKB_STATE_MODS_EFFECTIVE.rawValue | XKB_STATE_LAYOUT_EFFECTIVE.rawValue) != 0
  }

  /// The evdev key code and shift level (0 or 1) that produce `keysym` in the first layout.
  func key(for keysym: xkb_keysym_t) -> (code: UInt32, shifted: Bool)? {
    let minimum = xkb_keymap_min_keycode(keymap)
    let maximum = xkb_keymap_max_keycode(keymap)
    for level in 0..<UInt32(2) {
      for keycode in minimum...maximum {
        var symbols: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols)
        if count > 0, let symbols, (0..<Int(count)).contains(where: { symbols[$0] == keysym }) {
          return (keycode - 8, level == 1)
        }
      }
    }
    return nil
  }

  /// The key for a character of typed text.
  func key(for character: Character) -> (code: UInt32, shifted: Bool)? {
    guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
    let keysym: xkb_keysym_t =
      switch character {
      case "\n": 0xFF0D  // Return
      case "\t": 0xFF09  // Tab
      default: xkb_utf32_to_keysym(scalar.value)
      }
    return key(for: keysym)
  }

  /// The key for a script's key name (``KeyNames``: `Return`, `a`, `Control_L`, `ctrl`).
  func key(named name: String) -> (code: UInt32, shifted: Bool)? {
    KeyNames.keysym(named: name).flatMap { key(for: $0) }
  }
}
