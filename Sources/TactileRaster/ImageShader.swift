import TactileGeometry

/// How an image is sampled when it is drawn at another size or under a transform.
public enum ImageFilter: Sendable {
  /// The image pixel under each device pixel's centre (sharp, blocky when enlarged).
  case nearest
  /// A weighted mix of the four nearest image pixels.
  case bilinear
}

/// Samples an ``Image`` for device pixels: the image's pixel grid is mapped onto a user-space rectangle
/// and then by the canvas transform. Coordinates outside the image repeat its edge pixels (the shape
/// being filled already limits drawing to the image's rectangle). Steps through a row in 32.32 fixed
/// point; an unscaled, whole-pixel placement copies rows.
final class ImageShader: Shader {
  private let image: Image
  private let filter: ImageFilter
  /// Device pixel to image pixel coordinates.
  private let inverse: AffineTransform
  /// The integer offset from device to image pixels when the mapping is a whole-pixel translation.
  private let offset: (x: Int, y: Int)?

  init?(image: Image, in rect: Rect, transform: AffineTransform, filter: ImageFilter) {
    guard image.width > 0, image.height > 0 else { return nil }
    let r = rect.standardized
    let toUser = AffineTransform(
      a: r.width / Double(image.width), b: 0, c: 0, d: r.height / Double(image.height), tx: r.minX,
      ty: r.minY)
    guard let inverse = toUser.concatenating(transform).inverted() else { return nil }
    self.image = image
    self.filter = filter
    self.inverse = inverse
    let ox = inverse.tx.rounded()
    let oy = inverse.ty.rounded()
    if inverse.isTranslation, abs(inverse.tx - ox) < 1e-9, abs(inverse.ty - oy) < 1e-9,
      abs(ox) < 1e30, abs(oy) < 1e30
    {
      offset = (Int(ox), Int(oy))
    } else {
      offset = nil
    }
  }

  func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    image.pixels.withUnsafeBufferPointer { pixels in
      let base = pixels.baseAddress!
      if let offset {
        return copyRow(base, x: x + offset.x, y: y + offset.y, count: count, into: out)
      }
      let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
      switch filter {
      case .nearest: nearest(base, from: p, count: count, into: out)
      case .bilinear: bilinear(base, from: p, count: count, into: out)
      }
    }
  }

  private func copyRow(
    _ base: UnsafePointer<UInt32>, x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>
  ) {
    let (w, h) = (image.width, image.height)
    let row = base + min(max(y, 0), h - 1) * w
    if x >= 0 && x + count <= w { return out.update(from: row + x, count: count) }
    for i in 0..<count { out[i] = row[min(max(x + i, 0), w - 1)] }
  }

  /// 32.32 fixed point of a coordinate, clamped far outside any image.
  @inline(__always)
  private static func fixed(_ v: Double) -> Int64 {
    let limit = Double(1 << 30)
    return Int64((max(-limit, min(limit, v.isNaN ? 0 : v)) * 4_294_967_296).rounded(.down))
  }

  private func nearest(
    _ base: UnsafePointer<UInt32>, from p: Point, count: Int, into out: UnsafeMutablePointer<UInt32>
  ) {
    let (w, h) = (Int64(image.width - 1), Int64(image.height - 1))
    var (u, v) = (Self.fixed(p.x), Self.fixed(p.y))
    let (du, dv) = (Self.fixed(inverse.a), Self.fixed(inverse.b))
    for i in 0..<count {
      let col = min(max(u >> 32, 0), w)
      let row = min(max(v >> 32, 0), h)
      out[i] = base[Int(row) * image.width + Int(col)]
      u &+= du
      v &+= dv
    }
  }

  private func bilinear(
    _ base: UnsafePointer<UInt32>, from p: Point, count: Int, into out: UnsafeMutablePointer<UInt32>
  ) {
    let (w, h) = (Int64(image.width - 1), Int64(image.height - 1))
    var (u, v) = (Self.fixed(p.x - 0.5), Self.fixed(p.y - 0.5))
    let (du, dv) = (Self.fixed(inverse.a), Self.fixed(inverse.b))
    let stride = image.width
    for i in 0..<count {
      let (cu, cv) = (u >> 32, v >> 32)
      let x0 = Int(min(max(cu, 0), w))
      let x1 = Int(min(max(cu + 1, 0), w))
      let y0 = Int(min(max(cv, 0), h))
      let y1 = Int(min(max(cv + 1, 0), h))
      let fx = UInt32(truncatingIfNeeded: (u >> 24) & 0xFF)
      let fy = UInt32(truncatingIfNeeded: (v >> 24) & 0xFF)
      let top = Self.lerp(base[y0 * stride + x0], base[y0 * stride + x1], fx)
      let bottom = Self.lerp(base[y1 * stride + x0], base[y1 * stride + x1], fx)
      out[i] = Self.lerp(top, bottom, fy)
      u &+= du
      v &+= dv
    }
  }

  /// `a + (b − a) × f / 256` per channel (f in 0...255).
  @inline(__always)
  static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
    let g = 256 &- f
    let rb = (((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8) & 0x00FF_00FF
    let ag = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
    return rb | ag
  }
}
