import CSystem

/// Bilinear filtering kernels on premultiplied ARGB8888 words with 8-bit weights: a weight `f` in
/// `0...255` mixes `a` and `b` into `(a·(256 − f) + b·f) >> 8` per channel (truncated; `f = 0` gives
/// `a` exactly, and `a` mixed with itself is `a` for every `f`).
///
/// An image row is filtered in two passes: its two source rows mixed into one (``mixRows(_:_:_:_:weight:)``),
/// then each device pixel mixing two neighbours of that row (``mixColumns(_:_:_:_:_:)``). On CPUs with
/// AVX2 runs of eight pixels or more go to `CSystem`'s AVX2 kernels, chosen at run time; they compute
/// exactly what the portable kernels compute.
enum Bilinear {
  /// `(a·(256 − f) + b·f) >> 8` per channel (f in 0...255), two channels per multiply.
  @inline(__always)
  static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g = 256 &- f
    let m: UInt32 = 0x00FF_00FF
    let rb = (((a & m) &* g &+ (b & m) &* f) >> 8) & m
    let ag = (((a >> 8) & m) &* g &+ ((b >> 8) & m) &* f) & ~m
    return rb | ag
  }

  /// ``lerp(_:_:_:)`` of four pixel pairs in 16-bit lanes; each lane of `f` holds its weight in both
  /// 16-bit halves (`f | f << 16`).
  @inline(__always)
  static func lerp4(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ f: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let x = unsafeBitCast(a, to: SIMD8<UInt16>.self)
    let y = unsafeBitCast(b, to: SIMD8<UInt16>.self)
    let fb = unsafeBitCast(f, to: SIMD8<UInt16>.self)
    let ga = 256 &- fb
    let low = (((x & 0xFF) &* ga &+ (y & 0xFF) &* fb) &>> 8)
    let high = ((x &>> 8) &* ga &+ (y &>> 8) &* fb) & 0xFF00
    return unsafeBitCast(low | high, to: SIMD4<UInt32>.self)
  }

  /// The four pixels weighted by `(1 − fx)(1 − fy)`, `fx(1 − fy)`, `(1 − fx)fy`, `fx·fy` (fx, fy in
  /// 1/256) in one pass, for samples that move through the image diagonally; the weights sum to 256,
  /// so every lane stays below 2¹⁶.
  @inline(__always)
  static func mix(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ fx: UInt32, _ fy: UInt32) -> UInt32 {
    let wd = (fx &* fy) >> 8
    let wb = fx &- wd
    let wc = fy &- wd
    let wa = 256 &- fx &- fy &+ wd
    let m: UInt32 = 0x00FF_00FF
    let rb = ((a & m) &* wa &+ (b & m) &* wb &+ (c & m) &* wc &+ (d & m) &* wd) >> 8
    let ag = ((a >> 8) & m) &* wa &+ ((b >> 8) & m) &* wb &+ ((c >> 8) & m) &* wc &+ ((d >> 8) & m) &* wd
    return (rb & m) | (ag & ~m)
  }

  /// `out[i] = lerp(top[i], bottom[i], weight)` for `count` pixels: the two source rows of an image
  /// row mixed vertically.
  static func mixRows(
    _ out: UnsafeMutablePointer<UInt32>, _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>,
    _ count: Int, weight: UInt32
  ) {
    if count >= 8 && BlendKernels.detected >= .avx2 {
      return tactile_lerp_rows_avx2(out, top, bottom, count, weight)
    }
    mixRowsPortable(out, top, bottom, count, weight: weight)
  }

  /// ``mixRows(_:_:_:_:weight:)`` in SSE2.
  static func mixRowsPortable(
    _ out: UnsafeMutablePointer<UInt32>, _ top: UnsafePointer<UInt32>, _ bottom: UnsafePointer<UInt32>,
    _ count: Int, weight: UInt32
  ) {
    let weights = SIMD4<UInt32>(repeating: weight &* 0x0001_0001)
    var i = 0
    while i + 4 <= count {
      Blend.store4(lerp4(Blend.load4(top + i), Blend.load4(bottom + i), weights), out + i)
      i += 4
    }
    while i < count {
      out[i] = lerp(top[i], bottom[i], weight)
      i += 1
    }
  }

  /// `out[i] = lerp(mixed[indices[i]], mixed[indices[i] + 1], weights[i] & 0xFF)` for `count`
  /// pixels: a mixed row's neighbours mixed horizontally, as ``BilinearColumns`` lays them out
  /// (`weights[i]` holds the weight in both 16-bit halves). `mixed` must be readable from the smallest
  /// index to 9 pixels past the largest (the AVX2 kernel loads eight neighbours at a time).
  static func mixColumns(
    _ out: UnsafeMutablePointer<UInt32>, _ mixed: UnsafePointer<UInt32>, _ indices: UnsafePointer<Int32>,
    _ weights: UnsafePointer<UInt32>, _ count: Int
  ) {
    if count >= 8 && BlendKernels.detected >= .avx2 {
      return tactile_lerp_columns_avx2(out, mixed, indices, weights, count)
    }
    mixColumnsPortable(out, mixed, indices, weights, count)
  }

  /// ``mixColumns(_:_:_:_:_:)`` in SSE2: four pixels' neighbours gathered into vectors.
  static func mixColumnsPortable(
    _ out: UnsafeMutablePointer<UInt32>, _ mixed: UnsafePointer<UInt32>, _ indices: UnsafePointer<Int32>,
    _ weights: UnsafePointer<UInt32>, _ count: Int
  ) {
    var i = 0
    while i + 4 <= count {
      let (x0, x1, x2, x3) = (Int(indices[i]), Int(indices[i + 1]), Int(indices[i + 2]), Int(indices[i + 3]))
      let left = SIMD4<UInt32>(mixed[x0], mixed[x1], mixed[x2], mixed[x3])
      let right = SIMD4<UInt32>(mixed[x0 + 1], mixed[x1 + 1], mixed[x2 + 1], mixed[x3 + 1])
      Blend.store4(lerp4(left, right, Blend.load4(weights + i)), out + i)
      i += 4
    }
    while i < count {
      let x = Int(indices[i])
      out[i] = lerp(mixed[x], mixed[x + 1], weights[i] & 0xFF)
      i += 1
    }
  }
}
