extension CoverageRasterizer {
  /// Turns the accumulated cells into runs, row by row, zeroing the cells and flags it reads.
  func sweep<S: SpanSink>(_ grid: CellGrid, rule: FillRule, into sink: inout S) {
    let box = grid.box
    let width = box.x1 - box.x0
    let cellStride = grid.cellStride
    let evenOdd = rule == .evenOdd
    let coverages = coverageRow.pointer
    let rows = box.y1 - box.y0
    for row in 0..<rows {
      let first = Int(grid.rowMin[row])
      let last = Int(grid.rowMax[row])
      guard last >= 0 else { continue }
      if row + 1 < rows && grid.rowMax[row + 1] >= 0 {
        // The next row's pixels from its first to its last touched block.
        let start = Int(grid.rowMin[row + 1]) << Self.blockShift
        let end = min(width, (Int(grid.rowMax[row + 1]) + 1) << Self.blockShift)
        sink.upcoming(y: box.y0 + row + 1, x: box.x0 + start, count: max(0, end - start))
      }
      grid.rowMin[row] = Int32.max
      grid.rowMax[row] = -1
      var runs = RunBuilder(y: box.y0 + row, originX: box.x0, width: width, coverages: coverages)
      let line = grid.cells + row * cellStride
      let flags = grid.touched + row * grid.blockStride
      var sum: Int32 = 0
      for block in first...last {
        let start = block << Self.blockShift
        let end = min(start + (1 << Self.blockShift), cellStride)
        if flags[block] == 0 {
          runs.constant(from: start, to: end, coverage: Self.coverage(sum, evenOdd: evenOdd), into: &sink)
          continue
        }
        flags[block] = 0
        // The block's coverage is built in a register and stored once (reading back bytes just
        // stored one at a time stalls store forwarding).
        var word: UInt32 = 0
        for x in start..<end {
          sum &+= line[x]
          line[x] = 0
          word |= UInt32(Self.coverage(sum, evenOdd: evenOdd)) << UInt32(8 * (x - start))
        }
        UnsafeMutableRawPointer(coverages + start).storeBytes(of: word, as: UInt32.self)
        // A block the edge only grazed is often all covered or all empty: keep such runs constant.
        if end - start == 4 && (word == 0 || word == 0xFFFF_FFFF) {
          runs.constant(from: start, to: end, coverage: UInt8(truncatingIfNeeded: word), into: &sink)
        } else {
          runs.varying(from: start, to: end, into: &sink)
        }
      }
      // Edges beyond the right side were dropped: what they would have closed runs to the end.
      let tail = (last + 1) << Self.blockShift
      if tail < width {
        runs.constant(from: tail, to: width, coverage: Self.coverage(sum, evenOdd: evenOdd), into: &sink)
      }
      runs.finish(into: &sink)
    }
  }

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

/// Merges the per-block output of one row into as few spans as possible and hands them to a sink:
/// neighbouring constant blocks of equal coverage become one run, neighbouring scanned blocks one
/// varying run; zero-coverage runs are dropped. Everything is clamped to the row's width.
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
