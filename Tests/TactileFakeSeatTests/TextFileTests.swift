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

  @Test func aDirectoryIsAnError() {
    #expect(throws: FakeSeatError.fileUnreadable(path: "/", errno: EISDIR)) {
      try TextFile.read(atPath: "/")
    }
  }

  @Test func bytesThatAreNotUTF8AreAnError() throws {
    let path = file(holding: [0x61, 0xFF, 0xFE])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: FakeSeatError.fileNotUTF8(path: path)) { try TextFile.read(atPath: path) }
  }
}
