import Foundation
import TactileGeometry

/// Records the touch input a Tactile app receives when `TACTILE_RECORD` names a file, one JSON object
/// per line, for replay by the fake compositor (`tactile-compositor --replay FILE`, or
/// `FakeCompositor.replay(_:onSurface:)`).
///
/// Each line is one `wl_touch` event as it arrived: `{"type":"touch-down","time":812,"id":0,"x":120,
/// "y":80}`, with `type` one of `touch-down`, `touch-motion`, `touch-up`, `touch-frame`, `touch-cancel`,
/// `touch-shape` (`major`, `minor`); `time` is the compositor's millisecond timestamp (events without
/// one repeat the last); `x`, `y` are surface coordinates. The file is truncated when the app starts;
/// if it cannot be opened, one line on standard error says so and nothing is recorded.
@MainActor
final class InputRecorder {
  /// One recorded line.
  struct Entry: Encodable {
    var type: String
    var time: UInt32
    var id: Int32?
    var x: Double?
    var y: Double?
    var major: Double?
    var minor: Double?
  }

  /// The process's recorder, opened from `TACTILE_RECORD` at first use (nil when unset or unopenable).
  static let shared = InputRecorder(environment: ProcessInfo.processInfo.environment)

  private let file: FileHandle
  private let encoder = JSONEncoder()
  private var lastTime: UInt32 = 0

  private init?(environment: [String: String]) {
    guard let path = environment["TACTILE_RECORD"], !path.isEmpty else { return nil }
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else {
      FileHandle.standardError.write(Data("Tactile: cannot record input to \(path)\n".utf8))
      return nil
    }
    self.file = file
    encoder.outputFormatting = [.sortedKeys]
  }

  /// Appends one event; `time` nil repeats the last event's time.
  func record(
    _ type: String, time: UInt32? = nil, id: Int32? = nil, at location: Point? = nil,
    major: Double? = nil, minor: Double? = nil
  ) {
    if let time { lastTime = time }
    let entry = Entry(
      type: type, time: lastTime, id: id, x: location?.x, y: location?.y, major: major, minor: minor)
    guard let line = try? encoder.encode(entry) else { return }
    file.write(Data(line + [0x0A]))
  }
}
