import Glibc

/// The process's standard error, written without Foundation.
enum StandardError {
  /// Writes `text` as it is (a line ends with its own newline), retrying while a write is interrupted
  /// or short; a write that fails otherwise drops the rest.
  static func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
