import Testing

@testable import TactileRaster

@Suite struct PaintSinkTests {
  /// The pixels of a 40×6 image of test pixels after `body` drew into it with a solid colour.
  private func pixels(drawnWith color: UInt32, _ body: (inout PaintSink) -> Void) -> [UInt32] {
    var image = try! Image(width: 40, height: 6, pixels: testPixels(240, seed: 7))
    image.withPixmap { pixmap in
      var sink = Canvas(pixmap: pixmap).makeSink(color: color, shader: nil, alpha: 255)
      body(&sink)
    }
    return image.pixels
  }

  @Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
  func aFramedBlockDrawsWhatItsThreeBlocksDraw(color: UInt32) {
    let coverages: [(UInt8, UInt8, UInt8)] = [(255, 255, 0), (17, 200, 255), (0, 128, 3)]
    for (left, middle, right) in coverages {
      let framed = pixels(drawnWith: color) {
        $0.framedBlock(rows: 1..<5, x: 3, count: 30, left: left, middle: middle, right: right)
      }
      let blocks = pixels(drawnWith: color) {
        $0.framedBlockAsBlocks(rows: 1..<5, x: 3, count: 30, left: left, middle: middle, right: right)
      }
      #expect(framed == blocks)
      #expect(framed != testPixels(240, seed: 7))
    }
  }

  @Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
  func aShortRunOfCoveragesBlendsAsTheBlendKernelDoes(color: UInt32) {
    let coverages: [UInt8] = [0, 1, 128, 254, 255, 255, 77]
    for count in 1...coverages.count {
      let drawn = pixels(drawnWith: color) { $0.span(y: 2, x: 9, count: count, coverages: coverages) }
      var expected = testPixels(240, seed: 7)
      expected.withUnsafeMutableBufferPointer {
        Blend.overConstantPortable($0.baseAddress! + 2 * 40 + 9, count, color, coverages: coverages)
      }
      #expect(drawn == expected)
    }
  }

  /// `pixels` (40 × 6 test pixels, seed 7) with `color` scaled by `coverage` over each pixel of `rows`
  /// from column `x` on, `count` pixels a row, in scalar arithmetic.
  private func reference(color: UInt32, coverage: UInt8, rows: Range<Int>, x: Int, count: Int) -> [UInt32] {
    var expected = testPixels(240, seed: 7)
    let c = Blend.scale(color, UInt32(coverage))
    for y in rows { for i in x..<(x + count) { expected[y * 40 + i] = Blend.over(c, expected[y * 40 + i]) } }
    return expected
  }

  @Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
  func aBlockOfWholeRowsOfAPixmapWithoutPaddingBlendsEveryPixelAsTheScalarReference(color: UInt32) {
    for coverage: UInt8 in [255, 100] {
      for rows in [1..<5, 0..<6, 3..<4] {
        let drawn = pixels(drawnWith: color) { $0.block(rows: rows, x: 0, count: 40, coverage: coverage) }
        #expect(drawn == reference(color: color, coverage: coverage, rows: rows, x: 0, count: 40))
      }
    }
  }

  @Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
  func aBlockOfWholeRowsOfAPaddedPixmapLeavesThePaddingAsItWas(color: UInt32) {
    // 30 pixels a row, 40 apart: the last 10 of each row are padding.
    var buffer = testPixels(240, seed: 7)
    buffer.withUnsafeMutableBytes { bytes in
      let pixmap = try! Pixmap(base: bytes.baseAddress!, width: 30, height: 6, stride: 160)
      var sink = Canvas(pixmap: pixmap).makeSink(color: color, shader: nil, alpha: 255)
      sink.block(rows: 1..<5, x: 0, count: 30, coverage: 255)
    }
    #expect(buffer == reference(color: color, coverage: 255, rows: 1..<5, x: 0, count: 30))
  }

  @Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
  func aLongRunOfCoveragesBlendsAsTheScalarReference(color: UInt32) {
    let coverages = (0..<37).map { UInt8(truncatingIfNeeded: $0 * 53 % 256) }
    for count in [8, 15, 16, 17, 37] {
      let drawn = pixels(drawnWith: color) { $0.span(y: 3, x: 2, count: count, coverages: coverages) }
      var expected = testPixels(240, seed: 7)
      for i in 0..<count {
        let p = 3 * 40 + 2 + i
        expected[p] = Blend.over(Blend.scale(color, UInt32(coverages[i])), expected[p])
      }
      #expect(drawn == expected)
    }
  }

  @Test(arguments: [0xFF20_4060 as UInt32, 0x8010_2030])
  func pixelsWithASolidColourAreFadedByItsAlpha(color: UInt32) {
    let source = testPixels(5 * 12, seed: 11)
    let drawn = pixels(drawnWith: color) {
      $0.pixels(y: 1, x: 4, width: 9, height: 4, source: source, sourceStride: 12)
    }
    var expected = testPixels(240, seed: 7)
    for row in 0..<4 {
      for i in 0..<9 {
        let p = (1 + row) * 40 + 4 + i
        expected[p] = Blend.over(Blend.scale(source[row * 12 + i], color >> 24), expected[p])
      }
    }
    #expect(drawn == expected)
  }
}
