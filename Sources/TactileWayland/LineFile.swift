import Glibc

/// A text file written a line at a time, each line flushed as it is written, so that a killed app leaves
/// a readable file: the form of the files an app writes about itself (``InputRecorder``,
/// ``PresentationLog``).
@MainActor
final class LineFile {
  private let file: UnsafeMutablePointer<FILE>

  /// Opens (and truncates) the file at `path`; fails when it cannot be opened.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - purpose: What the file is for, completing "Tactile: cannot …" in the one line written on
  ///     standard error when the file cannot be opened (`"record input to \(path)"`).
  init?(path: String, purpose: String) {
    guard let file = fopen(path, "we") else {
      StandardError.write("Tactile: cannot \(purpose)\n")
      return nil
    }
    self.file = file
  }

  isolated deinit {
    fclose(file)
  }

  /// Appends `line` and a newline, and flushes them.
  func write(_ line: String) {
    fputs(line + "\n", file)
    fflush(file)
  }
}
