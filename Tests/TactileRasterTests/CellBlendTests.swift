import TactileGeometry
import Testing

@testable import TactileRaster

// A solid colour without a mask is blended straight from the scan converter's cells: the running sums
// become coverage and are blended in one pass, with no coverage bytes between. These tests hold that
// path to the one through coverage bytes, byte for byte.

/// The tests' cells.
extension SeededPixels {
  /// A cell of a scan converter: mostly 0 (untouched), else an area difference of up to four whole
  /// pixels either way, some of them exactly a pixel's.
  mutating func cell() -> Int32 {
    let one = Int(CoverageRasterizer.one)
    switch next() % 4 {
    case 0, 1: return 0
    case 2: return Int32(one * next(in: -2...2))
    default: return Int32(next(in: -4 * one...4 * one))
    }
  }
}

@Test(arguments: supportedKernels)
func everyKernelSetBlendsACellsRunningSumsAsTheirCoverageBytesUnderEitherRule(kernels: BlendKernels) {
  var random = SeededPixels(state: 41 &+ UInt64(kernels.rawValue))
  var mismatches: [String] = []
  // Guards of 16 cells and pixels on each side, which the kernel must leave as they are.
  let guardCount = 16
  for count in 1...80 {
    for evenOdd in [false, true] {
      for opaque in [false, true] {
        let color = random.pixel(alphas: opaque ? 255...255 : 1...254)
        let sum = Int32(random.next(in: -3 * Int(CoverageRasterizer.one)...3 * Int(CoverageRasterizer.one)))
        var cells = (0..<(count + 2 * guardCount)).map { _ in random.cell() }
        var pixels = (0..<(count + 2 * guardCount)).map { _ in random.pixel() }
        var expectedCells = cells
        var expectedPixels = pixels
        var s = sum
        for i in guardCount..<(guardCount + count) {
          s &+= cells[i]
          expectedCells[i] = 0
          let c = CoverageRasterizer.coverage(s, evenOdd: evenOdd)
          expectedPixels[i] = Blend.over(Blend.scale(color, UInt32(c)), pixels[i])
        }
        let result = pixels.withUnsafeMutableBufferPointer { p in
          cells.withUnsafeMutableBufferPointer { c in
            Blend.overConstant(
              p.baseAddress! + guardCount, count, color, cells: c.baseAddress! + guardCount, sum: sum,
              evenOdd: evenOdd, kernels: kernels)
          }
        }
        if result != s || cells != expectedCells || pixels != expectedPixels {
          mismatches.append("count \(count), evenOdd \(evenOdd), opaque \(opaque)")
        }
      }
    }
  }
  #expect(mismatches.isEmpty, "\(kernels): \(mismatches.prefix(8))")
}

/// Forwards everything to a `PaintSink`, the cells only when `takesCells` (else the sweep hands it
/// coverage bytes), and counts the runs of cells it forwarded.
private struct ForwardingSink: SpanSink {
  var inner: PaintSink
  let takesCells: Bool
  var cellRuns = 0

  mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
    inner.span(y: y, x: x, count: count, coverage: coverage)
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    inner.span(y: y, x: x, count: count, coverages: coverages)
  }

  mutating func span(
    y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32, evenOdd: Bool
  ) -> Int32? {
    guard takesCells else { return nil }
    cellRuns += 1
    return inner.span(y: y, x: x, count: count, cells: cells, sum: sum, evenOdd: evenOdd)
  }

  func upcoming(y: Int, x: Int, count: Int) { inner.upcoming(y: y, x: x, count: count) }
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func aSolidColourBlendedStraightFromTheCellsGivesTheBytesOfTheCoverageBytePath(rule: FillRule) {
  var random = SeededPixels(state: rule == .evenOdd ? 7 : 8)
  let (width, height) = (300, 200)
  let rasterizer = CoverageRasterizer()
  var differing: [Int] = []
  var (cellRuns, changedRounds) = (0, 0)
  for round in 0..<40 {
    // Random polygons of 3 to 16 corners, some beyond the pixmap, into a random clip box.
    let polygons = (0..<random.next(in: 1...3)).map { _ in
      (0..<random.next(in: 3...16)).map { _ in
        Point(
          x: Double(random.next(in: -4000...(width * 100 + 4000))) / 100,
          y: Double(random.next(in: -4000...(height * 100 + 4000))) / 100)
      }
    }
    let x0 = random.next(in: 0...(width / 2))
    let y0 = random.next(in: 0...(height / 2))
    let clip = PixelBox(
      x0: x0, y0: y0, x1: random.next(in: (x0 + 1)...width), y1: random.next(in: (y0 + 1)...height))
    let color = random.pixel(alphas: round % 2 == 0 ? 255...255 : 1...254)
    let background = testPixels(width * height, seed: random.next())
    func drawn(fromCells: Bool) -> [UInt32] {
      var image = try! Image(width: width, height: height, pixels: background)
      image.withPixmap { pixmap in
        let paint = Canvas(pixmap: pixmap).makeSink(color: color, shader: nil, alpha: 255)
        var sink = ForwardingSink(inner: paint, takesCells: fromCells)
        rasterizer.fill(polygons, rule: rule, clip: clip, into: &sink)
        cellRuns += sink.cellRuns
      }
      return image.pixels
    }
    let fromCells = drawn(fromCells: true)
    if fromCells != drawn(fromCells: false) { differing.append(round) }
    if fromCells != background { changedRounds += 1 }
  }
  #expect(differing.isEmpty, "rounds \(differing)")
  #expect(cellRuns > 1000)
  #expect(changedRounds > 30)
}
