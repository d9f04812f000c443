import Foundation

/// Where the scenario app writes its state lines: the file named by `TACTILE_INTEROP_STATE` (appended,
/// written at once), or standard output when it is unset. The interop driver waits for these lines
/// (`Tests/Interop/interop/state.py`); their words are the contract listed in `Tests/Interop/README.md`.
@MainActor final class StateReport {
  private let handle: FileHandle

  /// Opens the state file named in `environment`, creating it if needed.
  ///
  /// - Throws: The error of opening the file (a directory that does not exist, no permission).
  init(environment: [String: String]) throws {
    guard let path = environment["TACTILE_INTEROP_STATE"] else {
      handle = FileHandle.standardOutput
      return
    }
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
  }

  /// Writes `line` and a newline in one write, so the driver never reads half a line as a whole one.
  func write(_ line: String) {
    handle.write(Data((line + "\n").utf8))
  }
}
