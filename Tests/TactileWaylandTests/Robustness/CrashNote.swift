import Glibc

/// What the wire fuzzer is doing, printed if the process dies of a trap or a memory fault (Swift's
/// runtime checks end in `SIGILL`/`SIGTRAP`), so that a crash names the seed and the steps to replay
/// with `TACTILE_FUZZ_SEED`.
///
/// The text is formatted before each sequence into a fixed buffer; the handler only calls `write`, which
/// is safe in a signal handler, then lets the signal kill the process as before.
enum CrashNote {
  private static let capacity = 1 << 16
  nonisolated(unsafe) private static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
  nonisolated(unsafe) private static var length = 0
  private static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

  /// Installs the handler for the fatal signals; the returned closure restores the previous handlers.
  static func install() -> () -> Void {
    let previous = signals.map { signal($0, crashNoteHandler) }
    return {
      for (number, handler) in zip(signals, previous) { signal(number, handler) }
      length = 0
    }
  }

  /// Sets the text printed on a crash (cut at 64 KiB).
  static func set(_ text: String) {
    let bytes = Array(text.utf8.prefix(capacity))
    bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: bytes.count) }
    length = bytes.count
  }

  fileprivate static func write() {
    _ = Glibc.write(2, buffer, length)
  }
}

private func crashNoteHandler(_ number: Int32) {
  CrashNote.write()
  signal(number, SIG_DFL)
  raise(number)
}
