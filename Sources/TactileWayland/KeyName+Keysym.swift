import CXKBCommon
import TactileCore

extension KeyName {
  /// The core's name for an xkb keysym: a named key, the character the keysym types, or
  /// ``TactileCore/KeyName/other``.
  init(keysym: xkb_keysym_t) {
    if let named = Self.named[Int32(bitPattern: keysym)] {
      self = named
    } else if (XKB_KEY_F1...XKB_KEY_F35).contains(Int32(bitPattern: keysym)) {
      self = .function(Int(Int32(bitPattern: keysym) - XKB_KEY_F1) + 1)
    } else if let scalar = Unicode.Scalar(xkb_keysym_to_utf32(keysym)), scalar.value >= 0x20,
      scalar.value != 0x7f
    {
      self = .character(Character(scalar))
    } else {
      self = .other
    }
  }

  private static let named: [Int32: KeyName] = [
    XKB_KEY_BackSpace: .backspace, XKB_KEY_Delete: .delete,
    XKB_KEY_Return: .return, XKB_KEY_KP_Enter: .return, XKB_KEY_Tab: .tab, XKB_KEY_ISO_Left_Tab: .tab,
    XKB_KEY_Escape: .escape, XKB_KEY_Left: .leftArrow, XKB_KEY_Right: .rightArrow, XKB_KEY_Up: .upArrow,
    XKB_KEY_Down: .downArrow, XKB_KEY_Home: .home, XKB_KEY_End: .end, XKB_KEY_Page_Up: .pageUp,
    XKB_KEY_Page_Down: .pageDown, XKB_KEY_Insert: .insert,
    XKB_KEY_XF86AudioPlay: .media(.play), XKB_KEY_XF86AudioPause: .media(.pause),
    XKB_KEY_XF86AudioStop: .media(.stop), XKB_KEY_XF86AudioNext: .media(.nextTrack),
    XKB_KEY_XF86AudioPrev: .media(.previousTrack), XKB_KEY_XF86AudioRewind: .media(.rewind),
    XKB_KEY_XF86AudioForward: .media(.fastForward),
    XKB_KEY_Shift_L: .modifier(.shift), XKB_KEY_Shift_R: .modifier(.shift),
    XKB_KEY_Control_L: .modifier(.control), XKB_KEY_Control_R: .modifier(.control),
    XKB_KEY_Alt_L: .modifier(.alternate), XKB_KEY_Alt_R: .modifier(.alternate),
    XKB_KEY_Super_L: .modifier(.command), XKB_KEY_Super_R: .modifier(.command),
    XKB_KEY_Caps_Lock: .modifier(.capsLock),
  ]
}
