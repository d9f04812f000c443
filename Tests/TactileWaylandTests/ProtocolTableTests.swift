import Foundation
import Testing

@testable import TactileWayland

/// The table of supported protocols in TactileWayland's documentation (`SupportedProtocols.md`) says what
/// `InterfaceVersion` binds.
@Suite struct ProtocolTableTests {
  @Test func everyBoundInterfaceHasItsVersionRangeInTheProtocolTable() throws {
    let article = try String(
      contentsOf: URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(
          path: "Sources/TactileWayland/TactileWayland.docc/SupportedProtocols.md"),
      encoding: .utf8)
    let bound: [InterfaceVersion] = [
      .compositor, .shm, .wmBase, .output, .seat, .pointerGestures, .textInput, .dataDeviceManager,
      .primarySelection, .viewporter, .presentation, .inputTimestamps, .fractionalScale, .decoration,
      .tabletManager,
    ]
    for version in bound {
      #expect(article.contains("| `\(version.name)` | \(version.minimum) | \(version.implemented) |"))
    }
    let rows = article.split(separator: "\n").filter {
      $0.hasPrefix("| `w") || $0.hasPrefix("| `z") || $0.hasPrefix("| `x")
    }
    #expect(rows.count == bound.count, "one row per bound interface")
  }
}
