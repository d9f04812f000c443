import Foundation
import TactileCore
import Testing

@testable import TactileWayland

/// `TACTILE_PRESENTATION_LOG`: one line per frame presentation, in seconds to the nanosecond.
@MainActor @Suite struct PresentationLogTests {
  @Test func eachFrameIsOneLineOfItsTimesToTheNanosecondWithADashForWhatItLacks() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "presentation-\(UUID()).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let log = try #require(PresentationLog(path: path))
    log.write(
      FramePresentation(
        inputTime: 1.000_250_001, commitTime: 1.002, presentedTime: 1.003, refreshInterval: nil,
        inputToPresentation: 0.002_749_999, inputToCommit: 0.001_749_999))
    log.write(
      FramePresentation(
        inputTime: 12.5, commitTime: 12.75, presentedTime: nil, refreshInterval: nil,
        inputToPresentation: nil,
        inputToCommit: 0.25))
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == """
        # input commit presented input-to-commit input-to-presented (seconds)
        1.000250001 1.002000000 1.003000000 0.001749999 0.002749999
        12.500000000 12.750000000 - 0.250000000 -

        """)
  }

  @Test func noLogIsOpenedWithoutAPath() {
    #expect(PresentationLog(path: nil) == nil)
    #expect(PresentationLog(path: "") == nil)
  }
}
