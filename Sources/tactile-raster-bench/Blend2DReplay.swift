import Foundation

/// Blend2D as a reference: `Benchmarks/blend2d-replay.py` run by a given Python (one with `blend2d-py`),
/// which receives a scene's content as lines and draws it one timed round at a time, when asked, so its
/// rounds interleave with the other engines'.
final class Blend2DReplay {
  /// The version line the helper printed.
  let version: String
  private let process: Process
  private let input: UnsafeMutablePointer<FILE>
  private let output: UnsafeMutablePointer<FILE>

  /// Why Blend2D cannot be drawn with.
  struct Unavailable: Error {
    var reason: String
  }

  /// Starts the helper.
  /// - Parameters:
  ///   - python: a Python interpreter that can import `blend2d`.
  ///   - script: the helper's path.
  /// - Throws: ``Unavailable`` when it does not start or cannot import Blend2D.
  init(python: String, script: String) throws(Unavailable) {
    let (toHelper, fromHelper) = (Pipe(), Pipe())
    process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script]
    process.standardInput = toHelper
    process.standardOutput = fromHelper
    do { try process.run() } catch { throw Unavailable(reason: "\(python): \(error)") }
    input = fdopen(dup(toHelper.fileHandleForWriting.fileDescriptor), "w")
    output = fdopen(dup(fromHelper.fileHandleForReading.fileDescriptor), "r")
    try? toHelper.fileHandleForWriting.close()
    guard let line = Self.line(output), line.hasPrefix("ready ") else {
      throw Unavailable(reason: "\(script) did not start (blend2d-py not importable?)")
    }
    version = String(line.dropFirst("ready ".count))
  }

  deinit {
    fputs("quit\n", input)
    fclose(input)
    process.waitUntilExit()
    fclose(output)
  }

  private static func line(_ file: UnsafeMutablePointer<FILE>) -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      .trimmingCharacters(in: .newlines)
  }

  private func send(_ text: String) -> String? {
    fputs(text, input)
    fflush(input)
    return Self.line(output)
  }

  /// Hands the helper a scene's content (lines of its protocol) to replay.
  func load(_ content: [String], width: Int, height: Int) {
    _ = send("scene \(width) \(height)\n" + content.joined(separator: "\n") + "\nend\n")
  }

  /// Draws the loaded scene once.
  /// - Returns: the thread CPU time of the drawing, and of the same binding calls on empty geometry.
  func round() -> (seconds: Double, overhead: Double) {
    let fields = (send("draw\n") ?? "").split(separator: " ").compactMap { Double($0) }
    return fields.count == 2 ? (fields[0], fields[1]) : (.nan, .nan)
  }

  /// The last round's picture, premultiplied ARGB.
  func picture(count: Int) -> [UInt32] {
    let path = "\(NSTemporaryDirectory())/tactile-blend2d-\(getpid()).raw"
    defer { unlink(path) }
    _ = send("dump \(path)\n")
    guard let data = FileManager.default.contents(atPath: path), data.count == count * 4 else { return [] }
    return data.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
  }
}
