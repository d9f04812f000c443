import Glibc
import TactileCore

/// Writes every frame presentation a Tactile app hears of to the file `TACTILE_PRESENTATION_LOG` names,
/// one line each, so that a benchmark or a test lane outside the app reads the app's own measurements.
///
/// After a `#` header line, each line holds five fields separated by single spaces, in seconds with
/// nine decimals, `-` for a value the frame lacks: the input time (``TactileCore/FramePresentation/inputTime``),
/// the commit time, the presentation time (`-` for a discarded frame), input to commit
/// (``TactileCore/FramePresentation/inputToCommit``) and input to presentation
/// (``TactileCore/FramePresentation/inputToPresentation``). Each line is flushed when written, so a killed
/// app leaves a readable file. The file is truncated when the log opens it; if it cannot be opened, one
/// line on standard error says so and nothing is written.
@MainActor
final class PresentationLog {
  /// The header line (without its newline).
  static let header = "# input commit presented input-to-commit input-to-presented (seconds)"

  private let file: LineFile

  /// Opens the file at `path` (by default the one `TACTILE_PRESENTATION_LOG` names); fails when `path`
  /// is nil or empty, or the file cannot be opened.
  init?(path: String? = getenv("TACTILE_PRESENTATION_LOG").map { String(cString: $0) }) {
    guard let path, !path.isEmpty,
      let file = LineFile.opened(atPath: path, for: "write the presentation log to \(path)")
    else { return nil }
    self.file = file
    file.write(Self.header)
  }

  /// Appends one frame's line.
  func write(_ frame: FramePresentation) {
    file.write(Self.line(for: frame))
  }

  /// The line of one frame (without its newline).
  static func line(for frame: FramePresentation) -> String {
    [frame.inputTime, frame.commitTime, frame.presentedTime, frame.inputToCommit, frame.inputToPresentation]
      .map { $0.map(format) ?? "-" }.joined(separator: " ")
  }

  /// Seconds with nine decimals (nanoseconds).
  private static func format(_ seconds: Double) -> String {
    let nanoseconds = Int64((seconds * 1e9).rounded())
    let sign = nanoseconds < 0 ? "-" : ""
    let magnitude = nanoseconds.magnitude
    let fraction = String(magnitude % 1_000_000_000)
    return
      "\(sign)\(magnitude / 1_000_000_000).\(String(repeating: "0", count: 9 - fraction.count))\(fraction)"
  }
}
