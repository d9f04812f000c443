import Foundation
import Glibc

/// The project's weston input module (`Tests/Support/weston-input`), built for a test and driven over its
/// line socket: touch, pointer and key commands that weston's own seat code delivers.
final class WestonInput {
  enum Failure: Error, CustomStringConvertible {
    case buildFailed(String)
    case socket(String)
    case rejected(command: String, answer: String)

    var description: String {
      switch self {
      case .buildFailed(let log): "building the weston input module failed:\n\(log)"
      case .socket(let why): "weston input socket: \(why)"
      case .rejected(let command, let answer): "weston input rejected '\(command)': \(answer)"
      }
    }
  }

  /// Compiles the module into `directory` with the system's `cc` and pkg-config.
  ///
  /// - Returns: The path of the shared object.
  /// - Throws: ``Failure/buildFailed(_:)`` with the compiler's output.
  static func build(into directory: String) throws -> String {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../Support/weston-input/tactile-weston-input.c").standardized.path
    let output = directory + "/tactile-weston-input.so"
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/bin/sh")
    compile.arguments = [
      "-c",
      "cc -shared -fPIC -o \"$1\" \"$2\" $(pkg-config --cflags --libs libweston-10 wayland-server) 2>&1",
      "build", output, source,
    ]
    let pipe = Pipe()
    compile.standardOutput = pipe
    try compile.run()
    let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    compile.waitUntilExit()
    guard compile.terminationStatus == 0 else { throw Failure.buildFailed(log) }
    return output
  }

  private let fd: Int32

  /// Connects to the module's socket, waiting (up to 10 s) for weston to create it: weston gives no
  /// other readiness signal.
  init(path: String) async throws {
    for _ in 0..<1000 where !FileManager.default.fileExists(atPath: path) {
      try await Task.sleep(for: .milliseconds(10))
    }
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw Failure.socket("socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
      for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw Failure.socket("connect \(path): \(String(cString: strerror(errno)))")
    }
  }

  deinit {
    close(fd)
  }

  /// Sends each command and waits for weston's "ok" (sent after weston processed it).
  ///
  /// - Throws: ``Failure/rejected(command:answer:)`` or ``Failure/socket(_:)``.
  func send(_ commands: String...) throws {
    try send(commands)
  }

  /// ``send(_:)-(String...)`` with the lines in an array.
  func send(_ commands: [String]) throws {
    for command in commands {
      let line = Array((command + "\n").utf8)
      guard write(fd, line, line.count) == line.count else { throw Failure.socket("write failed") }
      var answer: [UInt8] = []
      var byte: UInt8 = 0
      while read(fd, &byte, 1) == 1, byte != 10 { answer.append(byte) }
      let text = String(decoding: answer, as: UTF8.self)
      guard text == "ok" else { throw Failure.rejected(command: command, answer: text) }
    }
  }
}
