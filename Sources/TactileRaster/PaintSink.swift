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
    if let mask {
      coverageRow.update(repeating: coverage, count: count)
      Blend.multiply(coverageRow, by: mask.row(y, x: x), count)
      return composite(y: y, x: x, count: count, coverages: coverageRow)
    }
    let dst = pixmap.row(y) + x
    guard let shader else {
      return Blend.overConstant(dst, count, coverage == 255 ? color : Blend.scale(color, UInt32(coverage)))
    }
    shader.shade(x: x, y: y, count: count, into: sourceRow)
    Blend.overRow(dst, sourceRow, count, coverage: mul255(UInt32(coverage), alpha))
  }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    guard mask != nil || (shader != nil && alpha < 255) else {
      return composite(y: y, x: x, count: count, coverages: coverages)
    }
    coverageRow.update(from: coverages, count: count)
    if let mask { Blend.multiply(coverageRow, by: mask.row(y, x: x), count) }
    composite(y: y, x: x, count: count, coverages: coverageRow)
  }

  /// Per-pixel coverage, mask already applied (global alpha not yet, for shaders).
  private func composite(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    let dst = pixmap.row(y) + x
    guard let shader else { return Blend.overConstant(dst, count, color, coverages: coverages) }
    if alpha < 255 {
      for i in 0..<count {
        coverageRow[i] = UInt8(truncatingIfNeeded: mul255(UInt32(coverages[i]), alpha))
      }
      shader.shade(x: x, y: y, count: count, into: sourceRow)
      return Blend.overRow(dst, sourceRow, count, coverages: coverageRow)
    }
    shader.shade(x: x, y: y, count: count, into: sourceRow)
    Blend.overRow(dst, sourceRow, count, coverages: coverages)
  }
}
