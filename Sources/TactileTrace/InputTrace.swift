/// A recording of the seat input one client received: written by a Tactile app run with
/// `TACTILE_RECORD=FILE`, replayed into any client by the fake compositor (`tactile-compositor --replay
/// FILE`, the script command `replay FILE`, or `FakeCompositor.replay(_:onSurface:)`).
///
/// The file format (JSON Lines, UTF-8): a header line, then one JSON object per event, in the order the
/// events arrived:
///
/// ```
/// {"type":"tactile-input-trace","version":3}
/// {"id":0,"surface":0,"time":812,"type":"touch-down","x":120,"y":80}
/// {"time":812,"type":"touch-frame"}
/// {"key":30,"pressed":true,"time":1020,"type":"key"}
/// ```
///
/// Every event has a `type` (see ``InputEvent``: `touch-down`, `pointer-axis-value120`, `text-commit`, …)
/// and a `time`, the compositor's millisecond timestamp (events without one in the protocol repeat the
/// previous event's; a line without `time` does the same, and lines without one before the first line
/// with one take its time). The other fields are the event's arguments,
/// named as in ``InputEvent``; unknown fields are ignored. Version 3 added the tablet events
/// (`tablet-proximity-in`, `tablet-motion`, … with the tool's `tool` type); version 2 files are read as they
/// are. Version 1 files (touch only, written before the
/// header existed) have no header and are read as they are.
public struct InputTrace: Equatable, Sendable {
  /// One event with the compositor's timestamp, in milliseconds.
  public struct Entry: Equatable, Sendable {
    public var time: UInt32
    public var event: InputEvent

    public init(time: UInt32, event: InputEvent) {
      self.time = time
      self.event = event
    }
  }

  /// The format version this library writes, and the newest it reads.
  public static let version = 3

  /// The events in the order they arrived.
  public var entries: [Entry]

  public init(entries: [Entry]) {
    self.entries = entries
  }

  /// Parses trace text; blank lines are skipped.
  ///
  /// - Throws: ``InputTraceError`` naming the first bad line: not a JSON object with a `type`, an unknown
  ///   type, a field the type needs that is missing or malformed, a header that is not first, or a
  ///   version newer than ``version``.
  /// - Complexity: O(n) in the length of the text.
  public init(parsing text: String) throws(InputTraceError) {
    var entries: [Entry] = []
    var time: UInt32?
    var isFirstLine = true
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      defer { isFirstLine = false }
      do throws(TraceSyntaxError) {
        guard let json = JSONValue(parsing: line), let record = TraceRecord(json: json) else {
          throw TraceSyntaxError(message: "not a trace event: \(line.prefix(80))")
        }
        if record.type == Self.headerType {
          try Self.checkHeader(record, isFirst: isFirstLine)
          continue
        }
        if time == nil, let first = record.time {
          // The leading events without a time happened when the first timed one did, for a replay.
          for index in entries.indices { entries[index].time = first }
        }
        time = record.time ?? time
        entries.append(Entry(time: time ?? 0, event: try InputEvent(record)))
      } catch {
        throw InputTraceError(line: index + 1, message: error.message)
      }
    }
    self.entries = entries
  }

  /// The `type` of the header line.
  static let headerType = "tactile-input-trace"

  private static func checkHeader(_ record: TraceRecord, isFirst: Bool) throws(TraceSyntaxError) {
    guard isFirst else { throw TraceSyntaxError(message: "the header must be the first line") }
    let found = try record.required(\.version, "version")
    guard (1...version).contains(found) else {
      throw TraceSyntaxError(message: "trace version \(found) is not one this reader knows (1 to \(version))")
    }
  }

  /// The header line (without its newline) that starts a file of the current ``version``.
  public static var headerLine: String {
    var record = TraceRecord(type: headerType)
    record.version = version
    return encode(record)
  }

  /// One event's line (without its newline).
  ///
  /// - Parameters:
  ///   - event: The event.
  ///   - time: Its timestamp in milliseconds, or nil when none is known yet (an event the protocol gives
  ///     no time, before any event that had one).
  /// - Returns: One JSON object, as ``init(parsing:)`` reads it.
  public static func line(for event: InputEvent, time: UInt32?) -> String {
    encode(event.record(time: time))
  }

  /// The whole trace as file text: the header and one line per entry, each ending in a newline.
  public var text: String {
    ([Self.headerLine] + entries.map { Self.line(for: $0.event, time: $0.time) }).map { $0 + "\n" }.joined()
  }

  private static func encode(_ record: TraceRecord) -> String {
    record.json.text
  }
}

/// A trace line that is not an event this library reads: a ``LineError`` naming it.
public typealias InputTraceError = LineError
