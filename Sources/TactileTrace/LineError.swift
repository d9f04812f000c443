/// A problem on one line of a line-based text file: a line of an ``InputTrace`` that is not an event
/// this library reads, or a fake-seat script line that is malformed or failed to run.
///
/// Both formats report their errors with this one type (named `InputTraceError` and `ScriptError` where
/// the format is in view), so a tool prints either the same way: `line N: message`.
public struct LineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based line number (0 when the error concerns no line, e.g. an unreadable file).
  public var line: Int
  public var message: String

  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}
