import Foundation
import Testing

@testable import TactileWayland

/// The README's table of supported protocols says what `InterfaceVersion` binds.
@Suite struct ReadmeProtocolTableTests {
  @Test func everyBoundInterfaceHasItsVersionRangeInTheREADME() throws {
    let readme = try String(
      contentsOf: URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "README.md"),
      encoding: .utf8)
    let bound: [InterfaceVersion] = [
      .compositor, .shm, .wmBase, .output, .seat, .pointerGestures, .textInput, .dataDeviceManager,
      .primarySelection, .viewporter, .fractionalScale, .decoration,
    ]
    for version in bound {
      #expect(readme.contains("| `\(version.name)` | \(version.minimum) | \(version.implemented) |"))
    }
    let rows = readme.split(separator: "\n").filter {
      $0.hasPrefix("| `w") || $0.hasPrefix("| `z") || $0.hasPrefix("| `x")
    }
    #expect(rows.count == bound.count, "one row per bound interface")
  }
}
