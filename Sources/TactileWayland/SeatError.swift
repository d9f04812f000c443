/// What can go wrong with a seat's input, by kind. None of these stops the app: the device concerned is
/// disabled (or, for a paste, the paste abandoned) and the error is reported once through
/// ``WaylandDisplay/onInputError``.
public enum SeatError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The compositor sent a keymap in a format other than `xkb_v1` (for instance `no_keymap`).
  case unsupportedKeymapFormat(format: UInt32)
  /// The keymap fd's file is smaller than the size the compositor announced (or the size is 0), or it
  /// shrank while it was read: `actual` is what it held then.
  case keymapTooSmall(announced: UInt32, actual: Int)
  /// The compositor announced a keymap larger than `limit`, the most this client reads (4 MiB, see
  /// "Limits of the client" in `docs/robustness.md`): it is not read.
  case keymapTooLarge(announced: UInt32, limit: UInt32)
  /// The keymap fd could not be examined or read; `reason` is the system's text.
  case keymapUnreadable(operation: String, reason: String)
  /// The keymap's text is not a keymap xkbcommon can compile.
  case keymapInvalid
  /// Compiling the keymap killed the child process that tries every keymap first with `signal`
  /// (SIGSEGV for a keymap that crashes xkbcommon, SIGALRM for one that makes it hang): the app never
  /// compiled it (`KeymapTrial`).
  case keymapCrashedCompiler(signal: Int32)
  /// A paste read from the owner of `selection` for `seconds` (``SystemPasteboard/readTimeout``)
  /// without the owner closing its pipe, after `receivedBytes` bytes: the paste was abandoned.
  case pasteTimedOut(selection: SelectionKind, seconds: Double, receivedBytes: Int)
  /// The owner of `selection` sent more than `limit` bytes (64 MiB): the paste was dropped.
  case pasteTooLarge(selection: SelectionKind, limit: Int)
  /// A client asked for this app's `selection` and did not read it within `seconds`
  /// (``SystemPasteboard/writeTimeout``): the pipe was closed after `writtenBytes` of `totalBytes`.
  case copyTimedOut(selection: SelectionKind, seconds: Double, writtenBytes: Int, totalBytes: Int)
  /// A drop target asked for this app's dragged data and did not read it within `seconds`: the pipe
  /// was closed after `writtenBytes` of `totalBytes`.
  case dragTransferTimedOut(seconds: Double, writtenBytes: Int, totalBytes: Int)
  /// A target this app's drag was dropped on did not finish the drop within `seconds`: the drag ended
  /// as cancelled.
  case dropNotFinished(seconds: Double)
  /// Data dropped on this app from another did not arrive — its source did not close the pipe in time,
  /// sent too much, or the read failed — as `reason` says.
  case dropReadFailed(reason: String)

  public var description: String {
    switch self {
    case .unsupportedKeymapFormat(let format):
      "keyboard disabled: unsupported keymap format \(format)"
    case .keymapTooSmall(let announced, let actual):
      "keyboard disabled: the keymap file holds \(actual) bytes, the compositor announced \(announced)"
    case .keymapTooLarge(let announced, let limit):
      "keyboard disabled: the compositor announced a keymap of \(announced) bytes, more than the \(limit) read"
    case .keymapUnreadable(let operation, let reason):
      "keyboard disabled: cannot read the keymap (\(operation): \(reason))"
    case .keymapInvalid:
      "keyboard disabled: the keymap does not compile"
    case .keymapCrashedCompiler(let signal):
      "keyboard disabled: the keymap killed the trial compile (signal \(signal)); it was not compiled"
    case .pasteTimedOut(let selection, let seconds, let receivedBytes):
      "paste abandoned: the owner of the \(selection == .clipboard ? "clipboard" : "primary selection") "
        + "sent \(receivedBytes) bytes and did not close its pipe within \(seconds) s"
    case .pasteTooLarge(let selection, let limit):
      "paste dropped: the owner of the \(selection == .clipboard ? "clipboard" : "primary selection") "
        + "sent more than \(limit) bytes"
    case .copyTimedOut(let selection, let seconds, let writtenBytes, let totalBytes):
      "copy abandoned: a client asked for the \(selection == .clipboard ? "clipboard" : "primary selection") "
        + "and did not read it within \(seconds) s (\(writtenBytes) of \(totalBytes) bytes written)"
    case .dragTransferTimedOut(let seconds, let writtenBytes, let totalBytes):
      "drag data abandoned: the drop target did not read it within \(seconds) s "
        + "(\(writtenBytes) of \(totalBytes) bytes written)"
    case .dropNotFinished(let seconds):
      "drag cancelled: the drop target did not finish the drop within \(seconds) s"
    case .dropReadFailed(let reason): "drop abandoned: \(reason)"
    }
  }
}
