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
}
