/// Turns the input a compositor injects into fake-seat script lines (``Script``), one line per injection
/// call, with `wait` lines for the time that passed between them on the compositor's event clock.
///
/// Only the outermost injection call is written: a script's `drag` is written as the `touch` lines it
/// sent, a touch drag's motion once (as the `touch move` that moved it), not also as the drag's own
/// motion. Input the script language has no line for is written once per kind as a `# not recorded:`
/// comment, so the file says what a replay of it leaves out.
final class SessionRecorder {
  /// Receives each line, without its newline.
  private let sink: (String) -> Void
  /// The event clock at the last line written, in milliseconds.
  private var lastTime: UInt32
  /// How many injection calls are running (the outermost one is written).
  private var depth = 0
  /// The kinds of input already noted as not recorded.
  private var notedKinds: Set<String> = []

  /// - Parameters:
  ///   - time: The event clock now, in milliseconds (pauses are counted from it).
  ///   - sink: Receives each line as it is made.
  init(startingAt time: UInt32, sink: @escaping (String) -> Void) {
    lastTime = time
    self.sink = sink
  }

  /// Runs one injection call and writes `line` for it once it returned, unless it runs inside another
  /// injection call or threw (then nothing was injected, or the outer call's line stands for it).
  ///
  /// - Parameters:
  ///   - time: The event clock when the call began.
  ///   - line: The call as a script line, or nil for input the script language cannot express; then
  ///     `kind` is noted instead.
  ///   - kind: What the input is, for the note.
  ///   - body: The injection.
  /// - Returns: What `body` returns.
  func record<T>(
    at time: UInt32, _ line: () -> String?, kind: String, _ body: () throws -> T
  ) rethrows -> T {
    depth += 1
    defer { depth -= 1 }
    let result = try body()
    guard depth == 1 else { return result }
    let pause = time &- lastTime
    if pause > 0, pause < UInt32.max / 2 {
      sink("wait \(pause)ms")
      lastTime = time
    }
    if let line = line() {
      sink(line)
    } else if notedKinds.insert(kind).inserted {
      sink("# not recorded: \(kind)")
    }
    return result
  }

  /// Runs `body` without writing the injection calls it makes: the compositor's own reactions to
  /// client requests (a drag's end giving the pointer back, an activation giving the focus), which a
  /// replay makes again when the clients ask again.
  ///
  /// - Returns: What `body` returns.
  func skipping<T>(_ body: () throws -> T) rethrows -> T {
    depth += 1
    defer { depth -= 1 }
    return try body()
  }

  /// A button's script name: `left`, `right`, `middle`, or its evdev code in decimal.
  static func buttonName(_ code: UInt32) -> String {
    ScriptCommand.buttonNames.first { $0.value == code }?.key ?? String(code)
  }

  /// The `pointer axis` line of one `pointerAxis` call.
  static func pointerAxisLine(vertical: Bool, value: Double, value120: Int32?, source: UInt32?) -> String? {
    var line = "pointer axis \(vertical ? "vertical" : "horizontal") \(number(value))"
    if let value120 { line += " value120 \(value120)" }
    if let source {
      guard let name = ScriptCommand.axisSourceNames.first(where: { $0.value == source })?.key else {
        return nil
      }
      line += " source \(name)"
    }
    return line
  }

  /// The `dnd text` line of a compositor drag, if it is one: text offered as the `dnd text` line
  /// offers it (UTF-8 and plain text, copy or move), on one line with no `#`, no leading blank and no
  /// control character.
  static func dragTextLine(
    at point: String?, mimeTypes: [String], data: [UInt8], actions: UInt32
  ) -> String? {
    guard let point, mimeTypes == ScriptCommand.dragTextMimeTypes, actions == ScriptCommand.dragTextActions,
      let text = String(validating: data, as: UTF8.self), !text.isEmpty,
      !text.unicodeScalars.contains(where: { $0 == "#" || $0.properties.generalCategory == .control }),
      text.first?.isWhitespace == false
    else { return nil }
    return "dnd text \(point) \(text)"
  }

  /// A coordinate as the script reads it: whole numbers without a fraction, others in the shortest form
  /// that reads back to the same value.
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
