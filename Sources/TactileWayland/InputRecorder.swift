import Glibc
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
  private let file: LineFile
  /// The latest protocol timestamp, nil before the first event that had one.
  private var lastTime: UInt32?

  /// Opens the file at `path` (by default the one `TACTILE_RECORD` names) and writes the header.
  ///
  /// - Returns: nil when `path` is nil or empty, or the file cannot be opened (said once on standard
  ///   error).
  convenience init?(path: String? = getenv("TACTILE_RECORD").map { String(cString: $0) }) {
    guard let path, !path.isEmpty, let file = LineFile.opened(atPath: path, for: "record input to \(path)")
    else { return nil }
    self.init(file: file)
  }

  /// Creates or truncates the file at `path` and writes the header.
  ///
  /// - Throws: ``WaylandError/systemCall(operation:reason:)`` when the file cannot be opened for writing.
  convenience init(path: String) throws(WaylandError) {
    self.init(file: try LineFile(path: path))
  }

  private init(file: LineFile) {
    self.file = file
    file.write(InputTrace.headerLine)
  }

  /// The file the trace goes to.
  var path: String { file.path }

  /// Closes the file; nothing more is written to it.
  func close() {
    file.close()
  }

  /// Appends one event.
  ///
  /// - Parameters:
  ///   - event: The event, with the display's surface numbers (``InputSurfaces``).
  ///   - time: The protocol event's timestamp; nil (for events without one) repeats the last.
  func record(_ event: InputEvent, time: UInt32? = nil) {
    if let time { lastTime = time }
    file.write(InputTrace.line(for: event, time: lastTime))
  }
}
