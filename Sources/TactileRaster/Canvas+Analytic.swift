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
    /// Sorted, disjoint x-intervals (device pixels) that share no pixel.
    var intervals: [(Double, Double)]
  }

  /// Emits a band's coverage into `sink`, clipped.
  func emit<S: SpanSink>(_ band: Band, into sink: inout S) {
    let clip = state.clip
    let first = max(PixelBox.coordinate(band.top.rounded(.down)), clip.y0)
    let last = min(PixelBox.coordinate(band.bottom.rounded(.up)), clip.y1)
    guard first < last else { return }
    for y in first..<last {
      let vertical = min(band.bottom, Double(y + 1)) - max(band.top, Double(y))
      guard vertical > 0 else { continue }
      for (x0, x1) in band.intervals { emitInterval(y: y, x0, x1, vertical, clip, into: &sink) }
    }
  }

  /// One row of one interval: a partial left pixel, a full run, a partial right pixel.
  @inline(__always)
  private func emitInterval<S: SpanSink>(
    y: Int, _ x0: Double, _ x1: Double, _ vertical: Double, _ clip: PixelBox, into sink: inout S
  ) {
    let a = max(x0, Double(clip.x0))
    let b = min(x1, Double(clip.x1))
    guard b > a else { return }
    let p0 = Int(a.rounded(.down))
    let p1 = Int(b.rounded(.up))
    func level(_ area: Double) -> UInt8 { UInt8(min(255, (area * 255).rounded())) }
    if p1 - p0 == 1 {
      let c = level((b - a) * vertical)
      if c > 0 { sink.span(y: y, x: p0, count: 1, coverage: c) }
      return
    }
    let left = level((Double(p0 + 1) - a) * vertical)
    if left > 0 { sink.span(y: y, x: p0, count: 1, coverage: left) }
    let middle = level(vertical)
    if p1 - p0 > 2 && middle > 0 { sink.span(y: y, x: p0 + 1, count: p1 - p0 - 2, coverage: middle) }
    let right = level((b - Double(p1 - 1)) * vertical)
    if right > 0 { sink.span(y: y, x: p1 - 1, count: 1, coverage: right) }
  }

  /// Fills a device-space rectangle analytically.
  func fillAnalytic<S: SpanSink>(_ r: Rect, into sink: inout S) {
    emit(Band(top: r.minY, bottom: r.maxY, intervals: [(r.minX, r.maxX)]), into: &sink)
  }

  /// Fills the device polygons of a rounded shape whose middle rows (`band`, on whole rows) are
  /// straight: the band analytically, the rows above and below with the scan converter.
  func fillBanded<S: SpanSink>(_ polygons: [[Point]], band: Band, into sink: inout S) {
    let clip = state.clip
    let top = PixelBox.coordinate(band.top.rounded(.up))
    let bottom = PixelBox.coordinate(band.bottom.rounded(.down))
    guard top < bottom else {
      return rasterizer.fill(polygons, rule: .nonZero, clip: clip, into: &sink)
    }
    var above = clip
    above.y1 = min(clip.y1, top)
    if !above.isEmpty { rasterizer.fill(polygons, rule: .nonZero, clip: above, into: &sink) }
    emit(Band(top: Double(top), bottom: Double(bottom), intervals: band.intervals), into: &sink)
    var below = clip
    below.y0 = max(clip.y0, bottom)
    if !below.isEmpty { rasterizer.fill(polygons, rule: .nonZero, clip: below, into: &sink) }
  }

  /// The device rectangle and the heights of its top and bottom corner rows, when the transform keeps
  /// axes aligned.
  func axisAlignedBand(_ shape: RoundedRect) -> (rect: Rect, top: Double, bottom: Double)? {
    let t = state.transform
    guard t.b == 0, t.c == 0 else { return nil }
    let r = shape.effectiveRadii
    let scaleY = abs(t.d)
    let d = t.apply(to: shape.rect)
    // With a vertical flip the top corners end up at the bottom.
    let (upper, lower) =
      t.d > 0
      ? (max(r.topLeft, r.topRight), max(r.bottomLeft, r.bottomRight))
      : (max(r.bottomLeft, r.bottomRight), max(r.topLeft, r.topRight))
    return (d, d.minY + upper * scaleY, d.maxY - lower * scaleY)
  }
}
