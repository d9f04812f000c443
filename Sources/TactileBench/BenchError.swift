/// Why a benchmark could not measure.
public enum BenchError: Error, CustomStringConvertible {
  /// The client exited (or never mapped a window) before it could be measured; `log` is its output.
  case clientFailed(name: String, log: String)
  /// The clients' windows are too small for the requested number of motions.
  case windowTooSmall(width: Int32, height: Int32, motions: Int)
  /// valgrind (callgrind) failed or wrote no instruction count.
  case callgrindFailed(String)
  /// A command-line argument the tool does not understand.
  case usage(String)
  /// A line of a Tactile client's presentation log (``PresentationLogFile``) that has not five fields.
  case malformedPresentationLog(path: String, line: String)

  public var description: String {
    switch self {
    case .clientFailed(let name, let log): "\(name) failed before it could be measured; its output:\n\(log)"
    case .windowTooSmall(let width, let height, let motions):
      "a \(width)×\(height) window has room for fewer than \(motions) motion points"
    case .callgrindFailed(let message): "callgrind: \(message)"
    case .usage(let message): message
    case .malformedPresentationLog(let path, let line): "\(path): not a presentation log line: \(line)"
    }
  }
}
