import CWaylandProtocols
import Glibc
import Synchronization

/// Captures libwayland-client's log, which is the only place the text of a protocol error appears.
///
/// libwayland reports a protocol error to the client as `wl_display_get_protocol_error` (interface,
/// object id, code) plus one log line `interface@id: error code: message`. The sink installed here keeps
/// the messages of such lines so that ``WaylandConnection`` can put them into
/// ``WaylandError/protocolError(interface:objectID:code:message:)``; every other line goes to standard
/// error, prefixed `libwayland: `, as libwayland would print it. Process-wide, because libwayland's log
/// handler is; safe with several connections on several threads.
enum WaylandLog {
  /// One parsed protocol-error log line.
  struct ProtocolErrorLine: Equatable, Sendable {
    var interface: String
    var objectID: UInt32
    var code: UInt32
    var message: String
  }

  /// The most recent protocol-error lines, newest last, at most ``capacity``.
  private static let recent = Mutex<[ProtocolErrorLine]>([])
  private static let capacity = 32

  /// Installs the sink; idempotent.
  static func install() {
    _ = installOnce
  }

  private static let installOnce: Void = {
    tactile_wayland_set_client_log_sink { message in
      guard let message else { return }
      WaylandLog.receive(String(cString: message))
    }
  }()

  static func receive(_ text: String) {
    if let line = parse(text) {
      recent.withLock { lines in
        lines.append(line)
        if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
      }
    } else {
      writeStandardError("libwayland: \(text.hasSuffix("\n") ? text : text + "\n")")
    }
  }

  /// The message of the latest protocol error logged for `interface@objectID` with `code`, if any.
  static func message(interface: String, objectID: UInt32, code: UInt32) -> String? {
    recent.withLock { lines in
      lines.last { $0.interface == interface && $0.objectID == objectID && $0.code == code }?.message
    }
  }

  /// Parses libwayland's `interface@id: error code: message` line.
  ///
  /// - Returns: The fields, or nil when `text` is any other log line.
  static func parse(_ text: String) -> ProtocolErrorLine? {
    let trimmed = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
    let parts = trimmed.split(separator: ": ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1].hasPrefix("error "),
      let code = UInt32(parts[1].dropFirst("error ".count))
    else { return nil }
    let object = parts[0].split(separator: "@", omittingEmptySubsequences: false)
    guard object.count == 2, !object[0].isEmpty, let objectID = UInt32(object[1]) else { return nil }
    return ProtocolErrorLine(
      interface: String(object[0]), objectID: objectID, code: code, message: String(parts[2]))
  }
}

/// Writes `text` to standard error, unbuffered.
func writeStandardError(_ text: String) {
  var bytes = Array(text.utf8)
  _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
