/// Reads the words of one script line, with errors that say what was expected.
struct WordReader {
  var words: [String]
  var raw: String
  var index = 0

  /// Whether every word has been read.
  var atEnd: Bool { index >= words.count }

  /// Reads the next word if it is `keyword`.
  ///
  /// - Returns: Whether it was.
  mutating func take(_ keyword: String) -> Bool {
    guard !atEnd, words[index] == keyword else { return false }
    index += 1
    return true
  }

  mutating func word(_ expected: String) throws(ScriptSyntaxError) -> String {
    guard index < words.count else { throw .init(message: "missing \(expected)") }
    defer { index += 1 }
    return words[index]
  }

  /// The largest magnitude of a number in a script (coordinates, distances, scroll amounts, angles):
  /// far beyond any output, and small enough that every conversion to the protocol's 32-bit values and
  /// 24.8 fixed-point numbers stays in range.
  static let numberLimit = 1_000_000.0

  mutating func number(_ name: String) throws(ScriptSyntaxError) -> Double {
    let text = try word(name)
    guard let value = Double(text), value.isFinite else {
      throw .init(message: "\(name) '\(text)' is not a number")
    }
    guard abs(value) <= Self.numberLimit else {
      throw .init(message: "\(name) '\(text)' is out of range (at most 1000000 either way)")
    }
    return value
  }

  mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(ScriptSyntaxError) -> Int {
    let text = try word(name)
    guard let value = Int(text), range.contains(value) else {
      throw .init(message: "\(name) '\(text)' is not an integer in \(range.lowerBound)...\(range.upperBound)")
    }
    return value
  }

  mutating func duration() throws(ScriptSyntaxError) -> Int {
    try Self.duration(try word("a duration"))
  }

  /// `250ms` or `2s` (fractions allowed), at most 10 minutes.
  static func duration(_ text: String) throws(ScriptSyntaxError) -> Int {
    let (digits, factor): (Substring, Double) =
      text.hasSuffix("ms") ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : ("", 0)
    guard let value = Double(digits), value >= 0, value * factor <= 600_000 else {
      throw .init(message: "'\(text)' is not a duration like 250ms or 2s")
    }
    return Int(value * factor)
  }

  mutating func button() throws(ScriptSyntaxError) -> UInt32 {
    guard !atEnd else { return 0x110 }
    let name = try word("a button")
    guard let button = ScriptCommand.buttonNames[name] else {
      throw .init(message: "button '\(name)' is not left, right or middle")
    }
    return button
  }

  /// `down` (true) or `up` (false).
  mutating func pressedState() throws(ScriptSyntaxError) -> Bool {
    let state = try word("'down' or 'up'")
    guard state == "down" || state == "up" else {
      throw .init(message: "expected down or up, not '\(state)'")
    }
    return state == "down"
  }

  /// `vertical` (true) or `horizontal` (false).
  mutating func axis() throws(ScriptSyntaxError) -> Bool {
    let axis = try word("'vertical' or 'horizontal'")
    guard axis == "vertical" || axis == "horizontal" else {
      throw .init(message: "expected vertical or horizontal, not '\(axis)'")
    }
    return axis == "vertical"
  }

  mutating func capabilities() throws(ScriptSyntaxError) -> Capabilities {
    let text = try word("capabilities")
    if text == "none" { return [] }
    var result: Capabilities = []
    for name in text.split(separator: ",") {
      switch name {
      case "touch": result.insert(.touch)
      case "pointer": result.insert(.pointer)
      case "keyboard": result.insert(.keyboard)
      default: throw .init(message: "capability '\(name)' is not touch, pointer or keyboard")
      }
    }
    return result
  }

  /// The rest of the raw line after the words read so far, with its inner spaces.
  mutating func rest(_ name: String) throws(ScriptSyntaxError) -> String {
    guard index < words.count else { throw .init(message: "missing \(name)") }
    var remainder = Substring(raw)
    for word in words[..<index] {
      remainder = remainder.drop { $0 == " " || $0 == "\t" }.dropFirst(word.count)
    }
    index = words.count
    return String(remainder.drop { $0 == " " || $0 == "\t" })
  }

  func expectEnd() throws(ScriptSyntaxError) {
    guard index == words.count else { throw .init(message: "unexpected '\(words[index])'") }
  }
}
