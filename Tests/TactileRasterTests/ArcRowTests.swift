import Glibc
import Testing

@testable import TactileRaster

// Rows where each side of a rounded shape is one arc go from the arcs straight to coverage bytes
// (`RoundedShapeCoverage.emitArcRow`); every other row goes through the areas of `rowAreas`. These
// check, on seeded random ellipses and rounded rectangles under clips that cut either side, that both
// give every pixel the same byte, so the closed-form exactness checked elsewhere holds for both.

/// The coverage each pixel was given, and how many pixels were given one twice.
private struct CoverageRecorder: SpanSink {
  var coverage: [SIMD2<Int>: UInt8] = [:]
  var overdrawn = 0

  private mutating func record(_ x: Int, _ y: Int, _ c: UInt8) {
    if c > 0 && coverage.updateValue(c, forKey: [x, y]) != nil { overdrawn += 1 }
  }

  mutating func span(y: Int, x: Int, count: Int, coverage c: UInt8) {
    for i in 0..<count { record(x + i, y, c) }
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    for i in 0..<count { record(x + i, y, coverages[i]) }
  }
}

/// Runs `body` with the scratch rows a shape's row routines take for `clip`: areas (`inside`) and
/// coverage bytes (`levels`), two clip widths each, freed when it returns.
private func withRowBuffers<R>(
  clip: PixelBox, _ body: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<UInt8>) -> R
) -> R {
  let width = clip.x1 - clip.x0
  let inside = UnsafeMutablePointer<Double>.allocate(capacity: 2 * width)
  let levels = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * width)
  defer {
    inside.deallocate()
    levels.deallocate()
  }
  return body(inside, levels)
}

/// For each row of `shape` inside `clip`: the bytes of ``RoundedShapeCoverage/emitRow`` and of the
/// arc row, where it takes the row, against those of the general row (``RoundedShapeCoverage/rowAreas``
/// then ``RoundedShapeCoverage/emit``). Returns the arc rows taken and the rows that had one arc a side.
private func compareRows(of shape: RoundedShapeCoverage, clip: PixelBox, _ name: String) -> (
  taken: Int, arcRows: Int
) {
  withRowBuffers(clip: clip) { inside, levels in
    let first = max(clip.y0, Int(shape.top.rounded(.down)))
    let last = min(clip.y1, Int(shape.bottom.rounded(.up)))
    let none = RoundedShapeCoverage.Crossing(y: .nan, left: 0, right: 0)
    var (above, generalAbove, arcAbove) = (none, none, none)
    var (taken, arcRows) = (0, 0)
    for y in first..<max(first, last) {
      var (row, general, arc) = (CoverageRecorder(), CoverageRecorder(), CoverageRecorder())
      shape.emitRow(y, clip: clip, above: &above, inside: inside, levels: levels, into: &row)
      if let areas = shape.rowAreas(y, clip: clip, above: &generalAbove, inside: inside) {
        RoundedShapeCoverage.emit(y, areas, clip: clip, levels: levels, into: &general)
      }
      #expect(row.coverage == general.coverage && row.overdrawn == 0, "\(name) row \(y)")
      let (y0, y1) = (max(Double(y), shape.top), min(Double(y + 1), shape.bottom))
      let upper = y1 <= shape.upperArcsEnd
      guard y1 > y0, upper || y0 >= shape.lowerArcsStart else { continue }
      arcRows += 1
      let arcs =
        upper ? (shape.leftSide.upper, shape.rightSide.upper) : (shape.leftSide.lower, shape.rightSide.lower)
      let before = arcAbove
      if shape.emitArcRow(y, y0: y0, y1: y1, arcs, clip: clip, above: &arcAbove, levels: levels, into: &arc) {
        taken += 1
        #expect(arc.coverage == general.coverage && arc.overdrawn == 0, "\(name) arc row \(y)")
        #expect(arcAbove.y == y1, "\(name) arc row \(y)")
      } else {
        #expect(
          arc.coverage.isEmpty && arcAbove.y.bitPattern == before.y.bitPattern,
          "\(name) row \(y) left to the general row")
        arcAbove = none
      }
    }
    return (taken, arcRows)
  }
}

/// Clips for `shape`: everything, through its left part, through its right part, and a window
/// through both.
private func clips(around shape: RoundedShapeCoverage, _ random: inout SeededDoubles) -> [PixelBox] {
  let (left, right) = (Int(shape.left.rounded(.down)), Int(shape.right.rounded(.up)))
  let (top, bottom) = (Int(shape.top.rounded(.down)) - 1, Int(shape.bottom.rounded(.up)) + 1)
  let span = Double(right - left)
  func inside(_ a: Double, _ b: Double) -> Int { left + Int(span * random.next(in: a...b)) }
  let x0 = inside(0, 0.3)
  let x1 = max(x0 + 1, inside(0.7, 1))
  return [
    PixelBox(x0: left - 2, y0: top, x1: right + 2, y1: bottom),
    PixelBox(x0: x0, y0: top, x1: right + 2, y1: bottom),
    PixelBox(x0: left - 2, y0: top, x1: x1, y1: bottom),
    PixelBox(x0: x0, y0: top + Int(Double(bottom - top) * random.next(in: 0...0.5)), x1: x1, y1: bottom),
  ]
}

@Test func arcRowsGiveRandomEllipsesTheBytesOfTheGeneralRows() {
  // Radii from 0.3 to 200 pixels (a third under a pixel), centres anywhere within a pixel.
  var random = SeededDoubles(state: 29)
  var (taken, arcRows) = (0, 0)
  for shape in 0..<48 {
    let rx = shape % 3 == 0 ? random.next(in: 0.3...1) : exp(random.next(in: log(1)...log(200)))
    let ry =
      shape % 4 == 0
      ? rx : shape % 3 == 0 ? random.next(in: 0.3...2) : exp(random.next(in: log(0.3)...log(200)))
    let (cx, cy) = (random.next(in: -20...20), random.next(in: -20...20))
    let half = RoundedShapeCoverage.Radii(x: rx, y: ry)
    let ellipse = RoundedShapeCoverage(
      left: cx - rx, top: cy - ry, right: cx + rx, bottom: cy + ry, topLeft: half, topRight: half,
      bottomRight: half, bottomLeft: half)!
    for clip in clips(around: ellipse, &random) {
      let counts = compareRows(
        of: ellipse, clip: clip, "ellipse at \(cx), \(cy) radii \(rx), \(ry), clip \(clip)")
      (taken, arcRows) = (taken + counts.taken, arcRows + counts.arcRows)
    }
  }
  // Every row of an ellipse but the middle one has one arc a side; the sides share pixels only in
  // the rows at its apexes and in tiny ellipses.
  #expect(arcRows > 3000 && Double(taken) > 0.9 * Double(arcRows), "\(taken) of \(arcRows)")
}

@Test func arcRowsGiveRandomRoundedRectanglesTheBytesOfTheGeneralRows() {
  // Per-corner elliptical radii, some square (under 1/64 pixel) and some under a pixel, corners of a
  // side meeting or not.
  var random = SeededDoubles(state: 31)
  var (taken, arcRows) = (0, 0)
  for _ in 0..<48 {
    let (width, height) = (random.next(in: 0.5...300), random.next(in: 0.5...300))
    func radii() -> RoundedShapeCoverage.Radii {
      let kind = random.next()
      if kind < 0.1 { return .init(x: 0.01, y: random.next(in: 0...(height / 2))) }
      if kind < 0.3 {
        return .init(x: random.next(in: 0...min(1, width / 2)), y: random.next(in: 0...min(1, height / 2)))
      }
      return .init(x: random.next(in: 0...(width / 2)), y: random.next(in: 0...(height / 2)))
    }
    let (x, y) = (random.next(in: -20...20), random.next(in: -20...20))
    let rect = RoundedShapeCoverage(
      left: x, top: y, right: x + width, bottom: y + height, topLeft: radii(), topRight: radii(),
      bottomRight: radii(), bottomLeft: radii())!
    for clip in clips(around: rect, &random) {
      let counts = compareRows(
        of: rect, clip: clip, "rounded rect \(x), \(y), \(width) × \(height), clip \(clip)")
      (taken, arcRows) = (taken + counts.taken, arcRows + counts.arcRows)
    }
  }
  #expect(arcRows > 1000 && Double(taken) > 0.8 * Double(arcRows), "\(taken) of \(arcRows)")
}

@Test func arcsWithNoLongChordsGetEverySegmentOfAPixelFromTheSeriesAlone() {
  // Arcs of radii from the smallest with no long chords (1/rx² + 1/ry² = ½) to 300 pixels; chords
  // across at most a pixel's width and (with room for rounding) height.
  var random = SeededDoubles(state: 41)
  var arcs = 0
  for _ in 0..<400 {
    let rx = exp(random.next(in: log(1.3)...log(300)))
    let ry = exp(random.next(in: log(1.3)...log(300)))
    let arc = RoundedShapeCoverage.Arc(edge: 0, radii: .init(x: rx, y: ry), apex: 0, downwards: true)
    #expect(arc.hasLongChords == (1 / (rx * rx) + 1 / (ry * ry) > 0.5), "radii \(rx), \(ry)")
    guard !arc.hasLongChords else { continue }
    arcs += 1
    for _ in 0..<50 {
      let (dx, dy) = (random.next(), random.next(in: 0...1.000_001))
      let (series, either) = (arc.segment(dx, dy, shortChords: true), arc.segment(dx, dy))
      #expect(series.bitPattern == either.bitPattern, "radii \(rx), \(ry), chord \(dx), \(dy)")
    }
  }
  #expect(arcs > 250)
  // Where chords can be long the series alone is wrong: a whole pixel's diagonal on a unit circle.
  let unit = RoundedShapeCoverage.Arc(edge: 0, radii: .init(x: 1, y: 1), apex: 0, downwards: true)
  #expect(unit.hasLongChords)
  #expect(abs(unit.segment(1, 1, shortChords: true) - unit.segment(1, 1)) > 1e-3)
}

/// Passes every span to a ``PaintSink`` but offers no solid row, so arc rows hand it their bytes as
/// spans.
private struct SpansOnly: SpanSink {
  var paint: PaintSink

  mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
    paint.span(y: y, x: x, count: count, coverage: coverage)
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    paint.span(y: y, x: x, count: count, coverages: coverages)
  }
}

/// The pixels of a 160 × 120 image of test pixels after every row of `shape` inside `clip` was drawn
/// in `color` by `emitRow` into a ``PaintSink``, or with `spansOnly` into ``SpansOnly``.
private func pixels(of shape: RoundedShapeCoverage, clip: PixelBox, color: UInt32, spansOnly: Bool)
  -> [UInt32]
{
  withRowBuffers(clip: clip) { inside, levels in
    var image = try! Image(width: 160, height: 120, pixels: testPixels(160 * 120, seed: 11))
    image.withPixmap { pixmap in
      let paint = Canvas(pixmap: pixmap).makeSink(color: color, shader: nil, alpha: 255)
      var (solid, spans) = (paint, SpansOnly(paint: paint))
      var above = RoundedShapeCoverage.Crossing(y: .nan, left: 0, right: 0)
      let first = max(clip.y0, Int(shape.top.rounded(.down)))
      for y in first..<max(first, min(clip.y1, Int(shape.bottom.rounded(.up)))) {
        if spansOnly {
          shape.emitRow(y, clip: clip, above: &above, inside: inside, levels: levels, into: &spans)
        } else {
          shape.emitRow(y, clip: clip, above: &above, inside: inside, levels: levels, into: &solid)
        }
      }
    }
    return image.pixels
  }
}

@Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
func arcRowsBlendASolidColourIntoEachPixelAsTheirSpansDo(color: UInt32) {
  // Ellipses and rounded rectangles of radii 0.3–70 pixels inside the image, under clips through
  // either side and a window.
  var random = SeededDoubles(state: 37)
  for shape in 0..<40 {
    let rx = shape % 3 == 0 ? random.next(in: 0.3...1) : exp(random.next(in: log(1)...log(70)))
    let ry = shape % 4 == 0 ? rx : exp(random.next(in: log(0.3)...log(50)))
    let (cx, cy) = (random.next(in: 75...85), random.next(in: 55...65))
    let corner = RoundedShapeCoverage.Radii(x: rx, y: ry)
    let square = RoundedShapeCoverage.Radii(x: 0, y: 0)
    let rounded = shape % 2 == 0
    let (w, h) = rounded ? (random.next(in: 2 * rx...150), random.next(in: 2 * ry...110)) : (2 * rx, 2 * ry)
    let outline = RoundedShapeCoverage(
      left: cx - w / 2, top: cy - h / 2, right: cx + w / 2, bottom: cy + h / 2, topLeft: corner,
      topRight: rounded ? square : corner, bottomRight: corner, bottomLeft: corner)!
    for clip in clips(around: outline, &random) {
      let inImage = PixelBox(
        x0: max(0, clip.x0), y0: max(0, clip.y0), x1: min(160, clip.x1), y1: min(120, clip.y1))
      guard inImage.x0 < inImage.x1, inImage.y0 < inImage.y1 else { continue }
      let solid = pixels(of: outline, clip: inImage, color: color, spansOnly: false)
      let spans = pixels(of: outline, clip: inImage, color: color, spansOnly: true)
      #expect(solid == spans, "shape \(shape) radii \(rx), \(ry), \(w) × \(h), clip \(inImage)")
      #expect(solid != testPixels(160 * 120, seed: 11), "shape \(shape) drew nothing")
    }
  }
}
