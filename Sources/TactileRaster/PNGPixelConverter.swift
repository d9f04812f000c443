/// Turns unfiltered PNG rows of any colour type and depth into premultiplied ARGB pixels.
struct PNGPixelConverter {
  let header: PNGHeader
  let palette: [UInt8]
  let transparency: [UInt8]

  func image(from rows: [UInt8]) throws(PNGError) -> Image {
    var pixels = [UInt32](repeating: 0, count: header.width * header.height)
    let rowBytes = header.rowByteCount
    for y in 0..<header.height {
      for x in 0..<header.width {
        pixels[y * header.width + x] = try pixel(rows, rowStart: y * rowBytes, x: x).argb
      }
    }
    return Image(unchecked: header.width, height: header.height, pixels: pixels)
  }

  /// Sample `index` (counting samples, not bytes) of the row, at its native depth.
  private func sample(_ rows: [UInt8], rowStart: Int, index: Int) -> Int {
    switch header.bitDepth {
    case 16: return Int(rows[rowStart + 2 * index]) << 8 | Int(rows[rowStart + 2 * index + 1])
    case 8: return Int(rows[rowStart + index])
    default:
      let bit = index * header.bitDepth
      let byte = Int(rows[rowStart + bit / 8])
      return (byte >> (8 - header.bitDepth - bit % 8)) & ((1 << header.bitDepth) - 1)
    }
  }

  /// A native-depth sample scaled to 8 bits with rounding.
  private func to8(_ value: Int) -> UInt8 {
    let maxValue = (1 << header.bitDepth) - 1
    return UInt8((value * 255 + maxValue / 2) / maxValue)
  }

  /// The 16-bit big-endian value at `tRNS` sample `i` (for grayscale and RGB keys).
  private func transparentKey(_ i: Int) -> Int? {
    guard transparency.count >= 2 * i + 2 else { return nil }
    return Int(transparency[2 * i]) << 8 | Int(transparency[2 * i + 1])
  }

  private func pixel(_ rows: [UInt8], rowStart: Int, x: Int) throws(PNGError) -> PremultipliedColor {
    let n = header.channels
    let s = { (c: Int) in sample(rows, rowStart: rowStart, index: x * n + c) }
    switch header.colorType {
    case 0:
      let g = s(0)
      let a: UInt8 = transparentKey(0) == g ? 0 : 255
      return PremultipliedColor(straightAlpha8: a, red8: to8(g), green8: to8(g), blue8: to8(g))
    case 2:
      let (r, g, b) = (s(0), s(1), s(2))
      let keyed = transparentKey(0) == r && transparentKey(1) == g && transparentKey(2) == b
      return PremultipliedColor(straightAlpha8: keyed ? 0 : 255, red8: to8(r), green8: to8(g), blue8: to8(b))
    case 3:
      let i = s(0)
      guard 3 * i + 2 < palette.count else {
        throw .malformed(reason: "palette index \(i) out of range")
      }
      let a = i < transparency.count ? transparency[i] : 255
      return PremultipliedColor(
        straightAlpha8: a, red8: palette[3 * i], green8: palette[3 * i + 1], blue8: palette[3 * i + 2])
    case 4:
      let g = to8(s(0))
      return PremultipliedColor(straightAlpha8: to8(s(1)), red8: g, green8: g, blue8: g)
    default:
      return PremultipliedColor(
        straightAlpha8: to8(s(3)), red8: to8(s(0)), green8: to8(s(1)), blue8: to8(s(2)))
    }
  }
}
