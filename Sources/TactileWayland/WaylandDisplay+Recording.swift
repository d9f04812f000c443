extension WaylandDisplay {
  /// Starts recording the seat input this display receives into the file at `path`, as
  /// `TACTILE_RECORD=path` does from the start (the format is ``/TactileTrace/InputTrace``'s), for an app
  /// that records from inside itself, such as a Record button.
  ///
  /// The file is created or truncated and starts with the trace's header; every later event is written
  /// as it arrives. A recording in progress (one `TACTILE_RECORD` started, or an earlier call) is
  /// stopped first, its file complete. The trace holds only what arrives after this call: a finger
  /// already down appears by its motions and its lift, not its touch down.
  ///
  /// - Throws: ``WaylandError/systemCall(operation:reason:)`` when the file cannot be opened for
  ///   writing; the recording in progress, if any, is then left running.
  public func startRecording(toFile path: String) throws(WaylandError) {
    let next = try InputRecorder(path: path)
    recorder?.close()
    recorder = next
  }

  /// Stops the recording in progress and closes its file, which then holds a complete trace; does
  /// nothing when none is running.
  public func stopRecording() {
    recorder?.close()
    recorder = nil
  }

  /// The file the seat input is being recorded into; `nil` when no recording is running.
  public var recordingPath: String? { recorder?.path }
}
