/// One line of a trace file as JSON: the event's `type`, its `time` and the fields of that type (every
/// field is optional here; ``InputEvent/init(_:)`` checks that the type's fields are present).
struct TraceRecord: Codable, Equatable {
  var type: String
  var time: UInt32?
  var version: Int?
  var surface: Int?
  var id: Int32?
  var x: Double?
  var y: Double?
  var major: Double?
  var minor: Double?
  var degrees: Double?
  var button: UInt32?
  var pressed: Bool?
  var axis: String?
  var value: Double?
  var value120: Int32?
  var source: UInt32?
  var kind: String?
  var fingers: UInt32?
  var dx: Double?
  var dy: Double?
  var scale: Double?
  var rotation: Double?
  var cancelled: Bool?
  var keys: [UInt32]?
  var key: UInt32?
  var depressed: UInt32?
  var latched: UInt32?
  var locked: UInt32?
  var group: UInt32?
  var rate: Int32?
  var delay: Int32?
  var text: String?
  var cursorBegin: Int32?
  var cursorEnd: Int32?
  var before: UInt32?
  var after: UInt32?
  /// A tablet event's tool type (`zwp_tablet_tool_v2.type`).
  var tool: UInt32?

  init(type: String, time: UInt32? = nil) {
    self.type = type
    self.time = time
  }

  /// A field the record's type needs.
  ///
  /// - Throws: ``TraceSyntaxError`` naming the field when it is absent (or not finite, for numbers).
  func required<Value>(_ path: KeyPath<TraceRecord, Value?>, _ name: String) throws(TraceSyntaxError) -> Value
  {
    guard let value = self[keyPath: path], (value as? Double)?.isFinite ?? true else {
      throw TraceSyntaxError(message: "\(type) needs '\(name)'")
    }
    return value
  }

  /// A field naming one of the cases of `Choice`.
  ///
  /// - Throws: ``TraceSyntaxError`` when it is absent or names no case.
  func required<Choice: RawRepresentable & CaseIterable>(
    _ path: KeyPath<TraceRecord, String?>, _ name: String, as choice: Choice.Type
  ) throws(TraceSyntaxError) -> Choice where Choice.RawValue == String {
    let raw = try required(path, name)
    guard let value = Choice(rawValue: raw) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw TraceSyntaxError(message: "\(type): '\(name)' is '\(raw)', not one of \(names)")
    }
    return value
  }
}

/// A problem of one trace line, before its line number is known.
struct TraceSyntaxError: Error {
  var message: String
}
