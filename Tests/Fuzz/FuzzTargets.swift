import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import TactileRaster
import TactileTrace

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang; a thrown error is a
/// pass. `Tests/Fuzz/run` builds them with libFuzzer and AddressSanitizer; the plain build runs one
/// input file through a target, so every crash found can be replayed (and becomes a regular test).
enum FuzzTargets {
  static let all: [String: @Sendable ([UInt8]) -> Void] = [
    "script": script, "trace": trace, "png": png, "compositor": compositor,
  ]

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
    }
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
