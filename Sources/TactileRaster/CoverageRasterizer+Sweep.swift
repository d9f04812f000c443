extension CoverageRasterizer {
  /// Turns the accumulated cells into runs, row by row, zeroing the cells and bits it reads.
  ///
  /// A row's bit array is read a word at a time from its first to its last touched cell. Only the
  /// gaps between the last set bit of one non-zero word and the first of the next can be longer than
  /// ``varyingGapLimit`` (which must be at least 62, the most untouched cells a word holds between two
  /// touched ones), so those are the only places a varying run can end: the cells from its first to its
  /// last touched one, the untouched ones (which hold 0) included, are handed on together
  /// (`varyingRun`: as the cells to a sink that blends them, else summed into coverage bytes), and the
  /// untouched cells up to the next touched one are one constant run of the sum's coverage without
  /// being read.
  func sweep<S: SpanSink>(_ grid: CellGrid, rule: FillRule, into sink: inout S) {
    // The row loop once per rule (a type each), so that the rule is no branch per cell.
    if rule == .evenOdd {
      sweep(grid, EvenOddCoverage.self, into: &sink)
    } else {
      sweep(grid, NonZeroCoverage.self, into: &sink)
    }
  }

  private func sweep<S: SpanSink, R: RuleCoverage>(_ grid: CellGrid, _ rule: R.Type, into sink: inout S) {
    let box = grid.box
    let width = box.x1 - box.x0
    let coverages = coverageRow.pointer
    let rows = box.y1 - box.y0
    for row in 0..<rows {
      let first = Int(grid.rowMin[row])
      let last = Int(grid.rowMax[row])
      guard last >= 0 else { continue }
      if row + 1 < rows && grid.rowMax[row + 1] >= 0 {
        // The next row's pixels from its first to its last touched cell.
        let start = Int(grid.rowMin[row + 1])
        sink.upcoming(y: box.y0 + row + 1, x: box.x0 + start, count: Int(grid.rowMax[row + 1]) + 1 - start)
      }
      grid.rowMin[row] = Int32.max
      grid.rowMax[row] = -1
      let y = box.y0 + row
      let line = grid.cells + row * grid.cellStride
      let words = grid.touched + row * grid.wordStride
      var sum: Int32 = 0
      // The pending varying run is `start ..< end` (its last touched cell is `end − 1`).
      var start = first
      var end = first
      for w in (first >> Self.wordShift)...(last >> Self.wordShift) {
        let bits = words[w]
        if bits == 0 { continue }
        words[w] = 0
        let base = w << Self.wordShift
        let low = base + bits.trailingZeroBitCount
        if low - end > Self.varyingGapLimit {
          Self.varyingRun(
            line, from: start, to: end, y: y, x: box.x0, sum: &sum, coverages, R.self, into: &sink)
          let c = R.coverage(sum)
          if c > 0 { sink.span(y: y, x: box.x0 + end, count: low - end, coverage: c) }
          start = low
        }
        end = base + (1 << Self.wordShift) - bits.leadingZeroBitCount
      }
      Self.varyingRun(line, from: start, to: end, y: y, x: box.x0, sum: &sum, coverages, R.self, into: &sink)
      // Edges beyond the right side were dropped: what they would have closed runs to the end.
      let c = R.coverage(sum)
      if end < width && c > 0 { sink.span(y: y, x: box.x0 + end, count: width - end, coverage: c) }
    }
  }

  /// Hands on the varying run of cells `from ..< to` of `line` (pixels from column `x + from` of row
  /// `y`) and adds them to the running `sum`: as the cells themselves to a sink that blends them
  /// (a solid colour without a mask: one pass, no coverage bytes), else as coverage bytes made by
  /// ``accumulate(_:from:to:sum:into:_:)`` in `coverages`.
  @inline(__always)
  static func varyingRun<S: SpanSink, R: RuleCoverage>(
    _ line: UnsafeMutablePointer<Int32>, from: Int, to: Int, y: Int, x: Int, sum: inout Int32,
    _ coverages: UnsafeMutablePointer<UInt8>, _ rule: R.Type, into sink: inout S
  ) {
    let cells = line + from
    if let s = sink.span(y: y, x: x + from, count: to - from, cells: cells, sum: sum, evenOdd: R.isEvenOdd) {
      sum = s
      return
    }
    accumulate(line, from: from, to: to, sum: &sum, into: coverages, R.self)
    sink.span(y: y, x: x + from, count: to - from, coverages: coverages + from)
  }

  /// Adds cells `from ..< to` of `line` to the running `sum` one after another, writes each one's
  /// coverage byte under the rule into `coverages` at the same index, and zeroes the cells.
  ///
  /// The cells are taken in whole ``sweepChunk``s, from the chunk of `from` to that of `to − 1`:
  /// the cells around a varying run that it does not cover are untouched (or beyond the box's width),
  /// so they hold 0 and change no sum, and their coverage bytes are not handed on. So the loops have
  /// no remainders (each a branch that goes either way from one run to the next). Two passes over
  /// cells in the nearest cache: the running sums in place (one dependent add a cell), then the
  /// coverage bytes of four sums at a time, zeroing the cells.
  @inline(__always)
  static func accumulate<R: RuleCoverage>(
    _ line: UnsafeMutablePointer<Int32>, from: Int, to: Int, sum: inout Int32,
    into coverages: UnsafeMutablePointer<UInt8>, _ rule: R.Type
  ) {
    let first = from / sweepChunk * sweepChunk
    let chunks = (to - first + sweepChunk - 1) / sweepChunk
    var s = sum
    var sums = line + first
    for _ in 0..<chunks {
      for i in 0..<sweepChunk {
        s &+= sums[i]
        sums[i] = s
      }
      sums += sweepChunk
    }
    sum = s
    var cell = UnsafeMutableRawPointer(line + first)
    var byte = UnsafeMutableRawPointer(coverages + first)
    for _ in 0..<chunks {
      let low = R.coverage(cell.loadUnaligned(as: SIMD4<Int32>.self))
      let high = R.coverage(cell.loadUnaligned(fromByteOffset: 16, as: SIMD4<Int32>.self))
      byte.storeBytes(of: SIMD8(lowHalf: low, highHalf: high), as: SIMD8<UInt8>.self)
      cell.storeBytes(of: SIMD8<Int32>(), as: SIMD8<Int32>.self)
      cell += 32
      byte += 8
    }
  }

  /// The cells the sweep sums and turns into bytes at a time: 8.
  static var sweepChunk: Int { 8 }

  /// The longest constant run between two varying runs of a row that the sweep hands on as part of one
  /// varying run: a span costs the sink about as much as blending 64 pixels by their coverage bytes
  /// (measured on S7a–S9b of the raster benchmark), while longer runs (a shape's interior) stay
  /// constant, which a solid colour fills or blends without reading coverage.
  static var varyingGapLimit: Int { 64 }

  /// The coverage byte of a winding sum (cell units): `(area·255 + one/2) / one` rounded down, so
  /// exact halves round up.
  @inline(__always)
  static func coverage(_ sum: Int32, evenOdd: Bool) -> UInt8 {
    var a = sum.magnitude
    let one = UInt32(Self.one)
    if evenOdd {
      a &= 2 &* one &- 1
      if a > one { a = 2 &* one &- a }
    } else if a > one {
      a = one
    }
    return UInt8(truncatingIfNeeded: (a &* 255 &+ one / 2) >> UInt32(areaShift))
  }
}

/// A fill rule as a type: the coverage byte of a winding sum under it, of one sum or four.
protocol RuleCoverage {
  /// Whether the rule is ``FillRule/evenOdd``.
  static var isEvenOdd: Bool { get }
  static func coverage(_ sum: Int32) -> UInt8
  static func coverage(_ sums: SIMD4<Int32>) -> SIMD4<UInt8>
}

/// ``RuleCoverage`` of ``FillRule/nonZero``.
enum NonZeroCoverage: RuleCoverage {
  static var isEvenOdd: Bool { false }

  @inline(__always)
  static func coverage(_ sum: Int32) -> UInt8 { CoverageRasterizer.coverage(sum, evenOdd: false) }

  @inline(__always)
  static func coverage(_ sums: SIMD4<Int32>) -> SIMD4<UInt8> {
    // The magnitude as an unsigned number (−2³¹ gives 2³¹), at least `one` exactly where its bits
    // above the 16th are not all zero: a shift and a compare instead of a clamp from both sides.
    let sign = sums &>> 31
    let magnitude = SIMD4<UInt32>(truncatingIfNeeded: (sums ^ sign) &- sign)
    let a = magnitude.replacing(with: UInt32(CoverageRasterizer.one), where: magnitude &>> 16 .!= 0)
    return CoverageRasterizer.coverageBytes(SIMD4<Int32>(truncatingIfNeeded: a))
  }
}

/// ``RuleCoverage`` of ``FillRule/evenOdd``.
enum EvenOddCoverage: RuleCoverage {
  static var isEvenOdd: Bool { true }

  @inline(__always)
  static func coverage(_ sum: Int32) -> UInt8 { CoverageRasterizer.coverage(sum, evenOdd: true) }

  @inline(__always)
  static func coverage(_ sums: SIMD4<Int32>) -> SIMD4<UInt8> {
    let one = SIMD4<Int32>(repeating: CoverageRasterizer.one)
    var a = sums.replacing(with: 0 &- sums, where: sums .< 0) & (one &+ one &- 1)
    a.replace(with: one &+ one &- a, where: a .> one)
    return CoverageRasterizer.coverageBytes(a)
  }
}

extension CoverageRasterizer {
  /// ``coverage(_:evenOdd:)`` of four areas already folded into 0 ... ``one`` by the rule.
  @inline(__always)
  static func coverageBytes(_ a: SIMD4<Int32>) -> SIMD4<UInt8> {
    SIMD4<UInt8>(truncatingIfNeeded: ((a &<< 8) &- a &+ (one / 2)) &>> areaShift)
  }
}
