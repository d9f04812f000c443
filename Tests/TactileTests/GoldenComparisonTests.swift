import Foundation
import TactileCore
import TactileGeometry
import TactileRaster
import Testing

/// The golden-image helper itself, in a private temporary directory (never `Goldens/`).
@MainActor
@Suite struct GoldenComparisonTests {
  private let directory = FileManager.default.temporaryDirectory
    .appending(path: "tactile-goldens-\(UUID().uuidString)")

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  private func file(_ name: String) -> URL { directory.appending(path: name) }

  private func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name).path) }

  private func decode(_ name: String) throws -> Image {
    try PNGCodec.decode([UInt8](Data(contentsOf: file(name))))
  }

  /// An 8×6 white view; `marked` adds a black 3×2 block at (2, 1).
  private func probe(marked: Bool) -> View {
    let view = View(frame: Rect(x: 0, y: 0, width: 8, height: 6))
    view.backgroundColor = .white
    if marked {
      let block = View(frame: Rect(x: 2, y: 1, width: 3, height: 2))
      block.backgroundColor = .black
      view.addSubview(block)
    }
    return view
  }

  @Test func aDifferentRenderingFailsAndWritesTheActualAndDiffImagesBesideTheGolden() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    try GoldenImage.expect(probe(marked: false), matches: "probe", in: directory, update: true)
    let golden = try decode("probe.png")
    #expect(golden == (try GoldenImage.render(probe(marked: false), scale: 1)))

    withKnownIssue {
      // An error thrown here would be an issue the matcher below rejects, so the test would fail.
      do {
        try GoldenImage.expect(probe(marked: true), matches: "probe", in: directory, update: false)
      } catch { Issue.record(error) }
    } matching: { issue in
      issue.description.contains("6 pixels differ") && issue.description.contains("probe.diff.png")
        && issue.description.contains("probe.actual.png") && issue.description.contains("difference 255")
    }

    #expect(try decode("probe.png") == golden)
    #expect(try decode("probe.actual.png") == (try GoldenImage.render(probe(marked: true), scale: 1)))
    let diff = try decode("probe.diff.png")
    let red = PremultipliedColor(argb: 0xFFFF_0000)
    for y in 0..<6 {
      for x in 0..<8 {
        let inBlock = (2..<5).contains(x) && (1..<3).contains(y)
        #expect((diff[x, y] == red) == inBlock, "diff pixel (\(x), \(y))")
      }
    }
  }

  @Test func aMatchOrAnUpdateRemovesTheStaleActualAndDiffImages() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let unmarked = try GoldenImage.render(probe(marked: false), scale: 1)
    let marked = try GoldenImage.render(probe(marked: true), scale: 1)
    #expect(try GoldenImage.compare(unmarked, named: "probe", in: directory, update: true) == nil)
    let mismatch = try GoldenImage.compare(marked, named: "probe", in: directory, update: false)
    #expect(mismatch?.differingPixels == 6)
    #expect(mismatch?.maximumDifference == 255)
    #expect(exists("probe.actual.png") && exists("probe.diff.png"))
    #expect(try GoldenImage.compare(unmarked, named: "probe", in: directory, update: false) == nil)
    #expect(!exists("probe.actual.png") && !exists("probe.diff.png"))

    _ = try GoldenImage.compare(marked, named: "probe", in: directory, update: false)
    #expect(try GoldenImage.compare(marked, named: "probe", in: directory, update: true) == nil)
    #expect(try decode("probe.png") == marked)
    #expect(!exists("probe.actual.png") && !exists("probe.diff.png"))
  }

  @Test func aMissingGoldenFailsAndWritesTheActualImageOnly() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    withKnownIssue {
      // An error thrown here would be an issue the matcher below rejects, so the test would fail.
      do {
        try GoldenImage.expect(probe(marked: true), matches: "absent", in: directory, update: false)
      } catch { Issue.record(error) }
    } matching: { issue in
      issue.description.contains("no golden absent.png")
    }
    #expect(try decode("absent.actual.png") == (try GoldenImage.render(probe(marked: true), scale: 1)))
    #expect(!exists("absent.png") && !exists("absent.diff.png"))
  }

  @Test func imagesOfDifferentSizesDifferInEveryPixelOutsideTheirCommonPart() throws {
    let small = try Image(width: 2, height: 2, color: PremultipliedColor(argb: 0xFF10_2030))
    var large = try Image(width: 3, height: 2, color: PremultipliedColor(argb: 0xFF10_2030))
    large[0, 0] = PremultipliedColor(argb: 0xFF10_2033)
    let comparison = try GoldenComparison(expected: small, actual: large)
    #expect(comparison.differingPixels == 3)
    #expect(comparison.maximumDifference == 255)
    #expect(comparison.diff.width == 3 && comparison.diff.height == 2)
    let sameSize = try GoldenComparison(
      expected: small,
      actual: Image(width: 2, height: 2, pixels: [0xFF10_2033] + Array(small.pixels.dropFirst())))
    #expect(sameSize.differingPixels == 1)
    #expect(sameSize.maximumDifference == 3)
  }
}
