/// A JSON value (RFC 8259) as trace lines hold them, read and written without Foundation.
///
/// Numbers keep their `Double` value: every number a trace holds (times, codes, coordinates) is exact in
/// one. Objects keep the last value of a repeated name.
enum JSONValue: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// How deep arrays and objects may nest in a parsed text: deeper input is rejected rather than
  /// recursed into.
  static let maximumDepth = 32

  /// Parses one JSON text (surrounding whitespace allowed).
  ///
  /// - Returns: nil when `text` is not exactly one JSON value, or nests deeper than ``maximumDepth``.
  /// - Complexity: O(n) in the length of the text.
  init?(parsing text: Substring) {
    var parser = JSONParser(Array(text.utf8))
    guard let value = parser.value(depth: 0), parser.isAtEnd else { return nil }
    self = value
  }

  /// The value as compact JSON text: object members sorted by name, `/` not escaped, non-ASCII
  /// characters written as they are, whole numbers of at most 2⁵³ without a fraction.
  ///
  /// A number that is not finite, which JSON cannot hold, is written as the string `"inf"`, `"-inf"`
  /// or `"nan"`, so that a reader sees a malformed field rather than a malformed line.
  var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value): Self.write(number: value, to: &output)
    case .string(let value): Self.write(string: value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, name) in members.keys.sorted().enumerated() {
        if index > 0 { output += "," }
        Self.write(string: name, to: &output)
        output += ":"
        members[name]!.write(to: &output)
      }
      output += "}"
    }
  }

  private static func write(number: Double, to output: inout String) {
    if number.isNaN {
      output += "\"nan\""
    } else if number.isInfinite {
      output += number > 0 ? "\"inf\"" : "\"-inf\""
    } else if number.rounded() == number, number.magnitude <= 9_007_199_254_740_992 {
      output += String(Int64(number))
    } else {
      output += number.description
    }
  }

  private static func write(string: String, to output: inout String) {
    output += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

/// A recursive-descent reader of JSON text in UTF-8, for ``JSONValue/init(parsing:)``.
private struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether only whitespace is left.
  var isAtEnd: Bool {
    mutating get {
      skipWhitespace()
      return index == bytes.count
    }
  }

  /// The value starting at the next non-whitespace byte, or nil when there is none.
  mutating func value(depth: Int) -> JSONValue? {
    skipWhitespace()
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "{"): return depth < JSONValue.maximumDepth ? object(depth: depth + 1) : nil
    case UInt8(ascii: "["): return depth < JSONValue.maximumDepth ? array(depth: depth + 1) : nil
    case UInt8(ascii: "\""): return string().map(JSONValue.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default: return number()
    }
  }

  private mutating func object(depth: Int) -> JSONValue? {
    index += 1
    var members: [String: JSONValue] = [:]
    if consume(UInt8(ascii: "}")) { return .object(members) }
    repeat {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string(),
        consume(UInt8(ascii: ":")), let value = value(depth: depth)
      else { return nil }
      members[name] = value
    } while consume(UInt8(ascii: ","))
    return consume(UInt8(ascii: "}")) ? .object(members) : nil
  }

  private mutating func array(depth: Int) -> JSONValue? {
    index += 1
    var values: [JSONValue] = []
    if consume(UInt8(ascii: "]")) { return .array(values) }
    repeat {
      guard let value = value(depth: depth) else { return nil }
      values.append(value)
    } while consume(UInt8(ascii: ","))
    return consume(UInt8(ascii: "]")) ? .array(values) : nil
  }

  /// The string whose opening quote is at `index`, with its escapes decoded; nil when it is unterminated,
  /// holds a raw control character, a bad escape or a lone surrogate.
  private mutating func string() -> String? {
    index += 1
    var scalars = String.UnicodeScalarView()
    var start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        // The bytes since the last escape are valid UTF-8: they came from a String.
        scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
        index += 1
        if byte == UInt8(ascii: "\"") { return String(scalars) }
        guard let scalar = escape() else { return nil }
        scalars.append(scalar)
        start = index
      } else if byte < 0x20 {
        return nil
      } else {
        index += 1
      }
    }
    return nil
  }

  /// The scalar of the escape after a backslash.
  private mutating func escape() -> Unicode.Scalar? {
    guard index < bytes.count else { return nil }
    let letter = bytes[index]
    index += 1
    switch letter {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard let unit = hexUnit() else { return nil }
      if (0xD800..<0xDC00).contains(unit) {
        guard consume(UInt8(ascii: "\\"), skippingWhitespace: false),
          consume(UInt8(ascii: "u"), skippingWhitespace: false),
          let low = hexUnit(), (0xDC00..<0xE000).contains(low)
        else { return nil }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
      }
      return Unicode.Scalar(unit)
    default: return nil
    }
  }

  /// Four hexadecimal digits.
  private mutating func hexUnit() -> UInt32? {
    guard index + 4 <= bytes.count,
      let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { return nil }
    index += 4
    return unit
  }

  /// A number in JSON's grammar (`-`? digits, fraction, exponent; no leading zeros, no `+`, no `.5`).
  private mutating func number() -> JSONValue? {
    let start = index
    _ = consume(UInt8(ascii: "-"), skippingWhitespace: false)
    if consume(UInt8(ascii: "0"), skippingWhitespace: false) {
      // A leading zero stands alone.
    } else if digits() == 0 {
      return nil
    }
    if consume(UInt8(ascii: "."), skippingWhitespace: false), digits() == 0 { return nil }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if !consume(UInt8(ascii: "+"), skippingWhitespace: false) {
        _ = consume(UInt8(ascii: "-"), skippingWhitespace: false)
      }
      if digits() == 0 { return nil }
    }
    return Double(String(decoding: bytes[start..<index], as: UTF8.self)).map(JSONValue.number)
  }

  /// Skips decimal digits and says how many there were.
  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    return index - start
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      bytes[index..<index + count].elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
    else { return nil }
    index += count
    return value
  }

  /// Skips whitespace (unless told not to), then `byte` if it is next.
  private mutating func consume(_ byte: UInt8, skippingWhitespace: Bool = true) -> Bool {
    if skippingWhitespace { skipWhitespace() }
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
      default: return
      }
    }
  }
}
