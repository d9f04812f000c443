/// The five PNG row filters (None, Sub, Up, Average, Paeth) reversed, for decoding; the encoder filters
/// in C (`tactile_png_filter_rows`).
enum PNGFilter {
  /// Unfilters one row (`filtered`, without its type byte) given the unfiltered `previous` row.
  static func reverse(
    _ type: UInt8, row filtered: ArraySlice<UInt8>, previous: [UInt8], bytesPerPixel bpp: Int
  ) -> [UInt8] {
    var out = Array(filtered)
    guard type != 0 else { return out }
    for i in 0..<out.count {
      let left = i >= bpp ? out[i - bpp] : 0
      let upLeft = i >= bpp ? previous[i - bpp] : 0
      out[i] = out[i] &+ predictor(type, left: left, up: previous[i], upLeft: upLeft)
    }
    return out
  }

  @inline(__always)
  static func predictor(_ type: UInt8, left: UInt8, up: UInt8, upLeft: UInt8) -> UInt8 {
    switch type {
    case 1: return left
    case 2: return up
    case 3: return UInt8((Int(left) + Int(up)) / 2)
    case 4:
      let p = Int(left) + Int(up) - Int(upLeft)
      let pa = abs(p - Int(left))
      let pb = abs(p - Int(up))
      let pc = abs(p - Int(upLeft))
      if pa <= pb && pa <= pc { return left }
      return pb <= pc ? up : upLeft
    default: return 0
    }
  }
}
