import Testing

@testable import TactileRaster

@Test func pixmapRejectsNegativeSizes() {
  var word: UInt32 = 0
  #expect(throws: RasterError.invalidSize(width: -1, height: 1)) {
    try Pixmap(base: &word, width: -1, height: 1, stride: 4)
  }
}

@Test func pixmapRejectsAStrideShorterThanARow() {
  var word: UInt32 = 0
  #expect(throws: RasterError.invalidStride(stride: 4, width: 2)) {
    try Pixmap(base: &word, width: 2, height: 1, stride: 4)
  }
}

@Test func pixmapRejectsAByteSizeThatOverflows() {
  var word: UInt32 = 0
  #expect(throws: RasterError.byteSizeOverflow(width: 1 << 40, height: 1 << 40, stride: 1 << 42)) {
    try Pixmap(base: &word, width: 1 << 40, height: 1 << 40, stride: 1 << 42)
  }
  #expect(throws: RasterError.self) { try Image(width: Int.max / 2, height: 3) }
}

@Test func pixmapAddressesRowsByStride() throws {
  var memory = [UInt32](repeating: 0, count: 3 * 2)
  try memory.withUnsafeMutableBytes { bytes in
    let pixmap = try Pixmap(base: bytes.baseAddress!, width: 2, height: 2, stride: 12)
    pixmap.fill(PremultipliedColor(argb: 0xFF11_2233))
    pixmap[1, 1] = PremultipliedColor(argb: 0x8000_0080)
  }
  // The third word of each row is padding and stays untouched.
  #expect(memory == [0xFF11_2233, 0xFF11_2233, 0, 0xFF11_2233, 0x8000_0080, 0])
}

@Test func imageRejectsAPixelArrayOfTheWrongSize() {
  #expect(throws: RasterError.pixelCountMismatch(expected: 4, actual: 3)) {
    try Image(width: 2, height: 2, pixels: [0, 0, 0])
  }
}

@Test func imageCopiedFromAPixmapHasTheSamePixels() throws {
  var image = try Image(width: 3, height: 2, color: PremultipliedColor(argb: 0xFF00_00FF))
  image[2, 1] = PremultipliedColor(argb: 0xFFFF_FFFF)
  let copy = image.withPixmap { Image(copying: $0) }
  #expect(copy == image)
}
