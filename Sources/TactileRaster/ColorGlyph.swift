/// A colour glyph (an emoji from a colour bitmap font such as Noto Color Emoji) scaled from its
/// font's strike to the size text is drawn at: premultiplied ARGB rows and where they sit relative to
/// the pen. Drawn as an image: the text's colour does not tint it.
final class ColorGlyph: Sendable {
  let width: Int
  let height: Int
  /// Pixels from the pen position to the left column (may be negative).
  let left: Int
  /// Pixels from the baseline up to the top row.
  let top: Int
  /// Premultiplied `0xAARRGGBB` pixels, `width` per row (empty for a glyph without ink).
  let pixels: [UInt32]

  /// A glyph without ink.
  init() {
    (width, height, left, top, pixels) = (0, 0, 0, 0, [])
  }

  /// The strike's bitmap — FreeType's premultiplied BGRA rows, `pitch` bytes apart, its top-left
  /// pixel `left` pixels right of the pen and `top` above the baseline — scaled by `scale` (the pixel
  /// size drawn at over the strike's), box-filtered: each pixel is the mean of the strike's pixels
  /// under it, weighted by how much of each it covers, on premultiplied channels. The size, `left` and
  /// `top` are the strike's times `scale`, rounded.
  init(
    bgra: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int, pitch: Int, left: Int,
    top: Int, scale: Double
  ) {
    width = max(1, Int((Double(sourceWidth) * scale).rounded()))
    height = max(1, Int((Double(sourceHeight) * scale).rounded()))
    self.left = Int((Double(left) * scale).rounded())
    self.top = Int((Double(top) * scale).rounded())
    let columns = Self.boxWeights(from: sourceWidth, to: width)
    let rows = Self.boxWeights(from: sourceHeight, to: height)
    // Horizontal pass: each strike row into `width` pixels of four float channels (B, G, R, A).
    var narrowed = [Float](repeating: 0, count: sourceHeight * width * 4)
    for y in 0..<sourceHeight {
      let row = bgra + y * pitch
      for (x, column) in columns.enumerated() {
        var sum = SIMD4<Float>()
        for (k, weight) in column.weights.enumerated() {
          let p = row + (column.first + k) * 4
          sum += weight * SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
        }
        for c in 0..<4 { narrowed[(y * width + x) * 4 + c] = sum[c] }
      }
    }
    // Vertical pass, rounded into premultiplied words (no channel above alpha).
    var pixels = [UInt32](repeating: 0, count: width * height)
    for (y, row) in rows.enumerated() {
      for x in 0..<width {
        var sum = SIMD4<Float>()
        for (k, weight) in row.weights.enumerated() {
          let i = ((row.first + k) * width + x) * 4
          sum += weight * SIMD4(narrowed[i], narrowed[i + 1], narrowed[i + 2], narrowed[i + 3])
        }
        let a = UInt32(min(255, max(0, sum[3].rounded())))
        func channel(_ c: Int) -> UInt32 { min(a, UInt32(min(255, max(0, sum[c].rounded())))) }
        pixels[y * width + x] = a << 24 | channel(2) << 16 | channel(1) << 8 | channel(0)
      }
    }
    self.pixels = pixels
  }

  /// The box filter's taps along one axis: for each of `destination` pixels, the first of the
  /// `source` pixels it covers and each one's weight (the length of its overlap over the pixel's
  /// footprint, summing to 1).
  static func boxWeights(from source: Int, to destination: Int) -> [(first: Int, weights: [Float])] {
    let ratio = Double(source) / Double(destination)
    return (0..<destination).map { i in
      let (lo, hi) = (Double(i) * ratio, min(Double(source), Double(i + 1) * ratio))
      let first = Int(lo.rounded(.down))
      let end = min(source, max(first + 1, Int(hi.rounded(.up))))
      let weights = (first..<end).map { j in
        Float((min(hi, Double(j + 1)) - max(lo, Double(j))) / ratio)
      }
      return (first, weights)
    }
  }
}
