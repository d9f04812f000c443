import TactileGeometry
import Testing

@testable import TactileRaster

// The scan converter's sweep finds a row's touched cells through a bit array, 64 cells a word, and
// hands the cells between them on as constant runs without reading them. These tests run the
// rasterizer into a sink that records every span, and check each pixel against its exact area and
// that no pixel is given twice.

/// Records the coverage the rasterizer gives each pixel of a `width × height` box, and its spans.
private struct RecordingSink: SpanSink {
  let width: Int
  let height: Int
  var coverage: [UInt8]
  /// How many spans gave each pixel a coverage (the sink's contract: at most one).
  var writes: [UInt8]
  var constantSpans = [(y: Int, x: Int, count: Int, coverage: UInt8)]()
  var varyingSpans = [(y: Int, x: Int, count: Int)]()

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    coverage = [UInt8](repeating: 0, count: width * height)
    writes = coverage
  }

  mutating func span(y: Int, x: Int, count: Int, coverage c: UInt8) {
    constantSpans.append((y, x, count, c))
    for i in x..<(x + count) { record(y: y, x: i, c) }
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    varyingSpans.append((y, x, count))
    for i in 0..<count { record(y: y, x: x + i, coverages[i]) }
  }

  private mutating func record(y: Int, x: Int, _ c: UInt8) {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "span outside the clip at \(x), \(y)")
    coverage[y * width + x] = c
    writes[y * width + x] &+= 1
  }

  subscript(x: Int, y: Int) -> UInt8 { coverage[y * width + x] }
}

/// Fills `polygons` into a fresh recording sink of `width × height` pixels.
private func rasterize(
  _ polygons: [[Point]], rule: FillRule = .nonZero, width: Int, height: Int,
  rasterizer: CoverageRasterizer = CoverageRasterizer()
) -> RecordingSink {
  var sink = RecordingSink(width: width, height: height)
  rasterizer.fill(polygons, rule: rule, clip: PixelBox(x0: 0, y0: 0, x1: width, y1: height), into: &sink)
  return sink
}

/// A rectangle as a polygon, clockwise in device space.
private func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
  [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
}

/// Pixels whose coverage is more than half a level (plus fixed-point slack) from 255 × `area`, and
/// pixels given twice.
private func wrongPixels(_ sink: RecordingSink, area: (Int, Int) -> Double) -> [String] {
  var wrong = [String]()
  for y in 0..<sink.height {
    for x in 0..<sink.width {
      let (expected, writes) = (255 * area(x, y), sink.writes[y * sink.width + x])
      if abs(Double(sink[x, y]) - expected) > 0.55 || writes > 1 {
        wrong.append("(\(x), \(y)): \(sink[x, y]) against \(expected), given \(writes)×")
      }
    }
  }
  return wrong
}

@Test func twoThinSliversAtOppositeEndsOfA4096PixelRowCoverOnlyThemselves() {
  let slivers = [rectangle(0.2, 0.5, 0.6, 3), rectangle(4095.3, 0.25, 4095.9, 2.75)]
  let sink = rasterize(slivers, width: 4096, height: 3)
  let wrong = wrongPixels(sink) { x, y in
    slivers.reduce(0) { $0 + exactCoverage(of: $1, pixelX: x, pixelY: y) }
  }
  #expect(wrong.isEmpty, "\(wrong.prefix(8))")
  // Nothing between them is handed to the sink, not even as zero coverage, but for the pixel after the
  // first sliver's right side (the last cell its edge touched, coverage 0).
  #expect(sink.writes[2..<4095].allSatisfy { $0 == 0 })
  #expect(sink[0, 1] > 0 && sink[4095, 1] > 0)
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func aRowWhoseEdgesLieAtItsEndsIsOneConstantRunBetweenThemAtTheWindingsCoverage(rule: FillRule) {
  // Two overlapping rectangles whose sides lie in the first and last pixels of a 4096-pixel row:
  // winding 2 between them, so nonzero fills the span and even-odd leaves it empty.
  let shapes = [rectangle(0.25, 0, 4095.5, 2), rectangle(0.75, 0, 4095.25, 2)]
  let sink = rasterize(shapes, rule: rule, width: 4096, height: 2)
  let wrong = wrongPixels(sink) { x, y in
    let winding = shapes.reduce(0) { $0 + exactCoverage(of: $1, pixelX: x, pixelY: y) }
    return rule == .nonZero ? min(winding, 1) : winding <= 1 ? winding : 2 - winding
  }
  #expect(wrong.isEmpty, "\(wrong.prefix(8))")
  for y in 0..<2 {
    let between = sink.constantSpans.filter { $0.y == y && $0.x <= 2 && $0.x + $0.count >= 4094 }
    if rule == .nonZero {
      #expect(between.count == 1 && between.first?.coverage == 255, "row \(y): \(between)")
    } else {
      #expect(between.isEmpty && sink.writes[(y * 4096 + 2)..<(y * 4096 + 4094)].allSatisfy { $0 == 0 })
    }
  }
}

@Test func edgesExactlyOnCellBoundariesGiveWholePixels() {
  // Sides on whole pixels at and around the bit array's word boundaries (64, 128) and the box's ends.
  let sides = [0, 1, 2, 62, 63, 64, 65, 66, 126, 127, 128, 129, 190, 191, 192]
  for (left, right) in zip(sides, sides.dropFirst(3)) {
    let sink = rasterize([rectangle(Double(left), 1, Double(right), 3)], width: 192, height: 4)
    let wrong = wrongPixels(sink) { x, y in (1..<3).contains(y) && (left..<right).contains(x) ? 1 : 0 }
    #expect(wrong.isEmpty, "sides \(left), \(right): \(wrong.prefix(8))")
  }
}

@Test func aPolygonSpanningRowsOf8192PixelsHasItsExactAreaInEveryPixel() {
  // Long shallow edges: each row's touched cells fill whole words of the bit array.
  let triangle = [Point(x: 0.3, y: 0.5), Point(x: 8191.6, y: 3.2), Point(x: 17.1, y: 11.9)]
  let sink = rasterize([triangle], width: 8192, height: 12)
  let wrong = wrongPixels(sink) { x, y in exactCoverage(of: triangle, pixelX: x, pixelY: y) }
  #expect(wrong.isEmpty, "\(wrong.prefix(8))")
}

@Test func touchedCellsOnEitherSideOfEveryWordBoundaryOfTheBitArrayAreSwept() {
  // A thin slanted quadrilateral whose cells start and end on each side of each word boundary of a
  // 320-pixel row: runs of touched cells that end at a word's last bit, start at its first, or cross
  // from one word into the next. One rasterizer for all, so every fill must leave its buffers clean.
  let rasterizer = CoverageRasterizer()
  for boundary in stride(from: 64, through: 256, by: 64) {
    for offset in -3...2 {
      let x = Double(boundary + offset)
      let quad = [
        Point(x: x + 0.3, y: 0.2), Point(x: x + 1.1, y: 0.2), Point(x: x + 3.7, y: 3.8),
        Point(x: x + 2.2, y: 3.8),
      ]
      let sink = rasterize([quad], width: 320, height: 4, rasterizer: rasterizer)
      let wrong = wrongPixels(sink) { px, py in exactCoverage(of: quad, pixelX: px, pixelY: py) }
      #expect(wrong.isEmpty, "at \(x): \(wrong.prefix(8))")
    }
  }
}

@Test func aShortRunBetweenTwoEdgesIsHandedOnInsideOneVaryingRunAndALongOneAsAConstantRun() {
  // Left and right sides half a pixel into their pixels, each touching its pixel and the next: the
  // untouched pixels between them (at most `varyingGapLimit` of them) join the edge pixels in one
  // varying span; one more and they are a constant span. A sliver in a row below keeps the rows' right
  // ends away from the right side.
  let limit = CoverageRasterizer.varyingGapLimit
  for (gap, joined) in [(9, true), (limit, true), (limit + 1, false)] {
    let shapes = [rectangle(10.5, 0, 12.5 + Double(gap), 2), rectangle(98.25, 2.25, 98.75, 2.75)]
    let sink = rasterize(shapes, width: 100, height: 3)
    let wrong = wrongPixels(sink) { x, y in
      shapes.reduce(0) { $0 + exactCoverage(of: $1, pixelX: x, pixelY: y) }
    }
    #expect(wrong.isEmpty, "gap \(gap): \(wrong.prefix(8))")
    for y in 0..<2 {
      let varying = sink.varyingSpans.filter { $0.y == y }.map { $0.x..<($0.x + $0.count) }
      let constant = sink.constantSpans.filter { $0.y == y }.map { ($0.x..<($0.x + $0.count), $0.coverage) }
      let message: Comment = "gap \(gap), row \(y): \(varying) \(constant)"
      if joined {
        #expect(varying == [10..<(14 + gap)] && constant.isEmpty, message)
      } else {
        #expect(varying == [10..<12, (12 + gap)..<(14 + gap)], message)
        #expect(constant.count == 1 && constant.first?.0 == 12..<(12 + gap), message)
        #expect(constant.first?.1 == 255, message)
      }
    }
  }
}

@Test func aGapBetweenTouchedCellsSplitsTheVaryingRunWhereverItsEndsFallInTheBitArraysWords() {
  // A rectangle whose left side touches two cells and whose right side touches one (the last of the
  // fill's box), with its sides placed so that the untouched cells between them start and end at, before and after word boundaries (64, 128, 192,
  // 256), span whole untouched words or none: a gap longer than `varyingGapLimit` is one constant run,
  // a shorter one joins the sides' cells in one varying run.
  let limit = CoverageRasterizer.varyingGapLimit
  let rasterizer = CoverageRasterizer()
  for left in [0, 1, 30, 61, 62, 63, 64, 65] {
    for right in [limit - 1, limit, limit + 1, 126, 127, 128, 129, 191, 192, 255] where right > left + 3 {
      let shape = rectangle(Double(left) + 0.5, 0, Double(right) + 0.5, 1)
      let sink = rasterize([shape], width: 260, height: 1, rasterizer: rasterizer)
      let wrong = wrongPixels(sink) { x, y in exactCoverage(of: shape, pixelX: x, pixelY: y) }
      let varying = sink.varyingSpans.map { $0.x..<($0.x + $0.count) }
      let constant = sink.constantSpans.map { ($0.x..<($0.x + $0.count), $0.coverage) }
      let message: Comment = "sides at \(left), \(right): \(varying) \(constant)"
      #expect(wrong.isEmpty, message)
      let gap = right - (left + 2)
      if gap <= limit {
        #expect(varying == [left..<(right + 1)] && constant.isEmpty, message)
      } else {
        #expect(varying == [left..<(left + 2), right..<(right + 1)], message)
        #expect(constant.count == 1 && constant.first?.0 == (left + 2)..<right, message)
        #expect(constant.first?.1 == 255, message)
      }
    }
  }
}

@Test func fourWindingSumsAtOnceGetTheCoverageBytesOfEachAloneUnderEitherRule() {
  // The sweep turns four running sums into coverage bytes at a time; each byte must be the one the
  // rule gives that sum alone: around 0, half a pixel, one and two pixels, both signs, the extremes.
  let one = CoverageRasterizer.one
  var sums: [Int32] = [0, 1, one / 2 - 1, one / 2, one - 1, one, one + 1, 2 * one - 1, 2 * one, 3 * one / 2]
  sums += sums.map { 0 &- $0 } + [Int32.min, Int32.max, Int32.min + 1, 5 * one + 12_345]
  // Spread over ±4 pixels by a fixed sequence.
  sums += (0..<400).map { Int32(($0 * 7_919_993) % (8 * Int(one))) - 4 * one }
  while sums.count % 4 != 0 { sums.append(one / 3) }
  for i in stride(from: 0, to: sums.count, by: 4) {
    let four = SIMD4(sums[i], sums[i + 1], sums[i + 2], sums[i + 3])
    let nonZero = NonZeroCoverage.coverage(four)
    let evenOdd = EvenOddCoverage.coverage(four)
    for lane in 0..<4 {
      let sum = four[lane]
      #expect(nonZero[lane] == CoverageRasterizer.coverage(sum, evenOdd: false), "nonzero \(sum)")
      #expect(evenOdd[lane] == CoverageRasterizer.coverage(sum, evenOdd: true), "even-odd \(sum)")
    }
  }
}

@Test func boxesOfEveryWidthAroundTheSweepsChunksKeepTheExactAreaInEveryPixel() {
  // The sweep sums cells in chunks of `sweepChunk`, past a row's width into its unused cells; those
  // must stay zero from fill to fill. One rasterizer for all widths, each triangle reaching both sides.
  let rasterizer = CoverageRasterizer()
  for width in 1...(3 * CoverageRasterizer.sweepChunk + 1) {
    let w = Double(width)
    let triangle = [Point(x: 0, y: 0.3), Point(x: w, y: 1.2), Point(x: 0.4 * w, y: 3.9)]
    let sink = rasterize([triangle], width: width, height: 4, rasterizer: rasterizer)
    let wrong = wrongPixels(sink) { x, y in exactCoverage(of: triangle, pixelX: x, pixelY: y) }
    #expect(wrong.isEmpty, "width \(width): \(wrong.prefix(8))")
  }
}

@Test func coordinatesInsideABoxRoundDownAndUpToThePixelsTheLibraryGives() {
  // The inside edges' rows find their first and last pixel by the rounding addition instead of
  // `floor` and `ceil`: at and around integers and halves (where rounding to even picks a side), on
  // both sides of zero, and near the limit of a box's coordinates.
  var values: [Double] = []
  for k in [0.0, 1, 2, 3, 7, 64, 1023, 4096, 1_000_001, Double(1 << 30)] {
    for base in [k, -k] {
      for offset in [0.0, 0.5, -0.5, 0.25, 0.75, 1e-9, -1e-9, 0.5 + 1e-9, 0.5 - 1e-9] {
        values.append(base + offset)
      }
      values += [base.nextUp, base.nextDown, (base + 0.5).nextUp, (base + 0.5).nextDown]
    }
  }
  for v in values {
    #expect(CellGrid.floor(inBox: v) == Int(v.rounded(.down)), "floor of \(v)")
    #expect(CellGrid.ceil(inBox: v) == Int(v.rounded(.up)), "ceil of \(v)")
  }
}
