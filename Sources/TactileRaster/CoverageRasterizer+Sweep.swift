extension CoverageRasterizer {
  /// Turns the accumulated cells into runs, row by row, zeroing the cells and bits it reads.
  ///
  /// A row's bit array is read a word at a time from its first to its last touched cell. Only the
  /// gaps between the last set bit of one non-zero word and the first of the next can be longer than
  /// ``varyingGapLimit`` (at least 63, the longest gap inside a word), so those are the only places a
  /// varying run can end: the cells from its first to its last touched one, the untouched ones (which
  /// hold 0) included, are summed into coverage bytes in one pass (``accumulate(_:from:to:sum:into:)``),
  /// and the untouched cells up to the next touched one are one constant run of the sum's coverage
  /// without being read.
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
          Self.accumulate(line, from: start, to: end, sum: &sum, into: coverages, R.self)
          sink.span(y: y, x: box.x0 + start, count: end - start, coverages: coverages + start)
          let c = R.coverage(sum)
          if c > 0 { sink.span(y: y, x: box.x0 + end, count: low - end, coverage: c) }
          start = low
        }
        end = base + (1 << Self.wordShift) - bits.leadingZeroBitCount
      }
      Self.accumulate(line, from: start, to: end, sum: &sum, into: coverages, R.self)
      sink.span(y: y, x: box.x0 + start, count: end - start, coverages: coverages + start)
      // Edges beyond the right side were dropped: what they would have closed runs to the end.
      let c = R.coverage(sum)
      if end < width && c > 0 { sink.span(y: y, x: box.x0 + end, count: width - end, coverage: c) }
    }
  }

  /// Adds cells `from ..< to` of `line` to the running `sum` one after another, writes each one's
  /// coverage byte under the rule into `coverages` at the same index, and zeroes the cells.
  ///
  /// Three passes over cells in the nearest cache: the sums (one dependent add a cell), the bytes
  /// (independent per cell, so the compiler vectorizes them) and the zeroing.
  @inline(__always)
  static func accumulate<R: RuleCoverage>(
    _ line: UnsafeMutablePointer<Int32>, from: Int, to: Int, sum: inout Int32,
    into coverages: UnsafeMutablePointer<UInt8>, _ rule: R.Type
  ) {
    var s = sum
    for x in from..<to {
      s &+= line[x]
      line[x] = s
    }
    sum = s
    for x in from..<to { coverages[x] = R.coverage(line[x]) }
    (line + from).update(repeating: 0, count: to - from)
  }

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

/// A fill rule as a type: the coverage byte of a winding sum under it.
protocol RuleCoverage {
  static func coverage(_ sum: Int32) -> UInt8
}

/// ``RuleCoverage`` of ``FillRule/nonZero``.
enum NonZeroCoverage: RuleCoverage {
  @inline(__always)
  static func coverage(_ sum: Int32) -> UInt8 { CoverageRasterizer.coverage(sum, evenOdd: false) }
}

/// ``RuleCoverage`` of ``FillRule/evenOdd``.
enum EvenOddCoverage: RuleCoverage {
  @inline(__always)
  static func coverage(_ sum: Int32) -> UInt8 { CoverageRasterizer.coverage(sum, evenOdd: true) }
}
