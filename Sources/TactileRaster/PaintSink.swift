/// Composites coverage runs into a pixmap with a solid colour or a ``Shader``, through an optional clip
/// mask. The global alpha is already folded into `color` (solid) or `alpha` (shaders).
struct PaintSink: SpanSink {
  let pixmap: Pixmap
  /// The premultiplied colour for solid paints.
  let color: UInt32
  let shader: Shader?
  /// Global alpha applied to shader output, 0...255.
  let alpha: UInt32
  let mask: ClipMask?
  /// Scratch rows: shader output and combined coverage, at least as wide as the pixmap.
  let sourceRow: UnsafeMutablePointer<UInt32>
  let coverageRow: UnsafeMutablePointer<UInt8>

  mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
    if count == 1 && shader == nil && mask == nil {
      // Edge pixels of analytic shapes: one scalar blend, no loop set-up.
      let dst = pixmap.row(y) + x
      dst.pointee = Blend.over(coverage == 255 ? color : Blend.scale(color, UInt32(coverage)), dst.pointee)
      return
    }
    if let mask {
      coverageRow.update(repeating: coverage, count: count)
      Blend.multiply(coverageRow, by: mask.row(y, x: x), count)
      return composite(y: y, x: x, count: count, coverages: coverageRow)
    }
    let dst = pixmap.row(y) + x
    switch source(y: y, x: x, count: count) {
    case .constant(let c):
      Blend.overConstant(dst, count, coverage == 255 ? c : Blend.scale(c, UInt32(coverage)))
    case .pixels(let p):
      Blend.overRow(dst, p, count, coverage: mul255(UInt32(coverage), alpha))
    }
  }

  /// A rectangle of pixels with one coverage: with a solid colour and no mask the colour is worked
  /// out once and each row is a fill or a constant blend.
  mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
    guard shader == nil, mask == nil else {
      for y in rows { span(y: y, x: x, count: count, coverage: coverage) }
      return
    }
    let c = coverage == 255 ? color : Blend.scale(color, UInt32(coverage))
    if count == 1 {
      for y in rows { pixmap.row(y)[x] = Blend.over(c, pixmap.row(y)[x]) }
    } else if c >> 24 == 255 {
      for y in rows { Blend.fill(pixmap.row(y) + x, count, c) }
    } else {
      for y in rows { Blend.overConstant(pixmap.row(y) + x, count, c) }
    }
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    guard mask != nil else { return composite(y: y, x: x, count: count, coverages: coverages) }
    coverageRow.update(from: coverages, count: count)
    Blend.multiply(coverageRow, by: mask.unsafelyUnwrapped.row(y, x: x), count)
    composite(y: y, x: x, count: count, coverages: coverageRow)
  }

  /// The source of a run: the solid colour, or the shader's row with global alpha folded into a
  /// constant colour (a row of pixels gets global alpha through the coverage instead).
  @inline(__always)
  private func source(y: Int, x: Int, count: Int) -> ShaderRow {
    guard let shader else { return .constant(color) }
    let row = shader.row(x: x, y: y, count: count, scratch: sourceRow)
    if case .constant(let c) = row, alpha < 255 { return .constant(Blend.scale(c, alpha)) }
    return row
  }

  /// Per-pixel coverage, mask already applied.
  private func composite(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    let dst = pixmap.row(y) + x
    switch source(y: y, x: x, count: count) {
    case .constant(let c): Blend.overConstant(dst, count, c, coverages: coverages)
    case .pixels(let p):
      guard alpha < 255 else { return Blend.overRow(dst, p, count, coverages: coverages) }
      for i in 0..<count {
        coverageRow[i] = UInt8(truncatingIfNeeded: mul255(UInt32(coverages[i]), alpha))
      }
      Blend.overRow(dst, p, count, coverages: coverageRow)
    }
  }
}
