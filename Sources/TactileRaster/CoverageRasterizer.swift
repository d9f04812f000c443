import TactileGeometry

/// How overlapping parts of a filled shape combine, as in `CGPathFillRule`.
public enum FillRule: Sendable {
  /// A point is inside when the outline winds around it a non-zero number of times.
  case nonZero
  /// A point is inside when a ray from it crosses the outline an odd number of times.
  case evenOdd
}

/// Receives the output of the rasterizer: horizontal runs of coverage (0 = outside, 255 = fully inside).
///
/// Runs of one row arrive left to right, rows top to bottom; runs never overlap and lie inside the
/// clip the rasterizer was given.
protocol SpanSink {
  /// `count` pixels from (`x`, `y`) all covered by `coverage` (1...255).
  mutating func span(y: Int, x: Int, count: Int, coverage: UInt8)
  /// `count` pixels from (`x`, `y`) with individual coverage values.
  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>)
  /// `count` (at least 1) pixels from (`x`, `y`) whose coverages are the running sums of a scan
  /// converter's `cells` from `sum`, under the even-odd rule or the non-zero one, for a sink that
  /// blends those itself: pixel `i` is covered by `CoverageRasterizer.coverage(sum + cells[0] + … +
  /// cells[i], evenOdd:)`. It zeroes the cells and returns the sum after the last one; a sink that
  /// takes coverage bytes only returns nil and leaves the cells alone.
  mutating func span(
    y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32, evenOdd: Bool
  ) -> Int32?
  /// The same run of `count` pixels from column `x` in every row of `rows`, covered by `coverage`.
  mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8)
  /// A block `count` (at least 3) pixels wide whose first and last column have coverages of their
  /// own: `left`, `middle` (1...255) and `right` (0...255, 0 leaves the column alone). The middle comes
  /// first in each row; rows in any order.
  mutating func framedBlock(rows: Range<Int>, x: Int, count: Int, left: UInt8, middle: UInt8, right: UInt8)

  /// A hint that pixels `x ..< x + count` of row `y` (inside the clip) will be drawn soon: a sink over
  /// memory fetches them while the current row is being drawn.
  func upcoming(y: Int, x: Int, count: Int)
  /// Row `y` (inside the clip) for blending pixel by pixel, when the sink blends a solid colour
  /// straight into pixels; nil (the default) when it does anything else with coverage.
  func solidRow(_ y: Int) -> SolidRow?
}

extension SpanSink {
  mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
    for y in rows { span(y: y, x: x, count: count, coverage: coverage) }
  }

  mutating func framedBlock(rows: Range<Int>, x: Int, count: Int, left: UInt8, middle: UInt8, right: UInt8) {
    framedBlockAsBlocks(rows: rows, x: x, count: count, left: left, middle: middle, right: right)
  }

  /// ``framedBlock(rows:x:count:left:middle:right:)`` as three blocks: the middle, the left and the right
  /// column.
  mutating func framedBlockAsBlocks(
    rows: Range<Int>, x: Int, count: Int, left: UInt8, middle: UInt8, right: UInt8
  ) {
    block(rows: rows, x: x + 1, count: count - 2, coverage: middle)
    if left > 0 { block(rows: rows, x: x, count: 1, coverage: left) }
    if right > 0 { block(rows: rows, x: x + count - 1, count: 1, coverage: right) }
  }

  func upcoming(y: Int, x: Int, count: Int) {}

  mutating func span(
    y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32, evenOdd: Bool
  ) -> Int32? { nil }
}

/// A rectangle of whole pixels, `x0 ..< x1` × `y0 ..< y1`.
struct PixelBox: Equatable {
  var x0: Int
  var y0: Int
  var x1: Int
  var y1: Int

  var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

  func intersection(_ o: PixelBox) -> PixelBox {
    PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
  }

  /// A device coordinate as an integer, clamped to ±2³⁰ (far outside any pixmap) so that huge or NaN
  /// values cannot trap.
  @inline(__always)
  static func coordinate(_ v: Double) -> Int { Int(clamped(v)) }

  /// ``coordinate(_:)`` of `v` rounded down, without a library call (the x86-64 baseline has no
  /// rounding instruction, and `rounded(.down)` calls libm's `floor`).
  @inline(__always)
  static func coordinate(down v: Double) -> Int { CellGrid.floor(clamped(v)) }

  /// ``coordinate(_:)`` of `v` rounded up, without a library call.
  @inline(__always)
  static func coordinate(up v: Double) -> Int { CellGrid.ceil(clamped(v)) }

  /// `v` clamped to ±2³⁰ (NaN to 2³⁰).
  @inline(__always)
  private static func clamped(_ v: Double) -> Double {
    let limit = Double(1 << 30)
    return max(-limit, min(limit, v))
  }
}

/// Anti-aliased scan conversion of polygons by signed-area accumulation (the method of font-rs and
/// stb_truetype v2): each edge adds, per pixel cell, the signed area it sweeps; a running sum along a row
/// is then the area of the pixel covered by the shape (for non-overlapping nonzero fills).
///
/// Areas are integers, ``one`` (2¹⁶) units to a pixel. Per row, an edge gives each pixel it crosses the
/// area of that pixel right of it, worked out in floating point from the edge's ends in device space and
/// rounded to a unit; its cells get the differences of those rounded areas, and the cell after them
/// the rest of the row's rounded height. So the running sum reaches every pixel's rounded area exactly,
/// rows of full height add exactly ``one``, and a pixel's coverage depends only on the shape, not on
/// where the clip (a damaged rectangle, a band of a rounded shape) starts its rows. A coverage byte is
/// `(area·255 + one/2) / one`, rounded down: exact halves round up (½ a pixel is 128).
///
/// Each row has a bit array with a bit per cell, set where an edge wrote: untouched cells hold nothing
/// and have the coverage of the running sum, so the sweep finds the touched cells a machine word (64
/// cells) at a time and hands everything between them on as one constant run without reading it.
/// This gives the analytic fast path of convex shapes (only edge cells are visited) and of rings
/// (stroked shapes) without special-casing them. The buffers are kept zeroed between calls and reused.
///
/// Not thread-safe: one per canvas.
final class CoverageRasterizer {
  /// Cells per word of a row's bit array, as a shift: 64.
  static let wordShift = 6
  /// Area units per pixel, as a shift: ``one`` = 2¹⁶.
  static let areaShift: Int32 = 16
  /// The area of a whole pixel in cell units.
  static let one: Int32 = 1 << areaShift
  var cells = ScratchBuffer<Int32>()
  var touched = ScratchBuffer<UInt64>()
  var rowMin = ScratchBuffer<Int32>()
  var rowMax = ScratchBuffer<Int32>()
  var coverageRow = ScratchBuffer<UInt8>()

  /// Fills `polygons` (each implicitly closed, in device pixels) clipped to `clip`.
  /// - Complexity: O(edge length in cells + rows × width / 64 + number of runs).
  func fill<S: SpanSink>(_ polygons: [[Point]], rule: FillRule, clip: PixelBox, into sink: inout S) {
    guard let bounds = Self.bounds(of: polygons) else { return }
    let box = bounds.intersection(clip)
    guard !box.isEmpty else { return }
    let grid = prepare(box)
    for polygon in polygons where polygon.count >= 2 {
      var previous = polygon[polygon.count - 1]
      for point in polygon {
        grid.addEdge(previous, point)
        previous = point
      }
    }
    sweep(grid, rule: rule, into: &sink)
  }

  /// The pixel box covering every point, or nil when a coordinate is not finite or there are none.
  static func bounds(of polygons: [[Point]]) -> PixelBox? {
    var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
    for polygon in polygons {
      for p in polygon {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        minX = min(minX, p.x)
        maxX = max(maxX, p.x)
        minY = min(minY, p.y)
        maxY = max(maxY, p.y)
      }
    }
    guard minX <= maxX, minY <= maxY else { return nil }
    return PixelBox(
      x0: PixelBox.coordinate(down: minX), y0: PixelBox.coordinate(down: minY),
      x1: PixelBox.coordinate(up: maxX), y1: PixelBox.coordinate(up: maxY))
  }

  /// Makes the buffers large enough for `box` and hands them out as a grid.
  private func prepare(_ box: PixelBox) -> CellGrid {
    let height = box.y1 - box.y0
    // Whole chunks of the sweep a row, the cells after the box's width never written (so zero).
    let chunk = Self.sweepChunk
    let cellStride = (box.x1 - box.x0 + chunk - 1) / chunk * chunk
    let wordStride = (cellStride + (1 << Self.wordShift) - 1) >> Self.wordShift
    cells.reserve(cellStride * height)
    touched.reserve(wordStride * height)
    rowMin.reserve(height, filling: Int32.max)
    rowMax.reserve(height, filling: -1)
    coverageRow.reserve(cellStride)
    return CellGrid(
      box: box, cells: cells.pointer, touched: touched.pointer, rowMin: rowMin.pointer,
      rowMax: rowMax.pointer, cellStride: cellStride, wordStride: wordStride)
  }
}

/// The accumulation buffers of one fill over `box`, as raw pointers copied out of the rasterizer so
/// that the per-edge, per-row loops read no class properties (each such read is an exclusivity check).
struct CellGrid {
  let box: PixelBox
  /// Signed areas in units of ``CoverageRasterizer/one`` per pixel, `cellStride` (the box's width
  /// rounded up to a whole number of ``CoverageRasterizer/sweepChunk``s; the cells beyond the width
  /// are never written) per row.
  let cells: UnsafeMutablePointer<Int32>
  /// A bit per cell, `wordStride` words per row, cell `i` of a row at bit `i % 64` of word `i / 64`:
  /// whether an edge wrote to the cell.
  let touched: UnsafeMutablePointer<UInt64>
  /// Per row, the first and last touched cell (`Int32.max` and −1 for a row no edge touched).
  let rowMin: UnsafeMutablePointer<Int32>
  let rowMax: UnsafeMutablePointer<Int32>
  let cellStride: Int
  let wordStride: Int

  /// Adds one edge (device pixels), clipped to the box: rows above or below it are dropped, and so
  /// are pixels right of it; pixels left of it still change the winding of the row and land in its
  /// first cell. Each row's part of the edge is worked out from the edge's ends, never from the box.
  func addEdge(_ p: Point, _ q: Point) {
    if p.y == q.y { return }
    let (top, bottom, dir): (Point, Point, Int32) = p.y < q.y ? (p, q, 1) : (q, p, -1)
    let (boxTop, boxBottom) = (Double(box.y0), Double(box.y1))
    if bottom.y <= boxTop || top.y >= boxBottom { return }
    let slope = (bottom.x - top.x) / (bottom.y - top.y)
    // How fast a pixel's area right of the edge grows per unit of x (cell units): the same in every
    // row. Capped, so that an edge a hair's breadth from vertical gives no infinity.
    let growth = min(Double(CoverageRasterizer.one) * abs((bottom.y - top.y) / (bottom.x - top.x)), 1e30)
    let (xMin, xMax) = (min(top.x, bottom.x), max(top.x, bottom.x))
    /// The edge's x at device y `y` (between its ends), clamped to its x range: rounding must not
    /// step outside it. (Never NaN: `y − top.y` is positive, so an overflowed slope gives ±∞, which
    /// the clamp turns into an end.)
    func x(at y: Double) -> Double {
      if y == top.y { return top.x }
      if y == bottom.y { return bottom.x }
      return min(max(top.x + (y - top.y) * slope, xMin), xMax)
    }
    var row = top.y <= boxTop ? box.y0 : Self.floor(top.y)
    let rowEnd = bottom.y >= boxBottom ? box.y1 : Self.ceil(bottom.y)
    var ya = max(Double(row), top.y)
    var xa = x(at: ya)
    if xMin > Double(box.x0) && xMax < Double(box.x1 - 1) {
      // No pixel of the edge at the box's sides.
      while row < rowEnd {
        let yb = min(Double(row &+ 1), bottom.y)
        let xb = x(at: yb)
        coverInside(row: row &- box.y0, xa, xb, height: yb - ya, growth: growth, dir)
        (xa, ya) = (xb, yb)
        row &+= 1
      }
      return
    }
    while row < rowEnd {
      let yb = min(Double(row + 1), bottom.y)
      let xb = x(at: yb)
      cover(row: row - box.y0, xa, xb, height: yb - ya, growth: growth, dir)
      (xa, ya) = (xb, yb)
      row += 1
    }
  }

  /// Adds the part of an edge within one row: from x `xa` at its top to `xb` at its bottom, `height`
  /// high (0...1), going down (`dir` 1) or up (−1); `growth` is the edge's `one·|dy/dx|`.
  @inline(__always)
  private func cover(
    row: Int, _ xa: Double, _ xb: Double, height: Double, growth s: Double, _ dir: Int32
  ) {
    let (lo, hi) = xa < xb ? (xa, xb) : (xb, xa)
    let (left, right) = (Double(box.x0), Double(box.x1))
    if lo >= right { return }
    // Indexed by device column.
    let line = cells + row * cellStride - box.x0
    // The area of a pixel right of the edge goes from 0 (left of `lo`) to `full` (right of `hi`).
    let scaled = height * Double(CoverageRasterizer.one)
    let full = Self.units(scaled)
    if hi <= left {
      line[box.x0] &+= dir &* full
      return mark(row: row, from: 0, through: 0)
    }
    // The first and last pixel the edge crosses (any pixel left or right of the box stands for all).
    let k0 = lo < left ? box.x0 - 1 : Self.floor(lo)
    let k1 = hi > right ? box.x1 : max(k0, Self.ceil(hi) - 1)
    let kEnd = min(k1, box.x1 - 1)
    var k = max(k0, box.x0)
    let first = k - box.x0
    var previous: Int32 = 0
    // Pixel k's area right of the edge, rounded to a unit.
    @inline(__always) func add(_ area: Double) {
      let a = Self.units(area)
      line[k] &+= dir &* (a &- previous)
      previous = a
    }
    if k0 == k1 {
      // Within one pixel: the trapezoid right of the edge's middle.
      add(scaled * (Double(k0 + 1) - 0.5 * (xa + xb)))
      k += 1
    } else {
      // A triangle in the first pixel, a triangle less than the full height in the last, and in
      // between the area grows linearly.
      if k == k0 {
        let w = Double(k0 + 1) - lo
        add(0.5 * s * w * w)
        k += 1
      }
      while k <= kEnd && k < k1 {
        add(s * (Double(k) - lo + 0.5))
        k += 1
      }
      if k == k1 && k <= kEnd {
        let w = hi - Double(k1)
        add(scaled - 0.5 * s * w * w)
        k += 1
      }
    }
    // The pixel after the edge gets the rest of the row's height.
    if k < box.x1 {
      line[k] &+= dir &* (full &- previous)
    } else {
      k -= 1
    }
    mark(row: row, from: first, through: k - box.x0)
  }

  /// ``cover(row:_:_:height:growth:_:)`` for a part of an edge inside the box with a pixel to spare
  /// on the right: the same areas, without the clamps to the box.
  @inline(__always)
  private func coverInside(
    row: Int, _ xa: Double, _ xb: Double, height: Double, growth s: Double, _ dir: Int32
  ) {
    let (lo, hi) = (min(xa, xb), max(xa, xb))
    let line = cells + (row &* cellStride &- box.x0)
    let scaled = height * Double(CoverageRasterizer.one)
    let full = Self.units(scaled)
    let k0 = Self.floor(inBox: lo)
    let k1 = max(k0, Self.ceil(inBox: hi) &- 1)
    var previous: Int32 = 0
    var k = k0
    if k0 == k1 {
      previous = Self.units(scaled * (Double(k0 &+ 1) - 0.5 * (xa + xb)))
      line[k0] &+= dir &* previous
      k &+= 1
    } else {
      let w0 = Double(k0 &+ 1) - lo
      previous = Self.units(0.5 * s * w0 * w0)
      line[k0] &+= dir &* previous
      k &+= 1
      while k < k1 {
        let a = Self.units(s * (Double(k) - lo + 0.5))
        line[k] &+= dir &* (a &- previous)
        previous = a
        k &+= 1
      }
      let w1 = hi - Double(k1)
      let a = Self.units(scaled - 0.5 * s * w1 * w1)
      line[k] &+= dir &* (a &- previous)
      previous = a
      k &+= 1
    }
    line[k] &+= dir &* (full &- previous)
    mark(row: row, from: k0 &- box.x0, through: k &- box.x0)
  }

  /// An area (cell units, |v| < 2⁵¹) rounded to the nearest integer, ties to even: adding 1.5 × 2⁵²
  /// leaves the rounded value in the low bits of the mantissa (no conversion, so no trap on NaN).
  @inline(__always)
  static func units(_ v: Double) -> Int32 {
    Int32(truncatingIfNeeded: (v + 6_755_399_441_055_744).bitPattern)
  }

  /// The largest integer not above `v`, a coordinate inside a box (|v| < 2³¹): the nearest integer
  /// by the same addition as ``units(_:)``, one less if that is above `v` (no library call, and no
  /// checks that `v` fits, which `Int(v)` makes).
  @inline(__always)
  static func floor(inBox v: Double) -> Int {
    let n = Int(units(v))
    return Double(n) > v ? n &- 1 : n
  }

  /// The smallest integer not below `v`, a coordinate inside a box (|v| < 2³¹), as
  /// ``floor(inBox:)``.
  @inline(__always)
  static func ceil(inBox v: Double) -> Int {
    let n = Int(units(v))
    return Double(n) < v ? n &+ 1 : n
  }

  /// The largest integer not above `v` (|v| < 2⁶²), without a library call.
  @inline(__always)
  static func floor(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) > v ? t - 1 : t
  }

  /// The smallest integer not below `v` (|v| < 2⁶²), without a library call.
  @inline(__always)
  static func ceil(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) < v ? t + 1 : t
  }

  /// Sets the bits of cells `first ... last` of `row` (in the box, `first <= last`).
  @inline(__always)
  private func mark(row: Int, from first: Int, through last: Int) {
    let words = touched + row &* wordStride
    let (firstWord, lastWord) = (first >> CoverageRasterizer.wordShift, last >> CoverageRasterizer.wordShift)
    let low = ~UInt64(0) << UInt64(first & 63)
    let high = ~UInt64(0) >> UInt64(63 - (last & 63))
    if firstWord == lastWord {
      words[firstWord] |= low & high
    } else {
      words[firstWord] |= low
      var w = firstWord + 1
      while w < lastWord {
        words[w] = ~0
        w += 1
      }
      words[lastWord] |= high
    }
    rowMin[row] = min(rowMin[row], Int32(truncatingIfNeeded: first))
    rowMax[row] = max(rowMax[row], Int32(truncatingIfNeeded: last))
  }
}
