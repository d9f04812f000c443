import TactileGeometry

/// Analytic coverage for shapes whose rows are runs with straight vertical sides: fractional
/// axis-aligned rectangles, and the straight middle rows of axis-aligned rounded rectangles and their
/// strokes. Each covered pixel gets the exact area of its overlap; no edge list, no accumulation.
extension Canvas {
  /// Rows whose coverage is the same set of x-intervals, each row scaled by its vertical coverage.
  struct Band {
    /// Device rows, top inclusive, bottom exclusive; may be fractional at both ends.
    var top: Double
    var bottom: Double
    /// One or two x-intervals (device pixels), left to right, that share no pixel (no array: a band is
    /// made for every rounded shape drawn).
    var first: (Double, Double)
    var second: (Double, Double)? = nil
  }

  /// One interval clipped to the clip's columns: its pixels `p0 ..< p1` and the areas covered in the
  /// first and last pixel (the same pixel when `p1 − p0 == 1`).
  private struct Columns {
    var p0: Int
    var p1: Int
    var left: Double
    var right: Double

    init?(_ x0: Double, _ x1: Double, clip: PixelBox) {
      let a = max(x0, Double(clip.x0))
      let b = min(x1, Double(clip.x1))
      guard b > a else { return nil }
      p0 = CellGrid.floor(a)
      p1 = CellGrid.ceil(b)
      if p1 - p0 == 1 {
        (left, right) = (b - a, 0)
      } else {
        (left, right) = (Double(p0 + 1) - a, b - Double(p1 - 1))
      }
    }
  }

  /// Emits a band's coverage into `sink`, clipped.
  func emit<S: SpanSink>(_ band: Band, into sink: inout S) {
    let clip = state.clip
    let first = max(PixelBox.coordinate(down: band.top), clip.y0)
    let last = min(PixelBox.coordinate(up: band.bottom), clip.y1)
    guard first < last else { return }
    let columns = (
      Columns(band.first.0, band.first.1, clip: clip), band.second.flatMap { Columns($0.0, $0.1, clip: clip) }
    )
    // Whole rows share their coverage: one block per column run; the partial first and last rows
    // go row by row.
    let wholeTop = max(first, PixelBox.coordinate(up: band.top))
    let wholeBottom = min(last, PixelBox.coordinate(down: band.bottom))
    for y in first..<last where y < wholeTop || y >= wholeBottom {
      let vertical = min(band.bottom, Double(y + 1)) - max(band.top, Double(y))
      if vertical > 0 { emit(columns, rows: y..<(y + 1), vertical: vertical, into: &sink) }
    }
    if wholeTop < wholeBottom { emit(columns, rows: wholeTop..<wholeBottom, vertical: 1, into: &sink) }
  }

  /// Rows of equal vertical coverage in each of a band's clipped intervals.
  private func emit<S: SpanSink>(
    _ columns: (Columns?, Columns?), rows: Range<Int>, vertical: Double, into sink: inout S
  ) {
    if let c = columns.0 { emit(c, rows: rows, vertical: vertical, into: &sink) }
    if let c = columns.1 { emit(c, rows: rows, vertical: vertical, into: &sink) }
  }

  /// Rows of equal vertical coverage in one column run: its middle with its left and right pixel (a
  /// framed block), or with no middle its one or two pixels.
  private func emit<S: SpanSink>(_ c: Columns, rows: Range<Int>, vertical: Double, into sink: inout S) {
    let middle = Self.level(vertical)
    let left = Self.level(c.left * vertical)
    if c.p1 - c.p0 > 2 && middle > 0 {
      return sink.framedBlock(
        rows: rows, x: c.p0, count: c.p1 - c.p0, left: left, middle: middle,
        right: Self.level(c.right * vertical))
    }
    if left > 0 { sink.block(rows: rows, x: c.p0, count: 1, coverage: left) }
    guard c.p1 - c.p0 > 1 else { return }
    let right = Self.level(c.right * vertical)
    if right > 0 { sink.block(rows: rows, x: c.p1 - 1, count: 1, coverage: right) }
  }

  /// An area in `0...1` as a coverage byte, rounded.
  @inline(__always)
  static func level(_ area: Double) -> UInt8 { UInt8(min(255, area * 255 + 0.5)) }

  /// Fills a device-space rectangle analytically.
  func fillAnalytic<S: SpanSink>(_ r: Rect, into sink: inout S) {
    emit(Band(top: r.minY, bottom: r.maxY, first: (r.minX, r.maxX)), into: &sink)
  }
}

extension Canvas {
  /// Fills a device rounded shape, or with a `hole` (a rounded shape inside it) the ring between them:
  /// the straight middle rows as one band, the other rows one by one.
  func fillRounded<S: SpanSink>(
    _ shape: RoundedShapeCoverage, hole: RoundedShapeCoverage? = nil, into sink: inout S
  ) {
    let clip = state.clip
    let first = max(PixelBox.coordinate(down: shape.top), clip.y0)
    let last = min(PixelBox.coordinate(up: shape.bottom), clip.y1)
    guard first < last else { return }
    var straight = shape.straightRows
    var band = Band(top: 0, bottom: 0, first: (shape.left, shape.right))
    if let hole {
      // Two strips beside the hole, when a whole pixel separates them.
      let inner = hole.straightRows
      straight = (max(straight.top, inner.top), min(straight.bottom, inner.bottom))
      (band.first, band.second) = ((shape.left, hole.left), (hole.right, shape.right))
      if hole.left.rounded(.up) >= hole.right.rounded(.down) { straight = (shape.bottom, shape.bottom) }
    }
    let bandTop = min(last, max(first, PixelBox.coordinate(up: straight.top)))
    let bandBottom = max(bandTop, min(last, PixelBox.coordinate(down: straight.bottom)))
    let (areas, levels) = (shapeAreas.pointer, shapeLevels.pointer)
    let x0 = max(clip.x0, PixelBox.coordinate(down: shape.left))
    let x1 = min(clip.x1, PixelBox.coordinate(up: shape.right))
    guard x0 < x1 else { return }
    func rows(_ range: Range<Int>) {
      var above = RoundedShapeCoverage.Crossing(y: .nan, left: 0, right: 0)
      guard let hole else {
        for y in range {
          if y + 1 < range.upperBound { sink.upcoming(y: y + 1, x: x0, count: x1 - x0) }
          shape.emitRow(y, clip: clip, above: &above, inside: areas, levels: levels, into: &sink)
        }
        return
      }
      var innerAbove = above
      for y in range {
        if y + 1 < range.upperBound { sink.upcoming(y: y + 1, x: x0, count: x1 - x0) }
        shape.emitRing(
          y, inner: hole, clip: clip, above: &above, innerAbove: &innerAbove, inside: areas, levels: levels,
          into: &sink)
      }
    }
    rows(first..<bandTop)
    if bandTop < bandBottom {
      (band.top, band.bottom) = (Double(bandTop), Double(bandBottom))
      emit(band, into: &sink)
    }
    rows(bandBottom..<last)
  }

  /// `shape` in device pixels, when the transform keeps axes aligned (flips swap its corners).
  func deviceShape(_ shape: RoundedRect) -> RoundedShapeCoverage? {
    let t = state.transform
    guard t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
    let d = t.apply(to: shape.rect)
    let r = shape.effectiveRadii
    var (tl, tr, br, bl) = (r.topLeft, r.topRight, r.bottomRight, r.bottomLeft)
    if t.a < 0 { (tl, tr, br, bl) = (tr, tl, bl, br) }
    if t.d < 0 { (tl, tr, br, bl) = (bl, br, tr, tl) }
    let (sx, sy) = (abs(t.a), abs(t.d))
    func radii(_ v: Double) -> RoundedShapeCoverage.Radii { .init(x: v * sx, y: v * sy) }
    return RoundedShapeCoverage(
      left: d.minX, top: d.minY, right: d.maxX, bottom: d.maxY,
      topLeft: radii(tl), topRight: radii(tr), bottomRight: radii(br), bottomLeft: radii(bl))
  }

  /// The ellipse inscribed in `rect` in device pixels, when the transform keeps axes aligned.
  func deviceEllipse(in rect: Rect) -> RoundedShapeCoverage? {
    let t = state.transform
    guard t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
    let d = t.apply(to: rect)
    let half = RoundedShapeCoverage.Radii(x: d.width / 2, y: d.height / 2)
    return RoundedShapeCoverage(
      left: d.minX, top: d.minY, right: d.maxX, bottom: d.maxY,
      topLeft: half, topRight: half, bottomRight: half, bottomLeft: half)
  }
}
