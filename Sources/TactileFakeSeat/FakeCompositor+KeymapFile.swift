import CWaylandServer

extension FakeCompositor {
  /// Sends the file `fd` as the keymap to every keyboard, announcing `announcedSize` bytes, for tests of
  /// a compositor that changes the file after sending it (shrinks it, rewrites it) as a hostile one may.
  ///
  /// The caller keeps `fd` (libwayland sends a duplicate) and may truncate or rewrite it at any time;
  /// the compositor's own keymap is unchanged.
  public func sendKeymap(fd: Int32, announcedSize: UInt32) {
    for keyboard in seat.keyboards {
      wl_keyboard_send_keymap(keyboard.resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, announcedSize)
    }
  }
}
