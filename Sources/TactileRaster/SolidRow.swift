/// One row of a pixmap that a solid premultiplied colour is blended into directly, with no shader and
/// no clip mask between: a shape with one to three edge pixels a side blends them itself, with no span
/// handed over for each side (the arc rows of ``RoundedShapeCoverage``).
struct SolidRow {
  /// Column 0 of the row.
  let pixels: UnsafeMutablePointer<UInt32>
  /// The premultiplied colour, global alpha folded in.
  let color: UInt32

  /// Blends the colour at `coverage` over pixel `x`, as a span of that one coverage does.
  @inline(__always)
  func blend(_ x: Int, coverage: UInt8) {
    pixels[x] = Blend.over(Blend.scale(color, UInt32(coverage)), pixels[x])
  }
}

extension SpanSink {
  func solidRow(_ y: Int) -> SolidRow? { nil }
}
