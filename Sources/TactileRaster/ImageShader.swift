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
  /// Bilinear filtering's scratch: the two source rows mixed vertically, one image row and the
  /// padding ``Bilinear/mixColumns(_:_:_:_:_:)`` reads past it.
  /// (Constants, like the column table: a class's variables are checked for exclusive access at
  /// every use.)
  private let mixedRow: ScratchBuffer<UInt32>
  /// Bilinear filtering's column table for the draw's columns when the image is not rotated or
  /// sheared (every row samples the same image columns).
  private let drawColumns: BilinearColumns?
  /// The column table of a run that ``drawColumns`` does not cover.
  private var runColumns = BilinearColumns()

  /// A shader for `width × height` pixels drawn into `rect` (user space) through `transform`, or nil
  /// when the image is empty, wider than 2³⁰ pixels or collapsed by the transform. `columns` are the
  /// device columns the draw can reach, when known: a bilinear draw that is not rotated or sheared
  /// works out where each of them samples the image once, here.
  init?(
    pixels: UnsafePointer<UInt32>, width: Int, height: Int, in rect: Rect, transform: AffineTransform,
    filter: ImageFilter, columns: Range<Int>? = nil
  ) {
    guard width > 0, height > 0, width <= 1 << 30 else { return nil }
    let r = rect.standardized
    let toUser = AffineTransform(
      a: r.width / Double(width), b: 0, c: 0, d: r.height / Double(height), tx: r.minX, ty: r.minY)
    guard let inverse = toUser.concatenating(transform).inverted() else { return nil }
    self.pixels = pixels
    self.width = width
    self.height = height
    self.filter = filter
    self.inverse = inverse
    let ox = inverse.tx.rounded()
    let oy = inverse.ty.rounded()
    if inverse.isTranslation, abs(inverse.tx - ox) < 1e-9, abs(inverse.ty - oy) < 1e-9,
      abs(ox) < 1e9, abs(oy) < 1e9
    {
      offset = (Int(ox), Int(oy))
    } else {
      offset = nil
    }
    var mixedRow = ScratchBuffer<UInt32>()
    var table: BilinearColumns?
    if offset == nil, filter == .bilinear {
      mixedRow.reserve(width + 16)
      if let columns, inverse.b == 0, inverse.c == 0 {
        var t = BilinearColumns()
        t.reset(first: columns.lowerBound, count: columns.count)
        for (i, x) in columns.enumerated() {
          t.set(i, position: Self.columnSample(x, inverse), width: width)
        }
        table = t
      }
    }
    self.mixedRow = mixedRow
    drawColumns = table
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
    case .bilinear: bilinear(x: x, from: p, count: count, into: out)
    }
    return .pixels(out)
  }

  /// The image x (32.32) that device column `x` samples through `inverse` when that does not depend
  /// on the row. Worked out from the column's own centre (not stepped to from where its run starts),
  /// so that a pixel's value does not depend on the clip: a redrawn damage rectangle equals a full
  /// redraw.
  private static func columnSample(_ x: Int, _ inverse: AffineTransform) -> Int64 {
    fixed(inverse.apply(to: Point(x: Double(x) + 0.5, y: 0)).x - 0.5)
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
  /// (no rotation), its two source rows are mixed once and each pixel mixes two neighbours of that
  /// row (``Bilinear``); otherwise each pixel weighs its four neighbours in one pass.
  private func bilinear(x: Int, from p: Point, count: Int, into out: UnsafeMutablePointer<UInt32>) {
    let (w, h) = (Int64(width - 1), Int64(height - 1))
    var (u, v) = (Self.fixed(p.x - 0.5), Self.fixed(p.y - 0.5))
    let (du, dv) = (Self.fixed(inverse.a), Self.fixed(inverse.b))
    if dv == 0 { return bilinearRow(x: x, u: u, du: du, v: v, count: count, into: out) }
    for i in 0..<count {
      let (cu, cv) = (u >> 32, v >> 32)
      let x0 = Int(min(max(cu, 0), w))
      let x1 = Int(min(max(cu + 1, 0), w))
      let y0 = Int(min(max(cv, 0), h)) * width
      let y1 = Int(min(max(cv + 1, 0), h)) * width
      let fx = UInt32(truncatingIfNeeded: (u >> 24) & 0xFF)
      let fy = UInt32(truncatingIfNeeded: (v >> 24) & 0xFF)
      out[i] = Bilinear.mix(pixels[y0 + x0], pixels[y0 + x1], pixels[y1 + x0], pixels[y1 + x1], fx, fy)
      u &+= du
      v &+= dv
    }
  }

  /// A row at a fixed image y: the two source rows mixed over the columns the run reaches, then
  /// neighbours mixed across, through the draw's column table or, for a sheared image, one made for
  /// this run from `start` (the first pixel's image x) in steps of `du`.
  private func bilinearRow(
    x: Int, u start: Int64, du: Int64, v: Int64, count: Int, into out: UnsafeMutablePointer<UInt32>
  ) {
    let indices: UnsafeMutablePointer<Int32>
    let weights: UnsafeMutablePointer<UInt32>
    if let table = drawColumns, table.covers(x, count) {
      (indices, weights) = (table.indices + (x - table.first), table.weights + (x - table.first))
    } else {
      runColumns.reset(first: x, count: count)
      var u = start
      for i in 0..<count {
        runColumns.set(i, position: drawColumns != nil ? Self.columnSample(x + i, inverse) : u, width: width)
        u &+= du
      }
      (indices, weights) = (runColumns.indices, runColumns.weights)
    }
    let cv = v >> 32
    let h = Int64(height - 1)
    let top = pixels + Int(min(max(cv, 0), h)) * width
    let bottom = pixels + Int(min(max(cv + 1, 0), h)) * width
    let fy = UInt32(truncatingIfNeeded: (v >> 24) & 0xFF)
    let (a, b) = (Int(indices[0]), Int(indices[count - 1]))
    let first = min(a, b)
    let last = min(max(a, b) + 1, width - 1)
    let m = mixedRow.pointer
    Bilinear.mixRows(m + first, top + first, bottom + first, last - first + 1, weight: fy)
    // The last column's right neighbour (weight 0) is itself.
    if last == width - 1 { m[width] = m[last] }
    Bilinear.mixColumns(out, m, indices, weights, count)
  }
}
