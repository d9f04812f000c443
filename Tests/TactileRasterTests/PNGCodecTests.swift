import Testing

@testable import TactileRaster

/// A 2×2 RGBA PNG written by Python's zlib (second row uses the Up filter):
/// opaque red, green at alpha 128, opaque blue, transparent.
let rgbaPNG: [UInt8] = [
  137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 2, 8, 6, 0, 0, 0, 114,
  182, 13, 36, 0, 0, 0, 23, 73, 68, 65, 84, 120, 156, 99, 248, 207, 192, 240, 31, 8, 27, 152, 24, 129, 36,
  151, 168, 92, 3, 0, 55, 30, 5, 61, 127, 158, 105, 60, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
]

/// A 3×1 one-bit palette PNG with a tRNS chunk: palette (10,20,30) at alpha 51 and opaque (200,100,50);
/// the pixels are indices 1, 0, 1.
let palettePNG: [UInt8] = [
  137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 3, 0, 0, 0, 1, 1, 3, 0, 0, 0, 33,
  46, 134, 247, 0, 0, 0, 6, 80, 76, 84, 69, 10, 20, 30, 200, 100, 50, 119, 160, 179, 156, 0, 0, 0, 1, 116,
  82, 78, 83, 51, 255, 54, 185, 112, 0, 0, 0, 10, 73, 68, 65, 84, 120, 156, 99, 88, 0, 0, 0, 162, 0, 161,
  220, 141, 177, 204, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
]

@Test func decodingAnRGBAFileGivesPremultipliedPixels() throws {
  let image = try PNGCodec.decode(rgbaPNG)
  #expect(image.width == 2 && image.height == 2)
  #expect(image.pixels == [0xFFFF_0000, 0x8000_8000, 0xFF00_00FF, 0])
}

@Test func decodingAOneBitPaletteFileAppliesTheTransparencyChunk() throws {
  let image = try PNGCodec.decode(palettePNG)
  // 10·51/255 = 2, 20·51/255 = 4, 30·51/255 = 6.
  #expect(image.pixels == [0xFFC8_6432, 0x3302_0406, 0xFFC8_6432])
}

@Test func encodingThenDecodingGivesTheSameImage() throws {
  var pixels = [UInt32]()
  for i in 0..<(7 * 5) {
    let a = UInt8((i * 37) % 256)
    pixels.append(
      PremultipliedColor(straightAlpha8: a, red8: UInt8(i * 7 % 256), green8: 200, blue8: UInt8(i)).argb)
  }
  let image = try Image(width: 7, height: 5, pixels: pixels)
  let decoded = try PNGCodec.decode(try PNGCodec.encode(image))
  #expect(decoded == image)
}

@Test func decodingSomethingElseIsATypedError() {
  #expect(throws: PNGError.notPNG) { try PNGCodec.decode(Array("GIF89a".utf8)) }
  #expect(throws: PNGError.notPNG) { try PNGCodec.decode([]) }
}

@Test func decodingATruncatedFileIsATypedError() {
  #expect(throws: PNGError.truncated(offset: 40)) { try PNGCodec.decode(Array(rgbaPNG[0..<40])) }
}

@Test func decodingACorruptedChunkReportsItsChecksum() {
  var bytes = rgbaPNG
  bytes[45] ^= 0xFF  // inside the IDAT data
  #expect(throws: PNGError.badChecksum(chunk: "IDAT")) { try PNGCodec.decode(bytes) }
}

@Test func decodingAHeaderWithAnImpossibleSizeIsAnError() throws {
  var bytes = rgbaPNG
  bytes[16...19] = [0x7F, 0xFF, 0xFF, 0xFF]  // width 2^31 - 1
  PNGCodec.fixCRC(of: &bytes, chunkAt: 8)
  #expect(throws: PNGError.tooLarge(width: Int(Int32.max), height: 2)) { try PNGCodec.decode(bytes) }
}

extension PNGCodec {
  /// Recomputes the CRC of the chunk whose length field starts at `offset`, after a test edited it.
  static func fixCRC(of bytes: inout [UInt8], chunkAt offset: Int) {
    let length = Int(bytes.bigEndianUInt32(at: offset))
    var body = Array(bytes[(offset + 4)..<(offset + 8 + length)])
    var out = [UInt8]()
    appendChunk(String(decoding: body[0..<4], as: UTF8.self), Array(body[4...]), to: &out)
    body = Array(out[(out.count - 4)...])
    bytes.replaceSubrange((offset + 8 + length)..<(offset + 12 + length), with: body)
  }
}

/// The encoder's filter choice, written out slowly: un-premultiply each row, try the five filters, keep
/// the first with the smallest sum of absolute signed bytes.
func referenceFilteredRows(of image: Image) -> [UInt8] {
  let rowBytes = image.width * 4
  var out: [UInt8] = []
  var previous = [UInt8](repeating: 0, count: rowBytes)
  for y in 0..<image.height {
    let row = (0..<image.width).flatMap { x -> [UInt8] in
      let s = PremultipliedColor(argb: image.pixels[y * image.width + x]).straight8
      return [s.red, s.green, s.blue, s.alpha]
    }
    var best: [UInt8] = []
    var bestCost = Int.max
    for type in UInt8(0)...4 {
      let filtered = (0..<rowBytes).map { i in
        row[i]
          &- PNGFilter.predictor(
            type, left: i >= 4 ? row[i - 4] : 0, up: previous[i], upLeft: i >= 4 ? previous[i - 4] : 0)
      }
      let cost = filtered.reduce(0) { $0 + Int(Int8(bitPattern: $1).magnitude) }
      if cost < bestCost { (best, bestCost) = ([type] + filtered, cost) }
    }
    out += best
    previous = row
  }
  return out
}

@Test func theEncoderFiltersEachRowWithItsCheapestFilter() throws {
  // Rows made for each filter to win: flat, a horizontal ramp, a repeat of the row above, a diagonal
  // gradient, noise; translucent pixels exercise the un-premultiplying.
  let width = 37
  var pixels: [UInt32] = []
  var seed: UInt32 = 12345
  for y in 0..<12 {
    for x in 0..<width {
      seed = seed &* 1_103_515_245 &+ 12345
      let value: UInt8 =
        switch y % 6 {
        case 0: 90
        case 1: UInt8(x * 6)
        case 2: UInt8(x * 6)
        case 3: UInt8((x + y) * 5)
        case 4: UInt8(truncatingIfNeeded: seed >> 16)
        default: UInt8((x * x + y) % 256)
        }
      let alpha: UInt8 = x % 5 == 0 ? UInt8(40 + y * 10) : 255
      pixels.append(
        PremultipliedColor(straightAlpha8: alpha, red8: value, green8: 255 &- value, blue8: value / 2).argb)
    }
  }
  let image = try Image(width: width, height: 12, pixels: pixels)
  let filtered = try PNGCodec.filteredRows(of: image)
  #expect(filtered == referenceFilteredRows(of: image))
  let types = Set((0..<12).map { filtered[$0 * (width * 4 + 1)] })
  #expect(types.count >= 3)
  #expect(try PNGCodec.decode(try PNGCodec.encode(image)) == image)
}
