import TactileGeometry

/// How an image is sampled when it is drawn at another size or under a transform.
public enum ImageFilter: Sendable {
  /// The image pixel under each device pixel's centre (sharp, blocky when enlarged).
  case nearest
  /// A weighted mix of the four nearest image pixels.
  case bilinear
}

/// Samples an image's pixels for device pixels: the image's pixel grid is mapped onto a user-space
/// rectangle and then by the canvas transform. Coordinates outside the image repeat its edge pixels (the
/// shape being filled already limits drawing to the image's rectangle). Steps through a row in 32.32
/// fixed point; an unscaled, whole-pixel placement hands out the image's own rows.
///
/// Holds a pointer to the pixels: valid only while the caller keeps them alive (one draw call).
final class ImageShader: Shader {
  private let pixels: UnsafePointer<UInt32>
  private let width: Int
  private let height: Int
  private let filter: ImageFilter
  /// Device pixel to image pixel coordinates.
  private let inverse: AffineTransform
  /// The integer offset from device to image pixels when the mapping is a whole-pixel translation.
  private let offset: (x: Int, y: Int)?
  /// One image row's worth of scratch: the two source rows mixed vertically.
  private var mixedRow: [UInt32]

  init?(
    pixels: UnsafePointer<UInt32>, width: Int, height: Int, in rect: Rect, transform: AffineTransform,
    filter: ImageFilter
  ) {
    guard width > 0, height > 0 else { return nil }
    let r = rect.standardized
    let toUser = AffineTransform(
      a: r.width / Double(width), b: 0, c: 0, d: r.height / Double(height), tx: r.minX, ty: r.minY)
    guard let inverse = toUser.concatenating(transform).inverted() else { return nil }
    self.pixels = pixels
    self.width = width
    self.height = height
    self.filter = filter
    self.inverse = inverse
    mixedRow = []
    let ox = inverse.tx.rounded()
    let oy = inverse.ty.rounded()
    if inverse.isTranslation, abs(inverse.tx - ox) < 1e-9, abs(inverse.ty - oy) < 1e-9,
      abs(ox) < 1e9, abs(oy) < 1e9
    {
      offset = (Int(ox), Int(oy))
    } else {
      offset = nil
    }
  }

  func row(x: Int, y: Int, count: Int, scratch out: UnsafeMutablePointer<UInt32>) -> ShaderRow {
    if let offset {
      let (sx, sy) = (x + offset.x, min(max(y + offset.y, 0), height - 1))
      let row = pixels + sy * width
      if sx >= 0 && sx + count <= width { return .pixels(row + sx) }
      for i in 0..<count { out[i] = row[min(max(sx + i, 0), width - 1)] }
      return .pixels(out)
    }
    let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
    switch filter {
    case .nearest: nearest(from: p, count: count, into: out)
    case .bilinear: bilinear(from: p, count: count, into: out)
    }
    return .pixels(out)
  }

  /// 32.32 fixed point of a coordinate, clamped far outside any image.
  @inline(__always)
  private static func fixed(_ v: Double) -> Int64 {
    let limit = Double(1 << 30)
    return Int64((max(-limit, min(limit, v.isNaN ? 0 : v)) * 4_294_967_296).rounded(.down))
  }

  private func nearest(from p: Point, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let (w, h) = (Int64(width - 1), Int64(height - 1))
    var (u, v) = (Self.fixed(p.x), Self.fixed(p.y))
    let (du, dv) = (Self.fixed(inverse.a), Self.fixed(inverse.b))
    for i in 0..<count {
      let col = min(max(u >> 32, 0), w)
      let row = min(max(v >> 32, 0), h)
      out[i] = pixels[Int(row) * width + Int(col)]
      u &+= du
      v &+= dv
    }
  }

  /// Bilinear filtering with 8-bit weights. When the row does not move vertically through the image
  /// (no rotation or shear), its two source rows are mixed once and each pixel mixes two neighbours;
  /// otherwise each pixel weighs its four neighbours in one pass.
  private func bilinear(from p: Point, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let (w, h) = (Int64(width - 1), Int64(height - 1))
    var (u, v) = (Self.fixed(p.x - 0.5), Self.fixed(p.y - 0.5))
    let (du, dv) = (Self.fixed(inverse.a), Self.fixed(inverse.b))
    if dv == 0 { return bilinearRow(u: u, du: du, v: v, count: count, into: out) }
    for i in 0..<count {
      let (cu, cv) = (u >> 32, v >> 32)
      let x0 = Int(min(max(cu, 0), w))
      let x1 = Int(min(max(cu + 1, 0), w))
      let y0 = Int(min(max(cv, 0), h)) * width
      let y1 = Int(min(max(cv + 1, 0), h)) * width
      let fx = UInt32(truncatingIfNeeded: (u >> 24) & 0xFF)
      let fy = UInt32(truncatingIfNeeded: (v >> 24) & 0xFF)
      out[i] = Self.mix(pixels[y0 + x0], pixels[y0 + x1], pixels[y1 + x0], pixels[y1 + x1], fx, fy)
      u &+= du
      v &+= dv
    }
  }

  /// A row at a fixed image y: mix the two source rows over the columns the run reaches, then mix
  /// neighbours across.
  private func bilinearRow(
    u start: Int64, du: Int64, v: Int64, count: Int, into out: UnsafeMutablePointer<UInt32>
  ) {
    let (w, h) = (Int64(width - 1), Int64(height - 1))
    let cv = v >> 32
    let top = pixels + Int(min(max(cv, 0), h)) * width
    let bottom = pixels + Int(min(max(cv + 1, 0), h)) * width
    let fy = UInt32(truncatingIfNeeded: (v >> 24) & 0xFF)
    let end = start &+ du &* Int64(count - 1)
    let first = Int(min(max(min(start, end) >> 32, 0), w))
    let last = Int(min(max((max(start, end) >> 32) + 1, 0), w))
    if mixedRow.count < width { mixedRow = [UInt32](repeating: 0, count: width) }
    mixedRow.withUnsafeMutableBufferPointer { mixed in
      let m = mixed.baseAddress!
      var x = first
      let weights = SIMD4<UInt32>(repeating: fy)
      while x + 3 <= last {
        let mixed = Self.lerp4(
          UnsafeRawPointer(top + x).loadUnaligned(as: SIMD4<UInt32>.self),
          UnsafeRawPointer(bottom + x).loadUnaligned(as: SIMD4<UInt32>.self), weights)
        UnsafeMutableRawPointer(m + x).storeBytes(of: mixed, as: SIMD4<UInt32>.self)
        x += 4
      }
      while x <= last {
        m[x] = Self.lerp(top[x], bottom[x], fy)
        x += 1
      }
      var u = start
      var i = 0
      // Where both neighbours lie inside the row (the run's interior when it moves right), no clamping.
      if du > 0 {
        while i < count && u >> 32 < 0 {
          out[i] = m[0]
          u &+= du
          i += 1
        }
        let inside = w > 0 ? min(count, i + Int(((w << 32) &- 1 &- u) / du) + 1) : i
        // Four at a time: neighbours gathered into vectors, mixed in 16-bit lanes.
        while i + 4 <= inside {
          var left = SIMD4<UInt32>()
          var right = SIMD4<UInt32>()
          var weights = SIMD4<UInt32>()
          for lane in 0..<4 {
            let x = Int(truncatingIfNeeded: u >> 32)
            left[lane] = m[x]
            right[lane] = m[x + 1]
            weights[lane] = UInt32(truncatingIfNeeded: (u >> 24) & 0xFF)
            u &+= du
          }
          UnsafeMutableRawPointer(out + i).storeBytes(
            of: Self.lerp4(left, right, weights), as: SIMD4<UInt32>.self)
          i += 4
        }
        while i < inside {
          let x = Int(truncatingIfNeeded: u >> 32)
          out[i] = Self.lerp(m[x], m[x + 1], UInt32(truncatingIfNeeded: (u >> 24) & 0xFF))
          u &+= du
          i += 1
        }
      }
      // Four pixels at a time: neighbours gathered into vectors, mixed in 16-bit lanes.
      while i + 4 <= count {
        var left = SIMD4<UInt32>()
        var right = SIMD4<UInt32>()
        var weights = SIMD4<UInt32>()
        for lane in 0..<4 {
          let cu = u >> 32
          left[lane] = m[Int(min(max(cu, 0), w))]
          right[lane] = m[Int(min(max(cu + 1, 0), w))]
          weights[lane] = UInt32(truncatingIfNeeded: (u >> 24) & 0xFF)
          u &+= du
        }
        UnsafeMutableRawPointer(out + i).storeBytes(
          of: Self.lerp4(left, right, weights), as: SIMD4<UInt32>.self)
        i += 4
      }
      while i < count {
        let cu = u >> 32
        let x0 = Int(min(max(cu, 0), w))
        let x1 = Int(min(max(cu + 1, 0), w))
        out[i] = Self.lerp(m[x0], m[x1], UInt32(truncatingIfNeeded: (u >> 24) & 0xFF))
        u &+= du
        i += 1
      }
    }
  }

  /// ``lerp(_:_:_:)`` of four pixel pairs, each with its own weight, in 16-bit lanes.
  @inline(__always)
  static func lerp4(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ f: SIMD4<UInt32>) -> SIMD4<UInt32> {
    let x = unsafeBitCast(a, to: SIMD8<UInt16>.self)
    let y = unsafeBitCast(b, to: SIMD8<UInt16>.self)
    let fb = unsafeBitCast(f | (f &<< 16), to: SIMD8<UInt16>.self)
    let ga = 256 &- fb
    let low = (((x & 0xFF) &* ga &+ (y & 0xFF) &* fb) &>> 8)
    let high = ((x &>> 8) &* ga &+ (y &>> 8) &* fb) & 0xFF00
    return unsafeBitCast(low | high, to: SIMD4<UInt32>.self)
  }

  /// `a + (b − a) × f / 256` per channel (f in 0...255), two channels per multiply.
  @inline(__always)
  static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g = 256 &- f
    let m: UInt32 = 0x00FF_00FF
    let rb = (((a & m) &* g &+ (b & m) &* f) >> 8) & m
    let ag = (((a >> 8) & m) &* g &+ ((b >> 8) & m) &* f) & ~m
    return rb | ag
  }

  /// The four pixels weighted by `(1 − fx)(1 − fy)`, `fx(1 − fy)`, `(1 − fx)fy`, `fx·fy` (fx, fy in
  /// 1/256); the weights sum to 256, so every lane stays below 2¹⁶.
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
}
