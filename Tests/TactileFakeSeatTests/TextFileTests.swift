import Foundation
import TactileFakeSeat
import Testing

@Suite struct TextFileTests {
  /// A fresh file holding `bytes`, removed by the caller.
  func file(holding bytes: [UInt8]) -> String {
    let path = NSTemporaryDirectory() + "tactile-textfile-" + UUID().uuidString
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  @Test func anEmptyFileReadsAsTheEmptyString() throws {
    let path = file(holding: [])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try TextFile.read(atPath: path) == "")
  }

  @Test func aFileLargerThanOneReadIsReadWhole() throws {
    let text = String(repeating: "é0123456789", count: 10_000)
    let path = file(holding: Array(text.utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try TextFile.read(atPath: path) == text)
  }

  @Test func aProcFileWhoseSizeIsZeroIsReadToItsEnd() throws {
    let status = try TextFile.read(atPath: "/proc/self/status")
    #expect(status.hasPrefix("Name:"))
    #expect(status.contains("\nVmRSS:"))
  }

  @Test func aMissingFileIsAnErrorWithItsPathAndErrno() {
    #expect(throws: FakeSeatError.fileUnreadable(path: "/nonexistent/tactile", errno: ENOENT)) {
      try TextFile.read(atPath: "/nonexistent/tactile")
    }
  }

  // A directory is refused before any read now (it was EISDIR from read(2)), as FIFOs and devices are.
  @Test func aDirectoryIsAnError() {
    #expect(throws: FakeSeatError.notARegularFile(path: "/")) {
      try TextFile.read(atPath: "/")
    }
  }

  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let path = NSTemporaryDirectory() + "tactile-fifo-\(getpid())"
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    #expect(throws: FakeSeatError.notARegularFile(path: path)) { try TextFile.read(atPath: path) }
  }

  @Test func aDeviceThatNeverEndsIsRefused() {
    #expect(throws: FakeSeatError.notARegularFile(path: "/dev/zero")) {
      try TextFile.read(atPath: "/dev/zero")
    }
  }

  @Test func aFileLongerThanTheLimitIsAnError() throws {
    let path = file(holding: [UInt8](repeating: 0x61, count: 100))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: FakeSeatError.fileTooLarge(path: path, limit: 99)) {
      try TextFile.read(atPath: path, limit: 99)
    }
  }

  @Test func bytesThatAreNotUTF8AreAnError() throws {
    let path = file(holding: [0x61, 0xFF, 0xFE])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: FakeSeatError.fileNotUTF8(path: path)) { try TextFile.read(atPath: path) }
  }
}
