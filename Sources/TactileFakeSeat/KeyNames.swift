import CXKBCommon

/// The key names scripts accept: xkb key symbol names (`Return`, `a`, `Control_L`, `F1`), matched
/// case-insensitively, and the friendly names people write for modifiers and common keys (`ctrl`,
/// `shift`, `alt`, `super`, `enter`, `esc`, …), so `key ctrl+a`, `key shift+Tab` and `key super` work.
enum KeyNames {
  /// Friendly names, lowercased, and the xkb key symbol each stands for (the left key of a pair).
  static let friendly: [String: String] = [
    "ctrl": "Control_L", "control": "Control_L", "shift": "Shift_L", "alt": "Alt_L", "super": "Super_L",
    "win": "Super_L", "logo": "Super_L", "altgr": "ISO_Level3_Shift", "enter": "Return", "esc": "Escape",
    "del": "Delete", "ins": "Insert", "pgup": "Prior", "pageup": "Prior", "pgdn": "Next", "pagedown": "Next",
    "capslock": "Caps_Lock", "backspace": "BackSpace",
  ]

  /// The key symbol a name stands for, or nil if it names none.
  static func keysym(named name: String) -> xkb_keysym_t? {
    let xkbName = friendly[name.lowercased()] ?? name
    let keysym = xkb_keysym_from_name(xkbName, XKB_KEYSYM_CASE_INSENSITIVE)
    return keysym == 0 ? nil : keysym
  }
}
