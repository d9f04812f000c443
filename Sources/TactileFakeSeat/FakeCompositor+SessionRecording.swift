/// Recording a whole session's input at the seat, as a script that replays it.
///
/// An app's own trace (`TACTILE_RECORD`) holds only the input its windows received; a drag from one app
/// to another leaves it at `start_drag`, because from then on the compositor drives the drag. The
/// compositor sees all of it: while a session recording runs, every injection — from a script, from
/// `tactile-inject`, from a replayed trace or from Swift — is written as the script line that sends the
/// same input again, in output coordinates, with a `wait` for each pause on the event clock
/// (``Configuration/clock``). Running the lines as a script (`tactile-compositor --script`,
/// ``ScriptRunner``) injects the same input in the same order and rhythm; the compositor routes it to
/// whatever is under each point, so a drag between two apps starts, crosses and drops as before.
///
/// Written: touch (`touch down|move|up|frame|cancel|shape|orientation`), pointer
/// (`pointer motion|relative|button|axis|axis-stop|frame`), keys by code (`key code N down|up`), the
/// capabilities and seats (`capabilities`, `seat add|use|remove`), touchpad gestures, keyboard focus
/// given to the topmost window (`focus`), and the compositor's own text drags (`dnd text|move|drop|cancel`).
/// Noted once each as `# not recorded:` and left out of a replay: tablets, on-screen keyboard text,
/// explicit modifier masks, a pointer `leave` or keyboard focus that no line can point at, a pinch's
/// centre motion, an axis event of a source the script cannot name, and compositor drags of other data
/// than text. A surface's position is written as the
/// output point it maps to now, so a replay needs the windows where they were.
extension FakeCompositor {
  /// Starts writing the session's input to `sink`, one script line at a time (without newlines),
  /// replacing a recording in progress.
  ///
  /// - Parameter sink: Receives each line as soon as the input it stands for was sent.
  public func startRecordingSession(writingLinesTo sink: @escaping (String) -> Void) {
    sessionRecorder = SessionRecorder(startingAt: now, sink: sink)
  }

  /// Stops the recording in progress, if any.
  public func stopRecordingSession() {
    sessionRecorder = nil
  }

  /// Runs an injection call, writing `line` to the session recording (see `SessionRecorder`).
  ///
  /// - Parameters:
  ///   - line: The call as a script line, or nil when no line can express it.
  ///   - kind: What the input is, noted when `line` is nil.
  ///   - body: The injection.
  /// - Returns: What `body` returns.
  func recording<T>(
    _ line: @autoclosure () -> String?, kind: String, _ body: () throws -> T
  ) rethrows -> T {
    guard let sessionRecorder else { return try body() }
    return try sessionRecorder.record(at: now, line, kind: kind, body)
  }

  /// Runs an injection call that a script line always expresses, writing `line` to the session
  /// recording.
  ///
  /// - Returns: What `body` returns.
  func recording<T>(_ line: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
    try recording(line(), kind: "", body)
  }

  /// Runs the compositor's own reaction to a client request, which may call injection methods, without
  /// writing them to the session recording (a replay's clients ask again).
  ///
  /// - Returns: What `body` returns.
  func unrecorded<T>(_ body: () throws -> T) rethrows -> T {
    guard let sessionRecorder else { return try body() }
    return try sessionRecorder.skipping(body)
  }

  /// `position` as script coordinates (`X Y`) of the output point it maps to now.
  func scriptPoint(_ position: Position) -> String? {
    guard let point = try? outputPoint(position) else { return nil }
    return SessionRecorder.number(point.x) + " " + SessionRecorder.number(point.y)
  }
}
