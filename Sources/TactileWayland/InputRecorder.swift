import Foundation
import TactileTrace

/// Records the seat input a Tactile app receives when `TACTILE_RECORD` names a file, for replay by the
/// fake compositor (`tactile-compositor --replay FILE`, the script command `replay FILE`, or
/// `FakeCompositor.replay(_:onSurface:)`).
///
/// The file is an ``TactileTrace/InputTrace`` (format on that type): a header line, then every
/// `wl_touch`, `wl_pointer`, `wl_keyboard` (not the keymap), touchpad-gesture and text-input-v3 event of
/// every seat, one JSON line each, as it arrived, with the compositor's timestamp and surface-local
/// coordinates. Each line is written when its event is dispatched, so a killed app leaves a readable
/// trace. The file is truncated when the recorder opens it; if it cannot be opened, one line on
/// standard error says so and nothing is recorded.
///
/// Each ``WaylandDisplay`` owns its recorder (``WaylandDisplay/recorder``), made when the display
/// connects or when the app starts recording (``WaylandDisplay/startRecording(toFile:)``); the surface numbers are the display's (``InputSurfaces``), given as each listener decodes
/// its event, so the recorder writes the very value the device then applies. (An app has one display; a second display in the
/// same process with the same `TACTILE_RECORD` would start the file again.)
@MainActor
final class InputRecorder {
  /// The file the trace goes to.
  let path: String
  private let file: FileHandle
  /// The latest protocol timestamp, nil before the first event that had one.
  private var lastTime: UInt32?

  /// Opens the file `TACTILE_RECORD` names in `environment` (the process's by default) and writes the
  /// header.
  ///
  /// - Returns: nil when the variable is unset or empty, or the file cannot be opened (said once on
  ///   standard error).
  convenience init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
    guard let path = environment["TACTILE_RECORD"], !path.isEmpty else { return nil }
    do {
      try self.init(path: path)
    } catch {
      FileHandle.standardError.write(Data("Tactile: cannot record input to \(path)\n".utf8))
      return nil
    }
  }

  /// Creates or truncates the file at `path` and writes the header.
  ///
  /// - Throws: ``WaylandError/systemCall(operation:reason:)`` when the file cannot be opened for writing.
  init(path: String) throws(WaylandError) {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else {
      throw .systemCall(operation: "opening \(path) to record input", reason: "cannot create the file")
    }
    self.path = path
    self.file = file
    file.write(Data((InputTrace.headerLine + "\n").utf8))
  }

  /// Closes the file; nothing more is written to it.
  func close() {
    try? file.close()
  }

  /// Appends one event.
  ///
  /// - Parameters:
  ///   - event: The event, with the display's surface numbers (``InputSurfaces``).
  ///   - time: The protocol event's timestamp; nil (for events without one) repeats the last.
  func record(_ event: InputEvent, time: UInt32? = nil) {
    if let time { lastTime = time }
    file.write(Data((InputTrace.line(for: event, time: lastTime) + "\n").utf8))
  }
}
