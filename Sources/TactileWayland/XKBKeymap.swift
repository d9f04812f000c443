import CXKBCommon
import Glibc
import TactileCore

/// A compiled keymap with its xkb state and the locale's compose table: decodes evdev key codes into
/// ``TactileCore/Key`` values.
///
/// Created from the `wl_keyboard.keymap` fd: its size is checked with `fstat` and against
/// ``maximumSize``, then the text is copied with `pread` (never mapped, so a file that shrinks cannot
/// fault the app; reading works on the read-only file a compositor may share with every client from
/// `wl_keyboard` v7, as `MAP_PRIVATE` would), and compiled first in a child process (`KeymapTrial`), so
/// that a keymap that crashes xkbcommon does not crash the app.
@MainActor
final class XKBKeymap {
  private let context: OpaquePointer
  private let keymap: OpaquePointer
  private let state: OpaquePointer
  private let compose: OpaquePointer?

  /// Compiles the keymap in `fd` (which the caller still owns and closes).
  ///
  /// - Parameters:
  ///   - fd: The keymap file.
  ///   - size: The size the compositor announced, including the terminating NUL.
  ///   - locale: The locale whose compose table to load (`LC_ALL`, `LC_CTYPE` or `LANG`).
  /// - Throws: ``SeatError/keymapTooSmall(announced:actual:)``,
  ///   ``SeatError/keymapTooLarge(announced:limit:)``, ``SeatError/keymapUnreadable(operation:reason:)``
  ///   ``SeatError/keymapInvalid`` or ``SeatError/keymapCrashedCompiler(signal:)``.
  init(fd: Int32, size: UInt32, locale: String) throws(SeatError) {
    let text = try Self.read(fd: fd, size: size)
    // A hostile keymap can crash xkbcommon: compile it in a child process first (`KeymapTrial`).
    try KeymapTrial.check(text)
    guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keymapInvalid }
    guard
      let keymap = xkb_keymap_new_from_string(
        context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS),
      let state = xkb_state_new(keymap)
    else {
      xkb_context_unref(context)
      throw .keymapInvalid
    }
    self.context = context
    self.keymap = keymap
    self.state = state
    if let table = xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) {
      compose = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS)
      xkb_compose_table_unref(table)
    } else {
      compose = nil
    }
  }

  isolated deinit {
    if let compose { xkb_compose_state_unref(compose) }
    xkb_state_unref(state)
    xkb_keymap_unref(keymap)
    xkb_context_unref(context)
  }

  /// The largest keymap this client reads, in bytes: 4 MiB. The "us" keymap xkbcommon writes is about
  /// 60 KB and one with several layouts a few hundred KB; compiling 4 MiB takes a fraction of a second,
  /// where a 1 GiB keymap took a minute and a gigabyte. A larger announced size is refused
  /// (``SeatError/keymapTooLarge(announced:limit:)``) before anything is read.
  static let maximumSize: UInt32 = 4 << 20

  /// The keymap's text, copied with `pread` into memory this client owns, up to the first NUL.
  ///
  /// The file is never mapped: a compositor that shrinks it after sending it (or while it is read) makes
  /// the read come up short, which is ``SeatError/keymapTooSmall(announced:actual:)``, where a mapping
  /// would fault (`SIGBUS`) on the pages past the new end.
  ///
  /// - Complexity: O(`size`) time and memory, `size` at most ``maximumSize``.
  private static func read(fd: Int32, size: UInt32) throws(SeatError) -> String {
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      throw .keymapUnreadable(operation: "fstat", reason: String(cString: strerror(errno)))
    }
    guard size > 0, Int(status.st_size) >= Int(size) else {
      throw .keymapTooSmall(announced: size, actual: Int(status.st_size))
    }
    guard size <= maximumSize else { throw .keymapTooLarge(announced: size, limit: maximumSize) }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress! + filled, buffer.count - filled, off_t(filled))
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw .keymapUnreadable(operation: "pread", reason: String(cString: strerror(errno)))
      }
      guard count > 0 else { throw .keymapTooSmall(announced: size, actual: filled) }
      filled += count
    }
    let end = bytes.firstIndex(of: 0) ?? bytes.count
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// Applies `wl_keyboard.modifiers`.
  func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
    xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
  }

  /// Whether the key (evdev code) repeats when held (`xkb_keymap_key_repeats`).
  func repeats(_ code: UInt32) -> Bool {
    xkb_keymap_key_repeats(keymap, code + 8) != 0
  }

  /// The modifiers now active.
  var modifierFlags: KeyModifierFlags {
    let pairs: [(String, KeyModifierFlags)] = [
      (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alternate),
      (XKB_MOD_NAME_LOGO, .command), (XKB_MOD_NAME_CAPS, .alphaShift),
    ]
    var flags: KeyModifierFlags = []
    for (name, flag) in pairs where xkb_state_mod_name_is_active(state, name, XKB_STATE_MODS_EFFECTIVE) > 0 {
      flags.insert(flag)
    }
    return flags
  }

  /// Decodes a key going down or repeating with the current state. With `compose`, a press feeds the
  /// compose sequence: a key inside a sequence produces no text, the last one the composed text.
  func key(_ code: UInt32, compose feeding: Bool) -> Key {
    let keysym = xkb_state_key_get_one_sym(state, code + 8)
    var text = Self.string(state: state, code: code + 8)
    if feeding, let compose, xkb_compose_state_feed(compose, keysym) == XKB_COMPOSE_FEED_ACCEPTED {
      switch xkb_compose_state_get_status(compose) {
      case XKB_COMPOSE_COMPOSING, XKB_COMPOSE_CANCELLED:
        text = ""
      case XKB_COMPOSE_COMPOSED:
        text = Self.composed(compose)
        xkb_compose_state_reset(compose)
      default:
        break
      }
    }
    return Key(keyCode: code, name: KeyName(keysym: keysym), characters: text, modifierFlags: modifierFlags)
  }

  private static func string(state: OpaquePointer, code: UInt32) -> String {
    let count = Int(xkb_state_key_get_utf8(state, code, nil, 0))
    guard count > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: count + 1)
    xkb_state_key_get_utf8(state, code, &buffer, buffer.count)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func composed(_ compose: OpaquePointer) -> String {
    let count = Int(xkb_compose_state_get_utf8(compose, nil, 0))
    guard count > 0 else { return "" }
    var buffer = [CChar](repeating: 0, count: count + 1)
    xkb_compose_state_get_utf8(compose, &buffer, buffer.count)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
