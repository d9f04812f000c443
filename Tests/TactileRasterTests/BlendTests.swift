import Testing

@testable import TactileRaster

@Test func vectorBlendKernelsEqualThePerChannelReference() {
  let count = 23  // not a multiple of 4: the scalar tail runs too
  let src = testPixels(count, seed: 1)
  let dst = testPixels(count, seed: 2)
  let coverages: [UInt8] = (0..<count).map { UInt8(($0 * 37) % 256) }
  func reference(_ s: UInt32, _ d: UInt32, _ c: UInt32) -> UInt32 {
    referenceOver(Blend.scale(s, c), d)
  }
  var out = dst
  out.withUnsafeMutableBufferPointer { Blend.overRow($0.baseAddress!, src, count, coverages: coverages) }
  #expect(out == (0..<count).map { reference(src[$0], dst[$0], UInt32(coverages[$0])) })
  out = dst
  out.withUnsafeMutableBufferPointer { Blend.overRow($0.baseAddress!, src, count, coverage: 200) }
  #expect(out == (0..<count).map { reference(src[$0], dst[$0], 200) })
  out = dst
  out.withUnsafeMutableBufferPointer {
    Blend.overConstant($0.baseAddress!, count, src[0], coverages: coverages)
  }
  #expect(out == (0..<count).map { reference(src[0], dst[$0], UInt32(coverages[$0])) })
  out = dst
  out.withUnsafeMutableBufferPointer { Blend.overConstant($0.baseAddress!, count, 0x8040_2010) }
  #expect(out == (0..<count).map { referenceOver(0x8040_2010, dst[$0]) })
}

@Test func scalingAPixelRoundsEachChannelExactly() {
  for p: UInt32 in [0xFFFF_FFFF, 0x8040_2010, 0x0101_0000] {
    for f: UInt32 in [0, 1, 127, 128, 254, 255] {
      var expected: UInt32 = 0
      for shift: UInt32 in [0, 8, 16, 24] {
        expected |= mul255((p >> shift) & 0xFF, f) << shift
      }
      #expect(Blend.scale(p, f) == expected)
    }
  }
}

@Test func vectorScalingDividesEveryChannelProductExactly() {
  // Every channel value times every factor, four channel values per call.
  var mismatches = 0
  for f: UInt32 in 0...255 {
    let factors = SIMD4<UInt32>(repeating: f &* 0x0001_0001)
    for x in stride(from: UInt32(0), through: 255, by: 4) {
      let lanes = SIMD4<UInt32>(x, x + 1, x + 2, x + 3) &* 0x0101_0101
      let scaled = Blend.scale4(lanes, factors, Blend.divisor)
      for lane in 0..<4 where scaled[lane] != mul255(x + UInt32(lane), f) &* 0x0101_0101 {
        mismatches += 1
      }
    }
  }
  #expect(mismatches == 0)
}

@Test func fillSetsExactlyTheRunAtEveryLengthAndAlignment() {
  // Runs shorter and longer than the vector and wmemset thresholds, at each 4-byte alignment.
  var buffer = [UInt32](repeating: 0, count: 320)
  for offset in 0..<4 {
    for count in 0...300 {
      for i in buffer.indices { buffer[i] = 0xDEAD_BEEF }
      buffer.withUnsafeMutableBufferPointer { Blend.fill($0.baseAddress! + 8 + offset, count, 0x8040_2010) }
      let filled = (8 + offset)..<(8 + offset + count)
      #expect(
        buffer.indices.allSatisfy { buffer[$0] == (filled.contains($0) ? 0x8040_2010 : 0xDEAD_BEEF) },
        "offset \(offset), count \(count)")
    }
  }
}
