import Glibc

/// Reads whole text files with `open`/`read`, for the fake seat, its tools and the tests.
///
/// Foundation's `String(contentsOfFile:)`, `Data(contentsOf:)` and `FileManager.contents(atPath:)` (swift-
/// foundation on Linux) leak a 4 KiB buffer each time they read a file whose `stat` size is 0: an empty
/// log, or a `/proc` file with nothing in it. They read such files in 4 KiB chunks (`/proc` reports size
/// 0 for files that have content) and, when the file turns out empty, return an empty `Data` without
/// freeing the chunk. LeakSanitizer reported 61 of those buffers after one test run.
public enum TextFile {
  /// The most bytes ``read(atPath:limit:)`` reads by default: 64 MiB.
  public static let defaultLimit = 64 << 20

  /// The whole content of the regular file at `path`, which must be UTF-8 and at most `limit` bytes.
  ///
  /// Reads until the end of the file, so files whose size `stat` does not know (`/proc`) are read whole.
  /// It never blocks and never reads without bound: a FIFO, a device (`/dev/zero`) or a directory is
  /// refused before any read, and a file that grows past `limit` is an error.
  ///
  /// - Throws: ``FakeSeatError/fileUnreadable(path:errno:)`` if the file cannot be opened or read;
  ///   ``FakeSeatError/notARegularFile(path:)``; ``FakeSeatError/fileTooLarge(path:limit:)``;
  ///   ``FakeSeatError/fileNotUTF8(path:)`` if its bytes are not UTF-8.
  public static func read(atPath path: String, limit: Int = defaultLimit) throws(FakeSeatError) -> String {
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw .fileUnreadable(path: path, errno: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    let bytes = try readAll(fd, name: path, limit: limit)
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .fileNotUTF8(path: path) }
    return text
  }

  /// Reads a descriptor that never blocks (a regular file) to its end, at most `limit` bytes.
  ///
  /// - Parameters:
  ///   - fd: The descriptor, read from its current offset.
  ///   - name: Names the file in errors.
  ///   - limit: The most bytes to read.
  /// - Returns: The bytes up to the end of the file.
  /// - Throws: ``FakeSeatError/fileUnreadable(path:errno:)`` or ``FakeSeatError/fileTooLarge(path:limit:)``.
  static func readAll(_ fd: Int32, name: String, limit: Int) throws(FakeSeatError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count > 0 {
        guard bytes.count + count <= limit else { throw .fileTooLarge(path: name, limit: limit) }
        bytes += chunk[0..<count]
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        throw .fileUnreadable(path: name, errno: errno)
      }
    }
  }
}
