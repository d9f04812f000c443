import CSystem

/// Composites coverage runs into a pixmap with a solid colour or a ``Shader``, through an optional clip
/// mask. The global alpha is already folded into `color` (solid) or `alpha` (shaders).
///
/// The shader and the mask are held `unowned(unsafe)`: a sink is copied for every span it is given, and
/// counted references would be retained and released each time. Whoever makes a sink keeps both alive
/// while it is used (``Canvas/makeSink(color:shader:alpha:)`` does).
struct PaintSink: SpanSink {
  let pixmap: Pixmap
  /// The premultiplied colour for solid paints.
  let color: UInt32
  unowned(unsafe) let shader: Shader?
  /// Global alpha applied to shader output, 0...255.
  let alpha: UInt32
  unowned(unsafe) let mask: ClipMask?
  /// Scratch rows: shader output and combined coverage, at least as wide as the pixmap.
  let sourceRow: UnsafeMutablePointer<UInt32>
  let coverageRow: UnsafeMutablePointer<UInt8>
  /// A solid colour with no mask. Looking at `shader` or `mask` takes a reference (a call even for
  /// nil), too much for the one to three edge pixels of an analytic shape's row.
  private let plain: Bool

  init(
    pixmap: Pixmap, color: UInt32, shader: Shader?, alpha: UInt32, mask: ClipMask?,
    sourceRow: UnsafeMutablePointer<UInt32>, coverageRow: UnsafeMutablePointer<UInt8>
  ) {
    (self.pixmap, self.color, self.shader, self.alpha, self.mask) = (pixmap, color, shader, alpha, mask)
    (self.sourceRow, self.coverageRow) = (sourceRow, coverageRow)
    plain = shader == nil && mask == nil
  }

  mutating func span(y: Int, x: Int, count: Int, coverage: UInt8) {
    if plain {
      // Edge pixels of analytic shapes get one scalar blend, no loop set-up; longer runs (the rows of
      // an ellipse between its sides) go straight to the kernel.
      let dst = pixmap.row(y) + x
      let c = coverage == 255 ? color : Blend.scale(color, UInt32(coverage))
      guard count > 1 else {
        dst.pointee = Blend.over(c, dst.pointee)
        return
      }
      return Blend.overConstant(dst, count, c)
    }
    composite(y: y, x: x, count: count, coverage: coverage, shader: shader, mask: mask)
  }

  /// A rectangle of pixels with one coverage: with a solid colour and no mask the colour is worked
  /// out once and each row is a fill or a constant blend; rows as wide as a pixmap without padding are
  /// one run of memory, filled or blended in one call.
  mutating func block(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
    guard plain else { return shadedBlock(rows: rows, x: x, count: count, coverage: coverage) }
    let c = coverage == 255 ? color : Blend.scale(color, UInt32(coverage))
    // The kernel set asked once per block, not once per row.
    let kernels = BlendKernels.detected
    if x == 0 && count == pixmap.width && pixmap.stride == count &* 4 {
      // No per-row calls, tails or prefetches: the CPU's own prefetcher follows one long run.
      let dst = pixmap.row(rows.lowerBound)
      let total = rows.count &* count
      return c >> 24 == 255 ? Blend.fill(dst, total, c) : Blend.overConstant(dst, total, c, kernels: kernels)
    }
    if count == 1 {
      for y in rows { pixmap.row(y)[x] = Blend.over(c, pixmap.row(y)[x]) }
    } else if c >> 24 == 255 {
      for y in rows { Blend.fill(pixmap.row(y) + x, count, c) }
    } else {
      fetchFirstRows(rows, x: x, count: count)
      for y in rows {
        if y &+ Self.rowsAhead < rows.upperBound { upcoming(y: y &+ Self.rowsAhead, x: x, count: count) }
        Blend.overConstant(pixmap.row(y) + x, count, c, kernels: kernels)
      }
    }
  }

  /// ``block(rows:x:count:coverage:)`` with a shader or a mask.
  private func shadedBlock(rows: Range<Int>, x: Int, count: Int, coverage: UInt8) {
    let (shader, mask) = (self.shader, self.mask)
    if let shader, mask == nil {
      // The shader's type opened once for all rows (calls through the existential retain it).
      return blockRows(rows, x: x, count: count, coverage: coverage, shader: shader)
    }
    for y in rows { composite(y: y, x: x, count: count, coverage: coverage, shader: shader, mask: mask) }
  }

  /// A block with its own left and right column: with a solid colour and no mask each row is the
  /// middle's fill or constant blend and the two edge pixels while the row is in the nearest cache
  /// (blocks of the edge columns after the middle read every row back from the outer caches).
  mutating func framedBlock(rows: Range<Int>, x: Int, count: Int, left: UInt8, middle: UInt8, right: UInt8) {
    guard plain else {
      return framedBlockAsBlocks(rows: rows, x: x, count: count, left: left, middle: middle, right: right)
    }
    // A coverage of 0 scales the colour to 0, and 0 over a pixel leaves it as it is.
    let (l, m, r) = (
      Blend.scale(color, UInt32(left)), Blend.scale(color, UInt32(middle)), Blend.scale(color, UInt32(right))
    )
    let last = count &- 1
    let fetch = m >> 24 != 255
    let kernels = BlendKernels.detected
    if fetch { fetchFirstRows(rows, x: x, count: count) }
    for y in rows {
      let ahead = y &+ Self.rowsAhead
      if fetch && ahead < rows.upperBound { upcoming(y: ahead, x: x, count: count) }
      let dst = pixmap.row(y) + x
      Blend.overConstant(dst + 1, count &- 2, m, kernels: kernels)
      dst[0] = Blend.over(l, dst[0])
      dst[last] = Blend.over(r, dst[last])
    }
  }

  /// Prefetches the pixels for writing: a row of a shape or a block is mostly in another part of the
  /// frame than the row before, and waiting for it from the outer caches costs as much as compositing.
  /// Rows that are only stored (an opaque fill, also with a framed block's two edge pixels) are not
  /// prefetched: stores do not wait for their lines, and prefetching them made opaque rects 8–10 %
  /// slower.
  @inline(__always)
  func upcoming(y: Int, x: Int, count: Int) {
    tactile_prefetch_write(pixmap.row(y) + x, min(count, 256) &* 4)
  }

  /// How many rows ahead of the one it blends a block prefetches. One row of the AVX-512 kernels was
  /// too little time for the fetch (two made S3b 5 % faster than one); eight made 1000 blended rects
  /// (S2b, S3b) about 9 % faster than two, when Tactile's frame is filled once before them.
  static let rowsAhead = 8

  /// Prefetches the rows of a blended block after its first, up to ``rowsAhead`` of them (the first
  /// is blended at once; each row blended then fetches the one ``rowsAhead`` below it).
  @inline(__always)
  private func fetchFirstRows(_ rows: Range<Int>, x: Int, count: Int) {
    var y = rows.lowerBound &+ 1
    while y < rows.upperBound && y < rows.lowerBound &+ Self.rowsAhead {
      upcoming(y: y, x: x, count: count)
      y &+= 1
    }
  }

  /// Row `y` for blending pixel by pixel, when the paint is a solid colour with no mask.
  @inline(__always)
  func solidRow(_ y: Int) -> SolidRow? { plain ? SolidRow(pixels: pixmap.row(y), color: color) : nil }

  mutating func span(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>) {
    if count < 8 && plain {
      // The edge pixels of a row of an analytic shape: scalar blends, no kernel set-up.
      let dst = pixmap.row(y) + x
      for i in 0..<count { dst[i] = Blend.over(Blend.scale(color, UInt32(coverages[i])), dst[i]) }
      return
    }
    if plain { return Blend.overConstant(pixmap.row(y) + x, count, color, coverages: coverages) }
    let (shader, mask) = (self.shader, self.mask)
    guard let mask else { return composite(y: y, x: x, count: count, coverages: coverages, shader: shader) }
    coverageRow.update(from: coverages, count: count)
    Blend.multiply(coverageRow, by: mask.row(y, x: x), count)
    composite(y: y, x: x, count: count, coverages: coverageRow, shader: shader)
  }

  /// With a solid colour and no mask the cells' running sums are blended as they are made
  /// (`Blend.overConstant(_:_:_:cells:sum:evenOdd:kernels:)`), with no coverage bytes between; otherwise
  /// nil.
  mutating func span(
    y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32, evenOdd: Bool
  ) -> Int32? {
    guard plain else { return nil }
    return Blend.overConstant(pixmap.row(y) + x, count, color, cells: cells, sum: sum, evenOdd: evenOdd)
  }

  /// A coverage image (a glyph): `height` rows of `width` pixels from (`x`, `y`), all inside the clip,
  /// their coverage rows `coverageStride` bytes apart; coverage may be read up to seven bytes past each
  /// row's last pixel. A solid colour without a clip mask is one kernel call for the whole image.
  mutating func image(
    y: Int, x: Int, width: Int, height: Int, coverages: UnsafePointer<UInt8>, coverageStride: Int
  ) {
    guard shader == nil, mask == nil else {
      for row in 0..<height {
        span(y: y + row, x: x, count: width, coverages: coverages + row * coverageStride)
      }
      return
    }
    Blend.overConstant(
      pixmap.row(y) + x, stride: pixmap.stride / 4, width: width, height: height, color, coverages: coverages,
      coverageStride: coverageStride)
  }

  /// Premultiplied pixels (a colour glyph): `height` rows of `width` from (`x`, `y`), all inside the
  /// clip, their rows `sourceStride` pixels apart, composited as they are through the mask, faded by
  /// the paint's alpha: a solid colour's (global alpha folded in), or global alpha under a shader.
  mutating func pixels(
    y: Int, x: Int, width: Int, height: Int, source: UnsafePointer<UInt32>, sourceStride: Int
  ) {
    // The shader and the mask looked at once, not once per row (each look takes a reference).
    let (fade, mask): (UInt32, ClipMask?) =
      plain ? (color >> 24, nil) : (shader == nil ? color >> 24 : alpha, self.mask)
    for row in 0..<height {
      let dst = pixmap.row(y + row) + x
      let src = source + row * sourceStride
      guard let mask else {
        Blend.overRow(dst, src, width, coverage: fade)
        continue
      }
      coverageRow.update(from: mask.row(y + row, x: x), count: width)
      for i in 0..<width where fade < 255 {
        coverageRow[i] = UInt8(truncatingIfNeeded: mul255(UInt32(coverageRow[i]), fade))
      }
      Blend.overRow(dst, src, width, coverages: coverageRow)
    }
  }

  /// Rows of a block with a shader and no mask, as ``composite(y:x:count:coverage:shader:mask:)``.
  private func blockRows<S: Shader>(_ rows: Range<Int>, x: Int, count: Int, coverage: UInt8, shader: S) {
    for y in rows {
      if y &+ 1 < rows.upperBound { upcoming(y: y &+ 1, x: x, count: count) }
      let dst = pixmap.row(y) + x
      switch shader.row(x: x, y: y, count: count, scratch: sourceRow) {
      case .constant(var c):
        if alpha < 255 { c = Blend.scale(c, alpha) }
        Blend.overConstant(dst, count, coverage == 255 ? c : Blend.scale(c, UInt32(coverage)))
      case .pixels(let p):
        Blend.overRow(dst, p, count, coverage: mul255(UInt32(coverage), alpha))
      }
    }
  }

  /// One run of equal coverage through the mask.
  private func composite(
    y: Int, x: Int, count: Int, coverage: UInt8, shader: Shader?, mask: ClipMask?
  ) {
    if let mask {
      coverageRow.update(repeating: coverage, count: count)
      Blend.multiply(coverageRow, by: mask.row(y, x: x), count)
      return composite(y: y, x: x, count: count, coverages: coverageRow, shader: shader)
    }
    let dst = pixmap.row(y) + x
    switch source(y: y, x: x, count: count, shader: shader) {
    case .constant(let c):
      Blend.overConstant(dst, count, coverage == 255 ? c : Blend.scale(c, UInt32(coverage)))
    case .pixels(let p):
      Blend.overRow(dst, p, count, coverage: mul255(UInt32(coverage), alpha))
    }
  }

  /// The source of a run: the solid colour, or the shader's row with global alpha folded into a
  /// constant colour (a row of pixels gets global alpha through the coverage instead).
  @inline(__always)
  private func source(y: Int, x: Int, count: Int, shader: Shader?) -> ShaderRow {
    guard let shader else { return .constant(color) }
    let row = shader.row(x: x, y: y, count: count, scratch: sourceRow)
    if case .constant(let c) = row, alpha < 255 { return .constant(Blend.scale(c, alpha)) }
    return row
  }

  /// Per-pixel coverage, mask already applied.
  private func composite(y: Int, x: Int, count: Int, coverages: UnsafePointer<UInt8>, shader: Shader?) {
    let dst = pixmap.row(y) + x
    switch source(y: y, x: x, count: count, shader: shader) {
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
