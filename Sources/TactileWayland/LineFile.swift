import Glibc

/// A text file written a line at a time, each line flushed as it is written, so that a killed app leaves
/// a readable file: the form of the files an app writes about itself (``InputRecorder``,
/// ``PresentationLog``).
@MainActor
final class LineFile {
  /// The file's path.
  let path: String
  private var file: UnsafeMutablePointer<FILE>?

  /// Creates or truncates the file at `path`.
  ///
  /// - Throws: ``WaylandError/systemCall(operation:reason:)`` naming the file and the system's reason
  ///   when it cannot be opened for writing.
  init(path: String) throws(WaylandError) {
    guard let file = fopen(path, "we") else {
      throw .systemCall(operation: "opening \(path) for writing", reason: String(cString: strerror(errno)))
    }
    self.path = path
    self.file = file
  }

  /// Opens the file at `path` as ``init(path:)`` does, or writes one line `Tactile: cannot PURPOSE: …`
  /// on standard error when it cannot.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - purpose: What the file is for, completing "Tactile: cannot …" (`"record input to \(path)"`).
  /// - Returns: The open file, or nil.
  static func opened(atPath path: String, for purpose: String) -> LineFile? {
    do {
      return try LineFile(path: path)
    } catch {
      StandardError.write("Tactile: cannot \(purpose): \(error)\n")
      return nil
    }
  }

  isolated deinit {
    close()
  }

  /// Appends `line` and a newline, and flushes them; does nothing once closed.
  func write(_ line: String) {
    guard let file else { return }
    fputs(line + "\n", file)
    fflush(file)
  }

  /// Closes the file; nothing more is written to it.
  func close() {
    if let file { fclose(file) }
    file = nil
  }
}
