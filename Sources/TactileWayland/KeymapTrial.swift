import CSystem
import CXKBCommon
import Glibc

/// A trial compile of a keymap from the compositor in a forked child, before the app compiles it.
///
/// The keymap is outside input, and xkbcommon is not hardened against it: libxkbcommon 1.5.0 (Debian 12)
/// dereferences a null pointer on a 22-byte keymap, `xkb_keycodes{key<>{,n}`. Compiling it first in a
/// child process (`tactile_run_isolated`) confines such a crash, or a hang, to the child: the app reports
/// ``SeatError/keymapCrashedCompiler(signal:)`` and keeps running with its keyboard disabled. xkbcommon
/// is deterministic, so a keymap the child compiled compiles the same in the app. The child only calls
/// xkbcommon (C code and malloc, which glibc keeps usable after `fork`) and logs nothing.
///
/// The cost is one `fork` and a second compile per keymap: a keymap arrives when a keyboard appears and
/// when the layout changes, not per key (see "Limits of the client" in `docs/robustness.md` for the
/// measured cost).
enum KeymapTrial {
  /// How long the child may compile before it is killed (SIGALRM): a keymap of at most
  /// ``XKBKeymap/maximumSize`` compiles in well under a second.
  static let timeoutSeconds: UInt32 = 5

  /// Compiles `text` in a child process.
  ///
  /// - Throws: ``SeatError/keymapInvalid`` when it does not compile,
  ///   ``SeatError/keymapCrashedCompiler(signal:)`` when compiling it killed the child (SIGALRM: it hung),
  ///   ``SeatError/keymapUnreadable(operation:reason:)`` when no child could be started.
  static func check(_ text: String) throws(SeatError) {
    var signal: Int32 = 0
    let result = text.withCString { pointer in
      tactile_run_isolated(compile, UnsafeMutableRawPointer(mutating: pointer), timeoutSeconds, &signal)
    }
    switch result {
    case 0: return
    case -2: throw .keymapCrashedCompiler(signal: signal)
    case -1:
      throw .keymapUnreadable(operation: "fork", reason: String(cString: strerror(errno)))
    default: throw .keymapInvalid
    }
  }
}

/// The child's work: 0 when the keymap compiles and gets a state, 1 when it does not.
private let compile: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { text in
  guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return 1 }
  xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
  guard
    let keymap = xkb_keymap_new_from_string(
      context, text?.assumingMemoryBound(to: CChar.self), XKB_KEYMAP_FORMAT_TEXT_V1,
      XKB_KEYMAP_COMPILE_NO_FLAGS),
    xkb_state_new(keymap) != nil
  else { return 1 }
  return 0
}
