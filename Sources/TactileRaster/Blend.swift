/// Source-over compositing kernels on premultiplied ARGB8888 words.
///
/// Two channels are processed per 32-bit multiply (the `0x00FF00FF` lane trick); every product is
/// divided by 255 with exact rounding, so an opaque source stays opaque and results match pixman's.
/// Inputs must be valid premultiplied pixels (each channel ≤ alpha). Loops are plain counted loops over
/// raw pointers so that release builds vectorise them.
enum Blend {
  /// Every channel of `p` multiplied by `f` (0...255) / 255, exactly rounded.
  @inline(__always)
  static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* f &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
  }

  /// `source` over `destination`.
  @inline(__always)
  static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    source &+ scale(destination, 255 &- (source >> 24))
  }

  /// Sets `count` pixels to `color`.
  @inline(__always)
  static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
    dst.update(repeating: color, count: count)
  }

  /// Composites one colour over `count` pixels (opaque colours become a fill).
  static func overConstant(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
    let inverse = 255 &- (color >> 24)
    if inverse == 0 { return fill(dst, count, color) }
    if inverse == 255 { return }
    for i in 0..<count { dst[i] = color &+ scale(dst[i], inverse) }
  }

  /// Composites one colour, scaled by a per-pixel coverage, over `count` pixels.
  static func overConstant(
    _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, coverages: UnsafePointer<UInt8>
  ) {
    for i in 0..<count {
      let s = scale(color, UInt32(coverages[i]))
      dst[i] = s &+ scale(dst[i], 255 &- (s >> 24))
    }
  }

  /// Composites a row of source pixels over `count` pixels, all scaled by `coverage` (255 = unscaled).
  static func overRow(
    _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, coverage: UInt32
  ) {
    if coverage == 255 {
      for i in 0..<count { dst[i] = over(src[i], dst[i]) }
    } else {
      for i in 0..<count { dst[i] = over(scale(src[i], coverage), dst[i]) }
    }
  }

  /// Composites a row of source pixels, each scaled by its coverage, over `count` pixels.
  static func overRow(
    _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
    coverages: UnsafePointer<UInt8>
  ) {
    for i in 0..<count { dst[i] = over(scale(src[i], UInt32(coverages[i])), dst[i]) }
  }

  /// Multiplies `count` coverage bytes by `other` in place (mask intersection, global alpha).
  static func multiply(_ coverages: UnsafeMutablePointer<UInt8>, by other: UnsafePointer<UInt8>, _ count: Int)
  {
    for i in 0..<count {
      coverages[i] = UInt8(truncatingIfNeeded: mul255(UInt32(coverages[i]), UInt32(other[i])))
    }
  }
}
