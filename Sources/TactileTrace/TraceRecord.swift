/// One line of a trace file as JSON: the event's `type`, its `time` and the fields of that type (every
/// field is optional here; ``InputEvent/init(_:)`` checks that the type's fields are present).
struct TraceRecord: Equatable {
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

  /// Reads a record from one line's JSON object; unknown members are ignored, and `null` is an absent
  /// field.
  ///
  /// - Returns: nil when `json` is not an object with a string `type`, or a known member has the wrong
  ///   JSON type (a whole-number field also needs a whole number in its type's range).
  init?(json: JSONValue) {
    guard case .object(let members) = json, case .string(let type)? = members["type"] else { return nil }
    self.init(type: type)
    for (name, field) in Self.fields {
      guard let value = members[name], value != .null else { continue }
      guard field.read(value, into: &self) else { return nil }
    }
  }

  /// The record as a JSON object of its `type` and the fields it has.
  var json: JSONValue {
    var members: [String: JSONValue] = ["type": .string(type)]
    for (name, field) in Self.fields {
      if let value = field.value(in: self) { members[name] = value }
    }
    return .object(members)
  }

  /// Every field but `type`, by its name in JSON.
  private static let fields: [(name: String, field: Field)] = [
    ("time", .whole(\.time)), ("version", .int(\.version)), ("surface", .int(\.surface)),
    ("id", .signed(\.id)), ("x", .number(\.x)), ("y", .number(\.y)), ("major", .number(\.major)),
    ("minor", .number(\.minor)), ("degrees", .number(\.degrees)), ("button", .whole(\.button)),
    ("pressed", .bool(\.pressed)), ("axis", .string(\.axis)), ("value", .number(\.value)),
    ("value120", .signed(\.value120)), ("source", .whole(\.source)), ("kind", .string(\.kind)),
    ("fingers", .whole(\.fingers)), ("dx", .number(\.dx)), ("dy", .number(\.dy)),
    ("scale", .number(\.scale)), ("rotation", .number(\.rotation)), ("cancelled", .bool(\.cancelled)),
    ("keys", .wholeList(\.keys)), ("key", .whole(\.key)), ("depressed", .whole(\.depressed)),
    ("latched", .whole(\.latched)), ("locked", .whole(\.locked)), ("group", .whole(\.group)),
    ("rate", .signed(\.rate)), ("delay", .signed(\.delay)), ("text", .string(\.text)),
    ("cursorBegin", .signed(\.cursorBegin)), ("cursorEnd", .signed(\.cursorEnd)),
    ("before", .whole(\.before)), ("after", .whole(\.after)), ("tool", .whole(\.tool)),
  ]

  /// A stored field and its JSON type.
  private enum Field: Sendable {
    case int(WritableKeyPath<TraceRecord, Int?> & Sendable)
    case signed(WritableKeyPath<TraceRecord, Int32?> & Sendable)
    case whole(WritableKeyPath<TraceRecord, UInt32?> & Sendable)
    case wholeList(WritableKeyPath<TraceRecord, [UInt32]?> & Sendable)
    case number(WritableKeyPath<TraceRecord, Double?> & Sendable)
    case bool(WritableKeyPath<TraceRecord, Bool?> & Sendable)
    case string(WritableKeyPath<TraceRecord, String?> & Sendable)

    /// Stores `json` in `record`; false when it is not of the field's type.
    func read(_ json: JSONValue, into record: inout TraceRecord) -> Bool {
      switch (self, json) {
      case (.int(let path), .number(let number)):
        guard let value = Int(exactly: number) else { return false }
        record[keyPath: path] = value
      case (.signed(let path), .number(let number)):
        guard let value = Int32(exactly: number) else { return false }
        record[keyPath: path] = value
      case (.whole(let path), .number(let number)):
        guard let value = UInt32(exactly: number) else { return false }
        record[keyPath: path] = value
      case (.wholeList(let path), .array(let values)):
        var codes: [UInt32] = []
        for value in values {
          guard case .number(let number) = value, let code = UInt32(exactly: number) else { return false }
          codes.append(code)
        }
        record[keyPath: path] = codes
      case (.number(let path), .number(let number)): record[keyPath: path] = number
      case (.bool(let path), .bool(let flag)): record[keyPath: path] = flag
      case (.string(let path), .string(let text)): record[keyPath: path] = text
      default: return false
      }
      return true
    }

    /// The field's value in `record` as JSON, nil when absent.
    func value(in record: TraceRecord) -> JSONValue? {
      switch self {
      case .int(let path): record[keyPath: path].map { .number(Double($0)) }
      case .signed(let path): record[keyPath: path].map { .number(Double($0)) }
      case .whole(let path): record[keyPath: path].map { .number(Double($0)) }
      case .wholeList(let path): record[keyPath: path].map { .array($0.map { .number(Double($0)) }) }
      case .number(let path): record[keyPath: path].map(JSONValue.number)
      case .bool(let path): record[keyPath: path].map(JSONValue.bool)
      case .string(let path): record[keyPath: path].map(JSONValue.string)
      }
    }
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
