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
  /// The same run of `count` pixels from column `x` in every row of `rows`, covered by `coverage`.
  mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8)

  /// A hint that pixels `x ..< x + count` of row `y` (inside the clip) will be drawn soon: a sink over
  /// memory fetches them while the current row is being drawn.
  func upcoming(y: Int, x: Int, count: Int)
}

extension SpanSink {
  mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
    for y in rows { span(y: y, x: x, count: count, coverage: coverage) }
  }

  func upcoming(y: Int, x: Int, count: Int) {}
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
  static func coordinate(_ v: Double) -> Int {
    let limit = Double(1 << 30)
    return Int(max(-limit, min(limit, v)))
  }
}

/// Anti-aliased scan conversion of polygons by signed-area accumulation (the method of font-rs and
/// stb_truetype v2): each edge adds, per pixel cell, the signed area it sweeps; a running sum along a row
/// is then the exact area of the pixel covered by the shape (for non-overlapping nonzero fills).
///
/// Cells are grouped in blocks of 4 with a "touched" flag each: untouched blocks of a row hold no edge
/// and have the coverage of the running sum, so interiors become constant runs without being scanned.
/// This gives the analytic fast path of convex shapes (only edge cells are visited) and of rings
/// (stroked shapes) without special-casing them. The buffers are kept zeroed between calls and reused.
///
/// Not thread-safe: one per canvas.
final class CoverageRasterizer {
  static let blockShift = 2
  var cells = ScratchBuffer<Float>()
  var touched = ScratchBuffer<UInt8>()
  var rowMin = ScratchBuffer<Int32>()
  var rowMax = ScratchBuffer<Int32>()
  var coverageRow = ScratchBuffer<UInt8>()

  /// Fills `polygons` (each implicitly closed, in device pixels) clipped to `clip`.
  /// - Complexity: O(edge length in cells + rows × touched blocks × 4 + number of runs).
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
      x0: PixelBox.coordinate(minX.rounded(.down)), y0: PixelBox.coordinate(minY.rounded(.down)),
      x1: PixelBox.coordinate(maxX.rounded(.up)), y1: PixelBox.coordinate(maxY.rounded(.up)))
  }

  /// Makes the buffers large enough for `box` and hands them out as a grid.
  private func prepare(_ box: PixelBox) -> CellGrid {
    let height = box.y1 - box.y0
    let cellStride = box.x1 - box.x0 + 2
    let blockStride = (cellStride >> Self.blockShift) + 1
    cells.reserve(cellStride * height)
    touched.reserve(blockStride * height)
    rowMin.reserve(height, filling: Int32.max)
    rowMax.reserve(height, filling: -1)
    coverageRow.reserve(cellStride + 4)  // whole blocks are read as words
    return CellGrid(
      box: box, cells: cells.pointer, touched: touched.pointer, rowMin: rowMin.pointer,
      rowMax: rowMax.pointer, cellStride: cellStride, blockStride: blockStride)
  }
}

/// The accumulation buffers of one fill over `box`, as raw pointers copied out of the rasterizer so
/// that the per-edge, per-row loops read no class properties (each such read is an exclusivity check).
struct CellGrid {
  let box: PixelBox
  /// Signed areas, `cellStride` per row (the box's width plus two cells for edges at its right side).
  let cells: UnsafeMutablePointer<Float>
  /// One flag per block of 4 cells, `blockStride` per row: whether an edge touched the block.
  let touched: UnsafeMutablePointer<UInt8>
  /// Per row, the first and last touched block (`Int32.max` and −1 for a row no edge touched).
  let rowMin: UnsafeMutablePointer<Int32>
  let rowMax: UnsafeMutablePointer<Int32>
  let cellStride: Int
  let blockStride: Int

  /// Adds one edge, clipped to the box: parts above or below are dropped, parts left of it are moved
  /// onto its left side (they still change the winding of the row), parts right of it are dropped.
  func addEdge(_ p: Point, _ q: Point) {
    let (ox, oy) = (Double(box.x0), Double(box.y0))
    let (w, h) = (Double(box.x1 - box.x0), Double(box.y1 - box.y0))
    var (x0, y0, x1, y1) = (p.x - ox, p.y - oy, q.x - ox, q.y - oy)
    if y0 == y1 || max(y0, y1) <= 0 || min(y0, y1) >= h { return }
    let slope = (x1 - x0) / (y1 - y0)
    if y0 < 0 { (x0, y0) = (x0 - y0 * slope, 0) }
    if y1 < 0 { (x1, y1) = (x1 - y1 * slope, 0) }
    if y0 > h { (x0, y0) = (x0 + (h - y0) * slope, h) }
    if y1 > h { (x1, y1) = (x1 + (h - y1) * slope, h) }
    if x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w {
      accumulate(x0, y0, x1, y1)
      return
    }
    // Split at the crossings of the left and right sides, in order along the edge.
    let dx = x1 - x0
    var ta = dx != 0 && (x0 * x1 < 0) ? -x0 / dx : 2
    var tb = dx != 0 && ((x0 - w) * (x1 - w) < 0) ? (w - x0) / dx : 2
    if tb < ta { swap(&ta, &tb) }
    var (px, py) = (x0, y0)
    for t in [ta, tb, 1] where t <= 1 {
      let (nx, ny) = t == 1 ? (x1, y1) : (x0 + t * dx, y0 + t * (y1 - y0))
      if (px + nx) / 2 < w { accumulate(max(0, min(w, px)), py, max(0, min(w, nx)), ny) }
      (px, py) = (nx, ny)
    }
  }

  /// Adds the signed area of a segment lying inside the box (x in 0...w, y in 0...h).
  private func accumulate(_ px: Double, _ py: Double, _ qx: Double, _ qy: Double) {
    if py == qy { return }
    let (dir, x0, y0, x1, y1): (Float, Double, Double, Double, Double) =
      py < qy ? (1, px, py, qx, qy) : (-1, qx, qy, px, py)
    let dxdy = (x1 - x0) / (y1 - y0)
    let (xMin, xMax) = (min(x0, x1), max(x0, x1))
    var x = x0
    let rowEnd = min(Int(y1.rounded(.up)), box.y1 - box.y0)
    var row = Int(y0)
    let cell = cells
    while row < rowEnd {
      let dy = min(Double(row + 1), y1) - max(Double(row), y0)
      // Clamped to the segment's x range: rounding must not step outside the box.
      let xNext = min(max(x + dxdy * dy, xMin), xMax)
      let d = Float(dy) * dir
      let (lo, hi) = x < xNext ? (x, xNext) : (xNext, x)
      let loFloor = lo.rounded(.down)
      let loCell = Int(loFloor)
      let hiCell = Int(hi.rounded(.up))
      let line = cell + row * cellStride
      var last = loCell + 1
      if hiCell <= loCell + 1 {
        let mid = Float(0.5 * (x + xNext) - loFloor)
        line[loCell] += d - d * mid
        line[loCell + 1] += d * mid
      } else {
        let s = Float(1 / (hi - lo))
        let loFrac = Float(lo - loFloor)
        let a0 = 0.5 * s * (1 - loFrac) * (1 - loFrac)
        let hiFrac = Float(hi - Double(hiCell) + 1)
        let am = 0.5 * s * hiFrac * hiFrac
        line[loCell] += d * a0
        if hiCell == loCell + 2 {
          line[loCell + 1] += d * (1 - a0 - am)
        } else {
          let a1 = s * (1.5 - loFrac)
          line[loCell + 1] += d * (a1 - a0)
          var xi = loCell + 2
          while xi < hiCell - 1 {
            line[xi] += d * s
            xi += 1
          }
          let a2 = a1 + Float(hiCell - loCell - 3) * s
          line[hiCell - 1] += d * (1 - a2 - am)
        }
        line[hiCell] += d * am
        last = hiCell
      }
      mark(row: row, from: loCell, through: last)
      x = xNext
      row += 1
    }
  }

  @inline(__always)
  private func mark(row: Int, from first: Int, through last: Int) {
    let flags = touched + row * blockStride
    var b = first >> CoverageRasterizer.blockShift
    let lastBlock = last >> CoverageRasterizer.blockShift
    while b <= lastBlock {
      flags[b] = 1
      b += 1
    }
    rowMin[row] = min(rowMin[row], Int32(first >> CoverageRasterizer.blockShift))
    rowMax[row] = max(rowMax[row], Int32(lastBlock))
  }
}
