extension RoundedShapeCoverage {
  /// Emits row `y` (band `y0 ..< y1`, inside the shape's top and bottom) when each side is one arc
  /// there, `arcs` (the left side's in its mirrored frame, and the right side's), and the sides share
  /// no pixel; returns false, with nothing emitted and `above` unchanged, when they do share one.
  ///
  /// Each side's edge pixels get their bytes straight from the arc's areas
  /// (``Arc/areas(y0:y1:xa:xb:columns:shortChords:_:)``), with no buffer of areas and no straight part to look at:
  /// the same areas, rounded the same way, as ``rowAreas(_:clip:above:inside:)`` gives such a row.
  /// A sink with a ``SpanSink/solidRow(_:)`` gets the edge pixels blended into that row and one span,
  /// the run between the sides; any other gets each side's bytes as a span and the run.
  /// `levels` is scratch memory for at least `clip`'s width; `above` is as in
  /// ``emitRow(_:clip:above:inside:levels:into:)``.
  ///
  /// Arcs with no long chords (``Arc/hasLongChords``; every arc of radii 2 pixels or more) take the
  /// series for every edge pixel's segment with no test, in a copy of the row with no libm call.
  @inline(__always)
  func emitArcRow<S: SpanSink>(
    _ y: Int, y0: Double, y1: Double, _ arcs: (left: Arc, right: Arc), clip: PixelBox, above: inout Crossing,
    levels: UnsafeMutablePointer<UInt8>, into sink: inout S
  ) -> Bool {
    guard arcs.left.hasLongChords || arcs.right.hasLongChords else {
      return emitArcRow(
        y, y0: y0, y1: y1, arcs, ShortChords.self, clip: clip, above: &above, levels: levels, into: &sink)
    }
    return emitArcRow(
      y, y0: y0, y1: y1, arcs, AnyChords.self, clip: clip, above: &above, levels: levels, into: &sink)
  }

  /// ``emitArcRow(_:y0:y1:_:clip:above:levels:into:)`` with `C.allShort` as `shortChords` in
  /// ``Arc/areas(y0:y1:xa:xb:columns:shortChords:_:)``: a type parameter, so that each is a copy of
  /// the row of its own.
  private func emitArcRow<S: SpanSink, C: ChordLengths>(
    _ y: Int, y0: Double, y1: Double, _ arcs: (left: Arc, right: Arc), _ chords: C.Type, clip: PixelBox,
    above: inout Crossing, levels: UnsafeMutablePointer<UInt8>, into sink: inout S
  ) -> Bool {
    let shortChords = C.allShort
    let upper = above.y == y0 ? above : crossing(at: y0)
    // A side is its arc at `y1` but where `y1` ends its upper arc (a lower arc's rows start below
    // where the side's lower arc starts).
    let onArcs = arcs.left.direction > 0 || y1 < upperArcsEnd
    let lower = onArcs ? crossing(at: y1, on: arcs) : crossing(at: y1)
    // Left side in its mirrored frame: frame column m is device column −m − 1.
    let leftFrame = leftSide.columns(y0: y0, y1: y1, x0: upper.left, x1: lower.left)
    let rightFrame = rightSide.columns(y0: y0, y1: y1, x0: upper.right, x1: lower.right)
    let (l0, l1) = (-leftFrame.upperBound, -leftFrame.lowerBound)
    let (r0, r1) = (rightFrame.lowerBound, rightFrame.upperBound)
    guard l1 <= r0 else { return false }
    above = lower
    // The clipped device columns of each side; with the run between them they are the row's pixels.
    let start = max(l0, clip.x0)
    let left = start..<max(start, min(l1, clip.x1))
    let rightStart = max(r0, clip.x0)
    let right = rightStart..<max(rightStart, min(r1, clip.x1))
    // Left side's bytes at `levels[c − left.lowerBound]`, the right side's after them. The arcs give
    // every one of them an area: a side's columns end where its outermost x is.
    let rightLevels = levels + left.count
    // Indexed by frame column: the left side's −m − 1 is device column c, the right side's m is c.
    let (leftOrigin, rightOrigin) = (levels - 1 - left.lowerBound, rightLevels - right.lowerBound)
    arcs.left.areas(
      y0: y0, y1: y1, xa: upper.left, xb: lower.left, columns: (-left.upperBound)..<(-left.lowerBound),
      shortChords: shortChords
    ) { m, area in leftOrigin[0 &- m] = Canvas.level(max(0, area)) }
    arcs.right.areas(
      y0: y0, y1: y1, xa: upper.right, xb: lower.right, columns: right, shortChords: shortChords
    ) { m, area in
      rightOrigin[m] = Canvas.level(max(0, area))
    }
    if let solid = sink.solidRow(y) {
      // A solid colour with no mask: the edge pixels blended here, after all the arithmetic (blending
      // each as its byte is known had the edge loops wait on the frame's pixels), left to right.
      for c in left { solid.blend(c, coverage: levels[c &- left.lowerBound]) }
      let (run0, run1) = (max(l1, clip.x0), min(r0, clip.x1))
      let level = Canvas.level(y1 - y0)
      if run0 < run1 && level > 0 { sink.span(y: y, x: run0, count: run1 - run0, coverage: level) }
      for c in right { solid.blend(c, coverage: rightLevels[c &- right.lowerBound]) }
      return true
    }
    if !left.isEmpty { sink.span(y: y, x: left.lowerBound, count: left.count, coverages: levels) }
    let (run0, run1) = (max(l1, clip.x0), min(r0, clip.x1))
    let level = Canvas.level(y1 - y0)
    if run0 < run1 && level > 0 { sink.span(y: y, x: run0, count: run1 - run0, coverage: level) }
    if !right.isEmpty { sink.span(y: y, x: right.lowerBound, count: right.count, coverages: rightLevels) }
    return true
  }
}

/// Whether every chord an arc row takes a segment for is known to be short enough for the series
/// alone (``RoundedShapeCoverage/Arc/hasLongChords`` false on both sides).
protocol ChordLengths {
  static var allShort: Bool { get }
}

/// Every chord is short: the series alone.
enum ShortChords: ChordLengths {
  static var allShort: Bool { true }
}

/// Chords of any length: the series or the closed form, by each chord's length.
enum AnyChords: ChordLengths {
  static var allShort: Bool { false }
}
