import Glibc

/// Reads whole text files with `open`/`read`, for the fake seat, its tools and the tests.
///
/// Foundation's `String(contentsOfFile:)`, `Data(contentsOf:)` and `FileManager.contents(atPath:)` (swift-
/// foundation on Linux) leak a 4 KiB buffer each time they read a file whose `stat` size is 0: an empty
/// log, or a `/proc` file with nothing in it. They read such files in 4 KiB chunks (`/proc` reports size
/// 0 for files that have content) and, when the file turns out empty, return an empty `Data` without
/// freeing the chunk. LeakSanitizer reported 61 of those buffers after one test run.
public enum TextFile {
  /// The whole content of the file at `path`, which must be UTF-8.
  ///
  /// Reads until the end of the file, so files whose size `stat` does not know (`/proc`) are read whole.
  ///
  /// - Throws: ``FakeSeatError/fileUnreadable(path:errno:)`` if the file cannot be opened or read;
  ///   ``FakeSeatError/fileNotUTF8(path:)`` if its bytes are not UTF-8.
  public static func read(atPath path: String) throws(FakeSeatError) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .fileUnreadable(path: path, errno: errno) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[0..<count]
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw .fileUnreadable(path: path, errno: errno)
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .fileNotUTF8(path: path) }
    return text
  }
}
