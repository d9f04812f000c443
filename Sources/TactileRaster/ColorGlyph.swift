import CSystem

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
  /// `top` are the strike's times `scale`, rounded. Without the memory to scale it, the glyph has no
  /// pixels (and is not drawn).
  init(
    bgra: UnsafePointer<UInt8>, width sourceWidth: Int, height sourceHeight: Int, pitch: Int, left: Int,
    top: Int, scale: Double
  ) {
    let w = max(1, Int((Double(sourceWidth) * scale).rounded()))
    let h = max(1, Int((Double(sourceHeight) * scale).rounded()))
    var pixels = [UInt32](repeating: 0, count: w * h)
    let scaled = pixels.withUnsafeMutableBufferPointer {
      tactile_box_filter_bgra(bgra, sourceWidth, sourceHeight, pitch, $0.baseAddress, w, h) == 0
    }
    (width, height, self.pixels) = scaled ? (w, h, pixels) : (0, 0, [])
    self.left = Int((Double(left) * scale).rounded())
    self.top = Int((Double(top) * scale).rounded())
  }
}
