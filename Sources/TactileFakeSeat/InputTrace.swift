import Foundation

/// A recording of the touch input one app received, as written by a Tactile app run with
/// `TACTILE_RECORD=FILE` (one JSON object per line, format in TactileWayland's `InputRecorder`), for
/// replay into any client by ``FakeCompositor/replay(_:onSurface:)`` or `tactile-compositor --replay`.
public struct InputTrace: Equatable, Sendable {
  /// One recorded `wl_touch` event.
  public struct Event: Decodable, Equatable, Sendable {
    /// `touch-down`, `touch-motion`, `touch-up`, `touch-frame`, `touch-cancel` or `touch-shape`.
    public var type: String
    /// The compositor's timestamp in milliseconds.
    public var time: UInt32
    public var id: Int32?
    /// Surface coordinates of a down or motion.
    public var x: Double?
    public var y: Double?
    /// Contact axes of a shape event.
    public var major: Double?
    public var minor: Double?
  }

  public var events: [Event]

  /// Parses trace text; empty lines are skipped.
  ///
  /// - Throws: ``ScriptError`` naming the first line that is not a trace event (malformed JSON, unknown
  ///   type, or a missing id or coordinate the type needs).
  public init(parsing text: String) throws(ScriptError) {
    var events: [Event] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      guard let event = try? JSONDecoder().decode(Event.self, from: Data(line.utf8)) else {
        throw ScriptError(line: index + 1, message: "not a trace event: \(line.prefix(80))")
      }
      if let problem = Self.problem(with: event) { throw ScriptError(line: index + 1, message: problem) }
      events.append(event)
    }
    self.events = events
  }

  /// What the event lacks for its type, or nil when it is complete.
  private static func problem(with event: Event) -> String? {
    switch event.type {
    case "touch-down", "touch-motion":
      event.id != nil && event.x?.isFinite == true && event.y?.isFinite == true
        ? nil : "\(event.type) needs id, x and y"
    case "touch-up": event.id != nil ? nil : "touch-up needs an id"
    case "touch-shape":
      event.id != nil && event.major?.isFinite == true && event.minor?.isFinite == true
        ? nil : "touch-shape needs id, major and minor"
    case "touch-frame", "touch-cancel": nil
    default: "unknown event type '\(event.type)'"
    }
  }
}
