import CSystem

/// Source-over compositing kernels on premultiplied ARGB8888 words.
///
/// Two channels are processed per 32-bit multiply (the `0x00FF00FF` lane trick); every product is
/// divided by 255 with exact rounding, so an opaque source stays opaque and results match pixman's.
/// Inputs must be valid premultiplied pixels (each channel ≤ alpha). Loops are plain counted loops over
/// raw pointers so that release builds vectorise them.
///
/// The library is built for the x86-64 baseline (SSE2). On CPUs with AVX2 or AVX-512 the blends of
/// runs of eight pixels or more run `CSystem`'s kernels for them (eight or sixteen pixels per
/// instruction), chosen at run time (`BlendKernels`); they compute exactly what the portable kernels
/// compute. Each dispatching kernel takes the set to run as `kernels`, by default the CPU's widest.
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

  /// Sets `count` pixels to `color`. Long runs go to glibc's `wmemset`, which uses the CPU's widest
  /// stores (this code is built for the x86-64 baseline). Shorter ones take vector stores: aligned in
  /// the middle, unaligned ones overlapping them at both ends (storing a pixel twice does no harm).
  @inline(__always)
  static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
    if count >= 128 { return tactile_fill32(dst, color, count) }
    guard count >= 4 else {
      for i in 0..<count { dst[i] = color }
      return
    }
    let wide = SIMD4<UInt32>(repeating: color)
    store4(wide, dst)
    var i = ((16 &- Int(bitPattern: dst) & 15) & 15) >> 2
    while i &+ 16 <= count {
      store4(wide, dst + i)
      store4(wide, dst + (i &+ 4))
      store4(wide, dst + (i &+ 8))
      store4(wide, dst + (i &+ 12))
      i &+= 16
    }
    while i &+ 4 <= count {
      store4(wide, dst + i)
      i &+= 4
    }
    if i < count { store4(wide, dst + (count &- 4)) }
  }

  /// Eight lanes of 257, the multiplier that turns a multiply-high into the exact division by 255:
  /// for `t = x·f + 128` with `x, f` in `0...255`, `(t · 257) >> 16 == (t + (t >> 8)) >> 8`.
  ///
  /// Kernels read it once per call from this variable (never written) so that the compiler cannot see
  /// the constant: for a known 257 LLVM expands the multiplication into shifts and adds before it gets
  /// the chance to select SSE2's `pmulhuw`, and the kernels run about 25 % slower.
  nonisolated(unsafe) static var divisor = SIMD8<UInt16>(repeating: 257)

  /// The high 16 bits of each lane's 32-bit product (`pmulhuw`).
  @inline(__always)
  static func multiplyHigh(_ a: SIMD8<UInt16>, _ b: SIMD8<UInt16>) -> SIMD8<UInt16> {
    let product = SIMD8<UInt32>(truncatingIfNeeded: a) &* SIMD8<UInt32>(truncatingIfNeeded: b)
    return SIMD8<UInt16>(truncatingIfNeeded: product &>> 16)
  }

  /// Four pixels with every channel multiplied by the factor in the same lane of `factors` (0...255,
  /// held in both 16-bit halves of the lane) / 255, exactly rounded; `k` is ``divisor``. Works on
  /// 16-bit lanes only, which SSE2 multiplies natively: each pixel is two lanes, `g·256 + b` and
  /// `a·256 + r`.
  @inline(__always)
  static func scale4(_ p: SIMD4<UInt32>, _ factors: SIMD4<UInt32>, _ k: SIMD8<UInt16>) -> SIMD4<UInt32> {
    let v = unsafeBitCast(p, to: SIMD8<UInt16>.self)
    let f = unsafeBitCast(factors, to: SIMD8<UInt16>.self)
    let low = multiplyHigh((v & 0xFF) &* f &+ 128, k)
    let high = multiplyHigh((v &>> 8) &* f &+ 128, k) &<< 8
    return unsafeBitCast(low | high, to: SIMD4<UInt32>.self)
  }

  /// Each 8-bit lane value repeated in both 16-bit halves of its lane, as ``scale4(_:_:_:)`` wants.
  @inline(__always)
  static func broadcast(_ v: SIMD4<UInt32>) -> SIMD4<UInt32> { v | (v &<< 16) }

  /// Four pixels of `source` over four of `destination`.
  @inline(__always)
  static func over4(_ source: SIMD4<UInt32>, _ destination: SIMD4<UInt32>, _ k: SIMD8<UInt16>)
    -> SIMD4<UInt32>
  {
    source &+ scale4(destination, broadcast(255 &- (source &>> 24)), k)
  }

  /// Four coverage bytes as lanes, each repeated in its lane's four bytes.
  @inline(__always)
  static func coverage4(_ c: UnsafePointer<UInt8>) -> SIMD4<UInt32> {
    let w = UnsafeRawPointer(c).loadUnaligned(as: UInt32.self)
    return broadcast(SIMD4<UInt32>(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF, w >> 24))
  }

  @inline(__always)
  static func load4(_ p: UnsafePointer<UInt32>) -> SIMD4<UInt32> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
  }

  @inline(__always)
  static func store4(_ v: SIMD4<UInt32>, _ p: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<UInt32>.self)
  }

  /// How many of `count` pixels from `dst` come before the first 16-byte aligned one, for runs of 16
  /// pixels or more (0 for shorter ones). Vector loops start there: a store that straddles two cache
  /// lines costs twice, and much more when they are not cached.
  @inline(__always)
  static func unalignedHead(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int) -> Int {
    count < 16 ? 0 : ((16 &- Int(bitPattern: dst) & 15) & 15) >> 2
  }

  /// Composites one colour over `count` pixels (opaque colours become a fill).
  static func overConstant(
    _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, kernels: BlendKernels = .detected
  ) {
    let inverse = 255 &- (color >> 24)
    if inverse == 0 { return fill(dst, count, color) }
    if inverse == 255 { return }
    if count >= 8 {
      switch kernels {
      case .avx512: return tactile_over_constant_avx512(dst, count, color, inverse)
      case .avx2: return tactile_over_constant_avx2(dst, count, color, inverse)
      case .portable: break
      }
    }
    overConstantPortable(dst, count, color)
  }

  /// ``overConstant(_:_:_:kernels:)`` for a colour that is neither opaque nor transparent, in SSE2.
  static func overConstantPortable(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32) {
    let inverse = 255 &- (color >> 24)
    let source = SIMD4<UInt32>(repeating: color)
    let factor = SIMD4<UInt32>(repeating: inverse &* 0x0001_0001)
    let k = divisor
    var i = 0
    let head = unalignedHead(dst, count)
    while i < head {
      dst[i] = color &+ scale(dst[i], inverse)
      i += 1
    }
    while i + 8 <= count {
      let a = load4(dst + i)
      let b = load4(dst + i + 4)
      store4(source &+ scale4(a, factor, k), dst + i)
      store4(source &+ scale4(b, factor, k), dst + i + 4)
      i += 8
    }
    while i + 4 <= count {
      store4(source &+ scale4(load4(dst + i), factor, k), dst + i)
      i += 4
    }
    while i < count {
      dst[i] = color &+ scale(dst[i], inverse)
      i += 1
    }
  }

  /// Composites one colour, scaled by a per-pixel coverage, over `count` pixels.
  static func overConstant(
    _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, coverages: UnsafePointer<UInt8>,
    kernels: BlendKernels = .detected
  ) {
    if count >= 8 {
      switch kernels {
      case .avx512: return tactile_over_constant_coverages_avx512(dst, count, color, coverages)
      case .avx2: return tactile_over_constant_coverages_avx2(dst, count, color, coverages)
      case .portable: break
      }
    }
    overConstantPortable(dst, count, color, coverages: coverages)
  }

  /// ``overConstant(_:_:_:coverages:kernels:)`` in SSE2.
  static func overConstantPortable(
    _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, coverages: UnsafePointer<UInt8>
  ) {
    let source = SIMD4<UInt32>(repeating: color)
    let opaque = color >> 24 == 255
    let k = divisor
    var i = 0
    let head = unalignedHead(dst, count)
    while i < head {
      dst[i] = over(scale(color, UInt32(coverages[i])), dst[i])
      i += 1
    }
    while i + 4 <= count {
      // Glyphs and edges are mostly empty or fully covered: skip or store those groups of four.
      let word = UnsafeRawPointer(coverages + i).loadUnaligned(as: UInt32.self)
      if word == 0 {
        i += 4
        continue
      }
      if word == 0xFFFF_FFFF && opaque {
        store4(source, dst + i)
        i += 4
        continue
      }
      store4(over4(scale4(source, coverage4(coverages + i), k), load4(dst + i), k), dst + i)
      i += 4
    }
    while i < count {
      dst[i] = over(scale(color, UInt32(coverages[i])), dst[i])
      i += 1
    }
  }

  /// Composites one colour through a coverage image (a glyph): `height` rows of `width` pixels from
  /// `dst`, `stride` pixels apart, each scaled by its coverage from `coverages`, whose rows are
  /// `coverageStride` bytes apart. Coverage may be read up to seven bytes past each row's last pixel.
  /// With AVX2 or AVX-512 the whole image is one call: a glyph's rows are a few pixels each, too short to pay for
  /// a call and a loop set-up per row. All rows are prefetched first: they lie in as many places in
  /// the frame, and waiting on the outer caches for one after the other took as long as compositing.
  static func overConstant(
    _ dst: UnsafeMutablePointer<UInt32>, stride: Int, width: Int, height: Int, _ color: UInt32,
    coverages: UnsafePointer<UInt8>, coverageStride: Int, kernels: BlendKernels = .detected
  ) {
    switch kernels {
    case .avx512:
      return tactile_over_constant_image_avx512(dst, stride, width, height, color, coverages, coverageStride)
    case .avx2:
      return tactile_over_constant_image_avx2(dst, stride, width, height, color, coverages, coverageStride)
    case .portable: break
    }
    for row in 0..<height { tactile_prefetch_write(dst + row * stride, width * 4) }
    for row in 0..<height {
      overConstantPortable(dst + row * stride, width, color, coverages: coverages + row * coverageStride)
    }
  }

  /// Composites a row of source pixels over `count` pixels, all scaled by `coverage` (255 = unscaled).
  static func overRow(
    _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, coverage: UInt32,
    kernels: BlendKernels = .detected
  ) {
    if count >= 8 {
      switch kernels {
      case .avx512: return tactile_over_row_avx512(dst, src, count, coverage)
      case .avx2: return tactile_over_row_avx2(dst, src, count, coverage)
      case .portable: break
      }
    }
    overRowPortable(dst, src, count, coverage: coverage)
  }

  /// ``overRow(_:_:_:coverage:kernels:)`` in SSE2.
  static func overRowPortable(
    _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int, coverage: UInt32
  ) {
    let factor = SIMD4<UInt32>(repeating: coverage &* 0x0001_0001)
    let k = divisor
    var i = 0
    let head = unalignedHead(dst, count)
    while i < head {
      dst[i] = over(coverage == 255 ? src[i] : scale(src[i], coverage), dst[i])
      i += 1
    }
    while i + 4 <= count {
      var s = load4(src + i)
      if coverage != 255 {
        s = scale4(s, factor, k)
      } else {
        // Four opaque pixels are a copy, four transparent ones (all zero, premultiplied) change
        // nothing; tested on scalar words, which SSE2 does better than vector comparisons.
        let p = src + i
        if p[0] & p[1] & p[2] & p[3] >= 0xFF00_0000 {
          store4(s, dst + i)
          i += 4
          continue
        }
        if p[0] | p[1] | p[2] | p[3] == 0 {
          i += 4
          continue
        }
      }
      store4(over4(s, load4(dst + i), k), dst + i)
      i += 4
    }
    while i < count {
      dst[i] = over(coverage == 255 ? src[i] : scale(src[i], coverage), dst[i])
      i += 1
    }
  }

  /// Composites a row of source pixels, each scaled by its coverage, over `count` pixels.
  static func overRow(
    _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
    coverages: UnsafePointer<UInt8>, kernels: BlendKernels = .detected
  ) {
    if count >= 8 {
      switch kernels {
      case .avx512: return tactile_over_row_coverages_avx512(dst, src, count, coverages)
      case .avx2: return tactile_over_row_coverages_avx2(dst, src, count, coverages)
      case .portable: break
      }
    }
    overRowPortable(dst, src, count, coverages: coverages)
  }

  /// ``overRow(_:_:_:coverages:kernels:)`` in SSE2.
  static func overRowPortable(
    _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, _ count: Int,
    coverages: UnsafePointer<UInt8>
  ) {
    let k = divisor
    var i = 0
    let head = unalignedHead(dst, count)
    while i < head {
      dst[i] = over(scale(src[i], UInt32(coverages[i])), dst[i])
      i += 1
    }
    while i + 4 <= count {
      store4(over4(scale4(load4(src + i), coverage4(coverages + i), k), load4(dst + i), k), dst + i)
      i += 4
    }
    while i < count {
      dst[i] = over(scale(src[i], UInt32(coverages[i])), dst[i])
      i += 1
    }
  }

  /// Multiplies `count` coverage bytes by `other` in place (mask intersection, global alpha).
  static func multiply(_ coverages: UnsafeMutablePointer<UInt8>, by other: UnsafePointer<UInt8>, _ count: Int)
  {
    for i in 0..<count {
      coverages[i] = UInt8(truncatingIfNeeded: mul255(UInt32(coverages[i]), UInt32(other[i])))
    }
  }
}
