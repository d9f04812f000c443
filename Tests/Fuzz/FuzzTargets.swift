import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import TactileRaster
import TactileTrace
import TactileWayland

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang; a thrown error is a
/// pass. `Tests/Fuzz/run` builds them with libFuzzer and AddressSanitizer; the plain build runs one
/// input file through a target, so every crash found can be replayed (and becomes a regular test).
enum FuzzTargets {
  static let all: [String: @Sendable ([UInt8]) -> Void] = [
    "script": script, "trace": trace, "png": png, "compositor": compositor, "keymap": keymap,
    "textinput": textInput, "clipboard": clipboard,
  ]

  /// The client's keymap handling: the bytes as a `wl_keyboard.keymap` file, compiled (first in a child
  /// process, `KeymapTrial`) and used to decode every key.
  static func keymap(_ bytes: [UInt8]) {
    MainActor.assumeIsolated { FuzzEntry.keymap(bytes) }
  }

  /// The client's text-input path over the wire: a compositor sends a focused text field pre-edit
  /// strings with arbitrary cursor byte offsets, commits and deletions of arbitrary byte counts.
  static func textInput(_ bytes: [UInt8]) {
    MainActor.assumeIsolated {
      guard let (compositor, app) = connectedApp() else { return }
      var reader = ByteReader(bytes)
      while !reader.atEnd {
        let text = reader.text()
        switch reader.byte() % 3 {
        case 0: compositor.textInputDone(preedit: (text, reader.int32(), reader.int32()))
        case 1: compositor.textInputDone(commit: text)
        default:
          compositor.textInputDone(
            deleteBefore: UInt32(bitPattern: reader.int32()), deleteAfter: UInt32(bitPattern: reader.int32()))
        }
        guard (try? app.sync()) != nil else { return }
      }
      _ = app.text
    }
  }

  /// The client's clipboard path over the wire: a paste of arbitrary bytes offered under arbitrary
  /// MIME types (with the text types among them or not).
  static func clipboard(_ bytes: [UInt8]) {
    MainActor.assumeIsolated {
      guard let (compositor, app) = connectedApp() else { return }
      var reader = ByteReader(bytes)
      let textTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]
      var mimeTypes: [String] = []
      for _ in 0..<(reader.byte() % 8) {
        let choice = reader.byte()
        mimeTypes.append(choice < 128 ? textTypes[Int(choice) % textTypes.count] : reader.text())
      }
      compositor.setSelection(.clipboard, data: reader.rest(), mimeTypes: mimeTypes)
      guard (try? app.sync()) != nil else { return }
      _ = try? app.paste()
    }
  }

  /// A compositor with a Tactile app on it whose text field has the keyboard (and text-input) focus.
  @MainActor private static func connectedApp() -> (FakeCompositor, FuzzEntry.App)? {
    guard let compositor = try? FakeCompositor(configuration: manualClock),
      let fd = try? compositor.connectClient(),
      let app = try? FuzzEntry.App(
        fd: fd, compositorDescriptor: compositor.eventLoopFileDescriptor, pump: { compositor.pump() }),
      let window = compositor.windows.first
    else { return nil }
    _ = try? compositor.keyboardEnter(surface: window.id)
    guard (try? app.sync()) != nil else { return nil }
    return (compositor, app)
  }

  /// The fake-seat script parser, and the runner on a compositor without clients.
  static func script(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self),
      let script = try? Script(parsing: text),
      let compositor = try? FakeCompositor(configuration: manualClock)
    else { return }
    let runner = ScriptRunner(compositor: compositor, screenshotDirectory: "/nonexistent")
    for line in script.lines where !line.command.waits { try? runner.execute(line.command) }
  }

  /// The input-trace parser.
  static func trace(_ bytes: [UInt8]) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    _ = try? InputTrace(parsing: text)
  }

  /// The PNG decoder.
  static func png(_ bytes: [UInt8]) {
    _ = try? PNGCodec.decode(bytes)
  }

  /// The compositor's request handling: a raw client sends a request sequence decoded from the bytes.
  static func compositor(_ bytes: [UInt8]) {
    guard let compositor = try? FakeCompositor(configuration: manualClock) else { return }
    compositor.setSelection(text: "fuzz")
    let client = RawClient(compositor)
    var reader = ByteReader(bytes)
    while !reader.atEnd, client.isConnected { client.perform(reader.byte(), &reader) }
    client.finish()
    _ = compositor.screenshot()
    _ = compositor.surfaceInfos
    for id in compositor.surfaceInfos.map(\.id) {
      _ = try? compositor.touchDown(id: 0, at: .surface(id: id, x: 1, y: 1))
      _ = try? compositor.touchUp(id: 0)
      _ = try? compositor.keyboardEnter(surface: id)
      compositor.textInputCommit("x")
      _ = try? compositor.pointerMotion(to: .surface(id: id, x: 1, y: 1))
      _ = try? compositor.pointerMotion(byX: 1e9, y: -1e9)
      _ = try? compositor.pointerMotion(to: .output(x: 5, y: 5))
    }
    compositor.advanceClock(milliseconds: 100)
    compositor.pump()
    _ = compositor.finish()
  }

  static var manualClock: FakeCompositor.Configuration {
    var configuration = FakeCompositor.Configuration()
    configuration.clock = .manual(start: 0)
    configuration.maximumClientImageBytes = 16 << 20
    return configuration
  }
}

extension ScriptCommand {
  /// Commands that wait for clients (the script target has none; they would only time out).
  var waits: Bool {
    switch self {
    case .waitWindow, .waitCommit, .waitDrawn, .replay, .wait: true
    default: false
    }
  }
}

/// Reads the fuzz input as small numbers, 0 past its end.
struct ByteReader {
  private let bytes: [UInt8]
  private var index = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  var atEnd: Bool { index >= bytes.count }
  mutating func byte() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }
  /// Text of up to 31 bytes (invalid UTF-8 repaired, as a C string from the wire would be).
  mutating func text() -> String {
    let count = Int(byte() % 32)
    return String(decoding: (0..<count).map { _ in byte() }.filter { $0 != 0 }, as: UTF8.self)
  }
  /// The bytes not read yet.
  mutating func rest() -> [UInt8] {
    defer { index = bytes.count }
    return index < bytes.count ? Array(bytes[index...]) : []
  }
  /// A 32-bit value; small ones, zero and the range's ends are the likeliest.
  mutating func int32() -> Int32 {
    switch byte() % 8 {
    case 0: .max
    case 1: .min
    case 2: 0
    case 3: -Int32(byte())
    default: Int32(byte()) * 4
    }
  }
}
