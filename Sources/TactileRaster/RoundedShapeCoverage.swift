import Glibc

/// An axis-aligned rectangle in device pixels whose corners are quarter ellipses of their own radii:
/// a rounded rectangle under an axis-aligned transform, and an ellipse (corners that meet in the
/// middle). Its coverage is computed row by row, exactly, without polygons: each pixel on the outline
/// gets the area under the curve (a trapezoid under the chord through the pixel plus the elliptic
/// segment between chord and arc, in closed form), and the pixels between the two sides of a row form
/// one constant run.
///
/// A pixel's coverage depends only on the shape and the pixel, never on the clip or on which other
/// pixels were computed, so a redraw clipped to a damaged rectangle equals a full redraw.
struct RoundedShapeCoverage {
  /// The bounds, in device pixels.
  let left: Double
  let top: Double
  let right: Double
  let bottom: Double
  /// The sides, each seen in a frame where outside is towards +x (the left side mirrored).
  let leftSide: Side
  let rightSide: Side
  /// Rows above `upperArcsEnd` and below `lowerArcsStart` have one arc for each side and no straight
  /// part: the rows of ``emitArcRow(_:y0:y1:_:clip:above:levels:into:)``.
  let upperArcsEnd: Double
  let lowerArcsStart: Double

  /// A corner's horizontal and vertical radius, in device pixels (zero for a square corner).
  struct Radii {
    var x: Double
    var y: Double
  }

  /// Corners of at most this many pixels of horizontal or vertical radius are square: below it the
  /// closed-form segment would be evaluated at the end of its range for nothing visible.
  static let smallestRadius = 1.0 / 64

  /// The shape, or nil when it is empty or not finite. Radii must fit (``RoundedRect/effectiveRadii``
  /// mapped to device pixels): the two corners of a side together no taller or wider than the shape.
  init?(
    left: Double, top: Double, right: Double, bottom: Double,
    topLeft: Radii, topRight: Radii, bottomRight: Radii, bottomLeft: Radii
  ) {
    guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite, left < right, top < bottom else {
      return nil
    }
    (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    leftSide = Side(edge: -left, top: top, bottom: bottom, upper: topLeft, lower: bottomLeft)
    rightSide = Side(edge: right, top: top, bottom: bottom, upper: topRight, lower: bottomRight)
    upperArcsEnd = min(leftSide.upperEnd, rightSide.upperEnd)
    lowerArcsStart = max(leftSide.lowerStart, rightSide.lowerStart)
  }

  /// The rows where both sides are straight, widened to whole rows inwards: drawn as one band.
  var straightRows: (top: Double, bottom: Double) {
    (max(leftSide.upperEnd, rightSide.upperEnd), min(leftSide.lowerStart, rightSide.lowerStart))
  }

  /// One side of the shape in a frame where outside is +x: a vertical edge at `edge` between an upper
  /// and a lower quarter-ellipse corner.
  struct Side {
    let edge: Double
    let upper: Arc
    let lower: Arc
    /// Where the upper corner ends and the lower one starts (equal when the corners meet).
    let upperEnd: Double
    let lowerStart: Double

    init(edge: Double, top: Double, bottom: Double, upper: Radii, lower: Radii) {
      self.edge = edge
      self.upper = Arc(edge: edge, radii: upper, apex: top, downwards: false)
      self.lower = Arc(edge: edge, radii: lower, apex: bottom, downwards: true)
      upperEnd = top + self.upper.ry
      lowerStart = max(upperEnd, bottom - self.lower.ry)
    }

    /// The side's x at `y` (between the shape's top and bottom).
    @inline(__always)
    func x(at y: Double) -> Double {
      if y < upperEnd { return upper.x(at: y) }
      if y > lowerStart { return lower.x(at: y) }
      return edge
    }

    /// Adds, for each frame column `m` in `columns`, the length of row band `y0 ..< y1` (inside the
    /// shape's top and bottom) times the part of the column inside the side — the area of the column
    /// left of the outline — into `inside[m - columns.lowerBound]`. `x0` and `x1` are the side's x at
    /// `y0` and `y1`.
    func accumulate(
      y0: Double, y1: Double, x0: Double, x1: Double, columns: Range<Int>,
      into inside: UnsafeMutablePointer<Double>
    ) {
      let origin = inside - columns.lowerBound
      if y0 < upperEnd {
        let (end, xEnd) = y1 < upperEnd ? (y1, x1) : (upperEnd, edge)
        upper.areas(y0: y0, y1: end, xa: x0, xb: xEnd, columns: columns) { origin[$0] += $1 }
      }
      let (s0, s1) = (max(y0, upperEnd), min(y1, lowerStart))
      if s0 < s1 {
        // A straight edge: every column left of it is covered for the whole band, the one it crosses
        // in proportion.
        let dy = s1 - s0
        for m in columns {
          let part = edge - Double(m)
          if part <= 0 { break }
          origin[m] += part >= 1 ? dy : part * dy
        }
      }
      if y1 > lowerStart {
        let (start, xStart) = y0 > lowerStart ? (y0, x0) : (lowerStart, edge)
        lower.areas(y0: start, y1: y1, xa: xStart, xb: x1, columns: columns) { origin[$0] += $1 }
      }
    }

    /// The frame columns the side crosses in row band `y0 ..< y1`, where its x is `x0` and `x1`;
    /// columns left of them are inside.
    func columns(y0: Double, y1: Double, x0: Double, x1: Double) -> Range<Int> {
      var (lo, hi) = x0 <= x1 ? (x0, x1) : (x1, x0)
      if y0 <= lowerStart && y1 >= upperEnd { hi = edge }
      return PixelBox.coordinate(down: lo)..<PixelBox.coordinate(up: hi)
    }
  }

  /// A quarter ellipse at one end of a side (outside towards +x): it leaves the side's vertical edge
  /// at `edge` and bends inwards to `apex` (the shape's top or bottom).
  struct Arc {
    /// The ellipse's centre and radii.
    let cx: Double
    let cy: Double
    let rx: Double
    let ry: Double
    /// −1 for the upper corner (the apex is above the centre), +1 for the lower one.
    let direction: Double
    let inverseRX: Double
    let inverseRY: Double
    /// Whether a chord inside one pixel can be too long for the series of ``segment(_:_:shortChords:)``
    /// alone: false when 1/rx² + 1/ry² ≤ ½ (both radii 2 pixels or more, for instance), where every
    /// such chord has s² ≤ ⅛ (its width and height at most a pixel, with room for rounding).
    let hasLongChords: Bool

    init(edge: Double, radii: Radii, apex: Double, downwards: Bool) {
      let square =
        radii.x < RoundedShapeCoverage.smallestRadius || radii.y < RoundedShapeCoverage.smallestRadius
      rx = square ? 0 : radii.x
      ry = square ? 0 : radii.y
      direction = downwards ? 1 : -1
      cx = edge - rx
      cy = apex - direction * ry
      inverseRX = square ? 0 : 1 / rx
      inverseRY = square ? 0 : 1 / ry
      hasLongChords = inverseRX * inverseRX + inverseRY * inverseRY > 0.5
    }

    /// The square root of `v`, correctly rounded, for `v ≥ 0`. Written as the vector square root
    /// because `Double.squareRoot()` compiles to a test and a call to libm for negative `v` (which sets
    /// `errno`). The release build of 2026-12-03 still has that call for this form too (LLVM narrows
    /// it back to `sqrtsd`), but only on a branch out of the loop, for input the arcs never give.
    @inline(__always)
    static func root(_ v: Double) -> Double { SIMD2(repeating: v).squareRoot()[0] }

    /// x at `y`, which lies between the centre and the apex.
    @inline(__always)
    func x(at y: Double) -> Double { cx + rx * width(at: y) }

    /// The unit ellipse's half width at `y` (between the centre and the apex): x at `y` is
    /// `cx + rx · width(at: y)`. Arcs with the same `cy` and `ry` (the two sides of an ellipse) have
    /// the same width at every `y`.
    @inline(__always)
    func width(at y: Double) -> Double {
      let v = min(1, abs(y - cy) * inverseRY)
      return Self.root(1 - v * v)
    }

    /// y at `x`, which lies between the centre and the edge.
    @inline(__always)
    func y(at x: Double) -> Double {
      let u = min(1, max(0, (x - cx) * inverseRX))
      return cy + direction * ry * Self.root(1 - u * u)
    }

    /// The area between the chord (`dx`, `dy`) of this ellipse and the arc it cuts off: the area of the
    /// corresponding segment of the unit circle, scaled by rx·ry. With `s` half the chord on the unit
    /// circle and θ = 2·asin s, that area is (θ − sin θ)/2 = ⅔s³ + ⅕s⁵ + 3⁄28 s⁷ + 5⁄72 s⁹ + …;
    /// the series (within 3·10⁻⁵·s³ for s ≤ ½) for short chords, the closed form otherwise.
    /// `shortChords` says the chord is known to be short (s ≤ ½): the series with no test, so that a
    /// loop of such chords has no call to libm's `asin` and `sin` in it (the registers such a call may
    /// overwrite were saved and restored around it on every pixel).
    @inline(__always)
    func segment(_ dx: Double, _ dy: Double, shortChords: Bool = false) -> Double {
      let a = dx * inverseRX
      let b = dy * inverseRY
      let s2 = 0.25 * (a * a + b * b)
      if shortChords || s2 <= 0.25 {
        let s3 = s2 * Self.root(s2)
        return rx * ry * s3 * (2.0 / 3 + s2 * (1.0 / 5 + s2 * (3.0 / 28 + s2 * (5.0 / 72))))
      }
      let theta = 2 * asin(min(1, s2.squareRoot()))
      return rx * ry * 0.5 * (theta - sin(theta))
    }

    /// Calls `area(m, a)` for each frame column `m` in `columns` left of the arc's outermost x in the
    /// band `y0 ..< y1` of this arc (between its apex and centre), where its x is `xa` and `xb`: `a` is
    /// the band's length times the part of the column inside the arc, as in
    /// ``Side/accumulate(y0:y1:x0:x1:columns:into:)``. Columns from the arc's outermost x on are left
    /// out (nothing of them is inside). `shortChords` only where ``hasLongChords`` is false, as in
    /// ``segment(_:_:shortChords:)``.
    @inline(__always)
    func areas(
      y0: Double, y1: Double, xa: Double, xb: Double, columns: Range<Int>, shortChords: Bool = false,
      _ area: (Int, Double) -> Void
    ) {
      let dy = y1 - y0
      guard dy > 0, rx > 0 else { return }
      // The end with the smaller x, and the one with the larger (outermost) x.
      let (lo, yLo, hi, yHi) = xa <= xb ? (xa, y0, xb, y1) : (xb, y1, xa, y0)
      var m = columns.lowerBound
      // Columns wholly left of the curve are inside for the whole band.
      let whole = min(columns.upperBound, PixelBox.coordinate(down: lo))
      while m < whole {
        area(m, dy)
        m &+= 1
      }
      guard m < columns.upperBound, Double(m) < hi else { return }
      // The curve's point on the column's left side (its low end inside the first column).
      var x1 = max(Double(m), lo)
      var yAt1 = x1 == lo ? yLo : y(at: x1)
      while m < columns.upperBound && Double(m) < hi {
        let next = Double(m &+ 1)
        let x2 = min(next, hi)
        let yAt2 = next >= hi ? yHi : y(at: next)
        let height = abs(yAt2 - yAt1)
        // Under the chord, the bulge of the arc beyond it, and above or below the crossing of the
        // column's right side the whole width.
        var inside =
          (0.5 * (x1 + x2) - Double(m)) * height + segment(x2 - x1, height, shortChords: shortChords)
        if next < hi { inside += abs(yHi - yAt2) }
        area(m, inside)
        (x1, yAt1) = (x2, yAt2)
        m &+= 1
      }
    }
  }
}

extension RoundedShapeCoverage {
  /// Where the outline crosses a horizontal line: both sides' x (in their frames) at `y`.
  struct Crossing {
    var y: Double
    var left: Double
    var right: Double
  }

  /// The sides at `y`, which lies between the shape's top and bottom (any other `y` is a crossing that
  /// no row starts at).
  @inline(__always)
  func crossing(at y: Double) -> Crossing {
    Crossing(y: y, left: leftSide.x(at: y), right: rightSide.x(at: y))
  }

  /// The sides' x at `y` on `arcs` (the left side's in its mirrored frame, and the right side's):
  /// ``crossing(at:)`` wherever each side is that arc at `y` (not at the end of a side's upper arc,
  /// where the side's x is its straight edge's). The two sides of an ellipse share one square root.
  @inline(__always)
  func crossing(at y: Double, on arcs: (left: Arc, right: Arc)) -> Crossing {
    let (l, r) = arcs
    guard l.cy == r.cy && l.inverseRY == r.inverseRY else {
      return Crossing(y: y, left: l.x(at: y), right: r.x(at: y))
    }
    let width = l.width(at: y)
    return Crossing(y: y, left: l.cx + l.rx * width, right: r.cx + r.rx * width)
  }

  /// The areas of one row's pixels: the columns each side's outline crosses, with the area of each
  /// inside that side, and the row's height, which every pixel between the sides has.
  struct RowAreas {
    /// The row's height inside the shape (0...1).
    let dy: Double
    /// The columns the left side crosses (left of them is outside) and the right side crosses (right
    /// of them is outside), and the same clipped to the clip's columns.
    let leftColumns: Range<Int>
    let rightColumns: Range<Int>
    let left: Range<Int>
    let right: Range<Int>
    /// Per clipped column, the area inside the left side (reversed: column c at `left.upperBound − 1 −
    /// c`) and inside the right side (column c at `c − right.lowerBound`).
    let leftInside: UnsafeMutablePointer<Double>
    let rightInside: UnsafeMutablePointer<Double>

    /// Whether the sides share pixels (a row near the apex of an ellipse or a narrow shape).
    var sidesMeet: Bool { leftColumns.upperBound > rightColumns.lowerBound }

    /// The area of column `c` (inside the clip) covered by the shape in this row: inside both sides.
    @inline(__always)
    func area(_ c: Int) -> Double {
      if c < leftColumns.lowerBound || c >= rightColumns.upperBound { return 0 }
      let fromLeft = c < leftColumns.upperBound ? leftInside[left.upperBound - 1 - c] : dy
      let fromRight = c >= rightColumns.lowerBound ? rightInside[c - right.lowerBound] : dy
      return fromLeft + fromRight - dy
    }
  }

  /// The areas of row `y` clipped to `clip`'s columns, or nil when the row misses the shape. `inside`
  /// is scratch memory for at least two rows of `clip`'s width, used by the result.
  ///
  /// `above` holds the sides' x where the row before ended; it is replaced by the x where this one ends.
  @inline(__always)
  func rowAreas(
    _ y: Int, clip: PixelBox, above: inout Crossing, inside: UnsafeMutablePointer<Double>
  ) -> RowAreas? {
    let y0 = max(Double(y), top)
    let y1 = min(Double(y + 1), bottom)
    guard y1 > y0 else { return nil }
    let upper = above.y == y0 ? above : crossing(at: y0)
    let lower = crossing(at: y1)
    above = lower
    // Left side in its mirrored frame: frame column m is device column −m − 1.
    let leftFrame = leftSide.columns(y0: y0, y1: y1, x0: upper.left, x1: lower.left)
    let rightColumns = rightSide.columns(y0: y0, y1: y1, x0: upper.right, x1: lower.right)
    let (l0, l1) = (-leftFrame.upperBound, -leftFrame.lowerBound)
    let (r0, r1) = (rightColumns.lowerBound, rightColumns.upperBound)
    // The clipped device columns of each side.
    let left = max(l0, clip.x0)..<max(max(l0, clip.x0), min(l1, clip.x1))
    let right = max(r0, clip.x0)..<max(max(r0, clip.x0), min(r1, clip.x1))
    let leftInside = inside
    let rightInside = inside + left.count
    leftInside.update(repeating: 0, count: left.count + right.count)
    // Frame columns of the clipped left part, in reverse: device column c is at index l.upper − 1 − c.
    leftSide.accumulate(
      y0: y0, y1: y1, x0: upper.left, x1: lower.left, columns: (-left.upperBound)..<(-left.lowerBound),
      into: leftInside)
    rightSide.accumulate(y0: y0, y1: y1, x0: upper.right, x1: lower.right, columns: right, into: rightInside)
    return RowAreas(
      dy: y1 - y0, leftColumns: l0..<l1, rightColumns: r0..<r1, left: left, right: right,
      leftInside: leftInside, rightInside: rightInside)
  }

  /// Emits the coverage of row `y` clipped to `clip`'s columns: the left side's pixels, the run
  /// between the sides and the right side's pixels. `inside` and `levels` are scratch memory for at
  /// least two rows of `clip`'s width.
  ///
  /// A row where each side is one arc and the sides share no pixel (most rows of an ellipse, the
  /// corner rows of a rounded rectangle) goes straight from the arcs to coverage bytes
  /// (``emitArcRow(_:y0:y1:_:clip:above:levels:into:)``); any other one through ``rowAreas(_:clip:above:inside:)``.
  /// Both give every pixel the same bytes.
  ///
  /// `above` holds the sides' x where the row before ended; it is replaced by the x where this one ends.
  func emitRow<S: SpanSink>(
    _ y: Int, clip: PixelBox, above: inout Crossing, inside: UnsafeMutablePointer<Double>,
    levels: UnsafeMutablePointer<UInt8>, into sink: inout S
  ) {
    let y0 = max(Double(y), top)
    let y1 = min(Double(y + 1), bottom)
    if y1 <= upperArcsEnd && y1 > y0 {
      let arcs = (leftSide.upper, rightSide.upper)
      if emitArcRow(y, y0: y0, y1: y1, arcs, clip: clip, above: &above, levels: levels, into: &sink) {
        return
      }
    } else if y0 >= lowerArcsStart && y1 > y0 {
      let arcs = (leftSide.lower, rightSide.lower)
      if emitArcRow(y, y0: y0, y1: y1, arcs, clip: clip, above: &above, levels: levels, into: &sink) {
        return
      }
    }
    guard let row = rowAreas(y, clip: clip, above: &above, inside: inside) else { return }
    Self.emit(y, row, clip: clip, levels: levels, into: &sink)
  }

  /// Emits a row's areas: the left side's pixels, the run between the sides, the right side's pixels.
  @inline(__always)
  static func emit<S: SpanSink>(
    _ y: Int, _ row: RowAreas, clip: PixelBox, levels: UnsafeMutablePointer<UInt8>, into sink: inout S
  ) {
    if !row.sidesMeet {
      // Each side's pixels are inside the other side: their areas are the side's own.
      let (left, right) = (row.left, row.right)
      emit(y, left, into: &sink, levels: levels) { row.leftInside[left.upperBound - 1 - $0] }
      let (run0, run1) = (max(row.leftColumns.upperBound, clip.x0), min(row.rightColumns.lowerBound, clip.x1))
      let level = Canvas.level(row.dy)
      if run0 < run1 && level > 0 { sink.span(y: y, x: run0, count: run1 - run0, coverage: level) }
      emit(y, right, into: &sink, levels: levels) { row.rightInside[$0 - right.lowerBound] }
    } else {
      let start = max(row.leftColumns.lowerBound, clip.x0)
      let merged = start..<max(start, min(row.rightColumns.upperBound, clip.x1))
      emit(y, merged, into: &sink, levels: levels) { row.area($0) }
    }
  }

  /// Emits row `y` of the ring between this shape and `inner` (which lies inside it), clipped to
  /// `clip`'s columns: each pixel gets the area of this shape less the area of the inner one, exactly.
  /// Pixels no outline crosses form constant runs. `inside` is scratch memory for at least four rows
  /// of `clip`'s width, `levels` for one; `above` and `innerAbove` are each shape's ``Crossing``.
  func emitRing<S: SpanSink>(
    _ y: Int, inner: RoundedShapeCoverage, clip: PixelBox, above: inout Crossing,
    innerAbove: inout Crossing, inside: UnsafeMutablePointer<Double>, levels: UnsafeMutablePointer<UInt8>,
    into sink: inout S
  ) {
    guard let outer = rowAreas(y, clip: clip, above: &above, inside: inside) else { return }
    let width = clip.x1 - clip.x0
    guard let hole = inner.rowAreas(y, clip: clip, above: &innerAbove, inside: inside + 2 * width) else {
      return Self.emit(y, outer, clip: clip, levels: levels, into: &sink)
    }
    let start = max(outer.leftColumns.lowerBound, clip.x0)
    let end = min(outer.rightColumns.upperBound, clip.x1)
    // Pixels an outline crosses: each side's clipped columns. Between them the areas are constant.
    let (a, b, c, d) = (outer.left, outer.right, hole.left, hole.right)
    func crossed(_ x: Int) -> Bool { a.contains(x) || b.contains(x) || c.contains(x) || d.contains(x) }
    func nextCrossed(after x: Int) -> Int {
      func sooner(_ r: Range<Int>, _ next: Int) -> Int {
        r.lowerBound > x && r.lowerBound < next ? r.lowerBound : next
      }
      return sooner(d, sooner(c, sooner(b, sooner(a, end))))
    }
    var x = start
    while x < end {
      if crossed(x) {
        var e = x + 1
        while e < end && crossed(e) { e += 1 }
        Self.emit(y, x..<e, into: &sink, levels: levels) { outer.area($0) - hole.area($0) }
        x = e
      } else {
        let e = nextCrossed(after: x)
        let level = Canvas.level(max(0, outer.area(x) - hole.area(x)))
        if level > 0 { sink.span(y: y, x: x, count: e - x, coverage: level) }
        x = e
      }
    }
  }

  /// Emits `columns` of row `y` with the areas `area(column)` as coverage bytes.
  @inline(__always)
  private static func emit<S: SpanSink>(
    _ y: Int, _ columns: Range<Int>, into sink: inout S, levels: UnsafeMutablePointer<UInt8>,
    area: (Int) -> Double
  ) {
    guard !columns.isEmpty else { return }
    for c in columns { levels[c - columns.lowerBound] = Canvas.level(max(0, area(c))) }
    sink.span(y: y, x: columns.lowerBound, count: columns.count, coverages: levels)
  }
}
