import Foundation

/// What a Tactile app wrote to `TACTILE_PRESENTATION_LOG`: one line per frame that answered input, with
/// its input, commit and presentation times and the two spans between them, in seconds (`-` for a value
/// the frame lacks), after a `#` header line.
struct PresentationLogFile {
  /// Seconds from input to commit, for every frame that has the value, in file order.
  var inputToCommit: [Double] = []
  /// Seconds from input to presentation, for every presented frame that has the value, in file order.
  var inputToPresented: [Double] = []

  /// Reads the file at `path`.
  ///
  /// - Throws: A file system error, or ``BenchError/malformedPresentationLog(path:line:)`` for a line that
  ///   has not five fields.
  init(contentsOf path: String) throws {
    try self.init(text: String(contentsOfFile: path, encoding: .utf8), path: path)
  }

  /// Parses the text of a log (`path` names it in errors).
  init(text: String, path: String = "") throws {
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: " ")
      guard fields.count == 5 else {
        throw BenchError.malformedPresentationLog(path: path, line: String(line))
      }
      if let value = Double(fields[3]) { inputToCommit.append(value) }
      if let value = Double(fields[4]) { inputToPresented.append(value) }
    }
  }
}
