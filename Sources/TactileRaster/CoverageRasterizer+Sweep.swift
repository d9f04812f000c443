extension CoverageRasterizer {
  /// Turns the accumulated cells into runs, row by row, zeroing the cells and bits it reads.
  ///
  /// A row's bit array is read a word at a time from its first to its last touched cell; each run of
  /// set bits is summed into coverage bytes, and the cells between runs, which no edge touched, are one
  /// constant run of the running sum's coverage. A constant run of at most ``varyingGapLimit`` cells
  /// between two varying runs is written into the coverage bytes instead, so the three are one varying
  /// run.
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
      var runs = RunBuilder(y: box.y0 + row, originX: box.x0, width: width, coverages: coverages)
      let line = grid.cells + row * grid.cellStride
      let words = grid.touched + row * grid.wordStride
      var sum: Int32 = 0
      // Cells before `done` are handed to `runs`.
      var done = first
      for w in (first >> Self.wordShift)...(last >> Self.wordShift) {
        var bits = words[w]
        if bits == 0 { continue }
        words[w] = 0
        let base = w << Self.wordShift
        repeat {
          // The lowest run of set bits: `start ..< end`.
          let start = base + bits.trailingZeroBitCount
          let end = base + (~(bits | (bits &- 1))).trailingZeroBitCount
          bits &= bits &+ (bits & (0 &- bits))
          let before = R.coverage(sum)
          for x in start..<end {
            sum &+= line[x]
            line[x] = 0
            coverages[x] = R.coverage(sum)
          }
          // The untouched cells since the last run (none before the first).
          var from = start
          if start - done > Self.varyingGapLimit {
            runs.constant(from: done, to: start, coverage: before, into: &sink)
          } else if start > done {
            coverages.advanced(by: done).update(repeating: before, count: start - done)
            from = done
          }
          runs.varying(from: from, to: end, into: &sink)
          done = end
        } while bits != 0
      }
      // Edges beyond the right side were dropped: what they would have closed runs to the end.
      if done < width {
        runs.constant(from: done, to: width, coverage: R.coverage(sum), into: &sink)
      }
      runs.finish(into: &sink)
    }
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

/// Merges the runs of one row into as few spans as possible and hands them to a sink: neighbouring
/// constant runs of equal coverage become one run, neighbouring scanned runs one varying run;
/// zero-coverage runs are dropped. Everything is clamped to the row's width.
struct RunBuilder {
  let y: Int
  let originX: Int
  let width: Int
  let coverages: UnsafeMutablePointer<UInt8>
  private var start = 0
  private var end = 0
  /// The coverage of the pending constant run, or -1 for a pending varying run.
  private var pending = -2

  init(y: Int, originX: Int, width: Int, coverages: UnsafeMutablePointer<UInt8>) {
    self.y = y
    self.originX = originX
    self.width = width
    self.coverages = coverages
  }

  mutating func constant<S: SpanSink>(from s: Int, to e: Int, coverage: UInt8, into sink: inout S) {
    if pending != Int(coverage) || end != s { flush(into: &sink) }
    if pending != Int(coverage) { (start, pending) = (s, Int(coverage)) }
    end = e
  }

  mutating func varying<S: SpanSink>(from s: Int, to e: Int, into sink: inout S) {
    if pending != -1 || end != s { flush(into: &sink) }
    if pending != -1 { (start, pending) = (s, -1) }
    end = e
  }

  mutating func finish<S: SpanSink>(into sink: inout S) { flush(into: &sink) }

  private mutating func flush<S: SpanSink>(into sink: inout S) {
    let e = min(end, width)
    if e > start {
      if pending == -1 {
        sink.span(y: y, x: originX + start, count: e - start, coverages: coverages + start)
      } else if pending > 0 {
        sink.span(y: y, x: originX + start, count: e - start, coverage: UInt8(pending))
      }
    }
    pending = -2
    (start, end) = (0, 0)
  }
}
