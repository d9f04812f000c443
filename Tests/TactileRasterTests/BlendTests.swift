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

@Test(.enabled(if: Blend.hasAVX2, "the CPU has no AVX2"))
func avx2KernelsEqualThePortableKernels() {
  // Every alpha of a translucent colour, over destinations of every kind, at lengths and alignments
  // that leave the AVX2 kernels a scalar tail; sources with opaque and transparent runs of eight, and
  // coverages with empty and full runs (the kernels' shortcuts).
  let destination = testPixels(45, seed: 3)
  var source = testPixels(45, seed: 4)
  for i in 8..<16 { source[i] = 0xFF00_0000 | source[i] }
  for i in 16..<24 { source[i] = 0 }
  let coverages: [UInt8] = (0..<45).map { i in i < 8 ? 0 : i < 16 ? 255 : UInt8((i * 53) % 256) }
  var mismatches = 0
  func compare(_ offset: Int, _ count: Int, _ kernel: (UnsafeMutablePointer<UInt32>, Bool) -> Void) {
    var avx2 = destination
    var portable = destination
    avx2.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + offset, false) }
    portable.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + offset, true) }
    if avx2 != portable { mismatches += 1 }
  }
  // Eight pixels or more: the dispatching kernels take the AVX2 path.
  for (offset, count) in [(0, 8), (1, 19), (0, 45), (3, 42)] {
    for alpha: UInt32 in 1...255 {
      let color = alpha << 24 | (alpha * 3 / 4) << 16 | (alpha / 3) << 8 | (alpha & 0x55)
      if alpha < 255 {
        compare(offset, count) { dst, portable in
          portable ? Blend.overConstantPortable(dst, count, color) : Blend.overConstant(dst, count, color)
        }
      }
      compare(offset, count) { dst, portable in
        portable
          ? Blend.overConstantPortable(dst, count, color, coverages: coverages)
          : Blend.overConstant(dst, count, color, coverages: coverages)
      }
      compare(offset, count) { dst, portable in
        portable
          ? Blend.overRowPortable(dst, source, count, coverage: alpha)
          : Blend.overRow(dst, source, count, coverage: alpha)
      }
    }
    compare(offset, count) { dst, portable in
      portable
        ? Blend.overRowPortable(dst, source, count, coverages: coverages)
        : Blend.overRow(dst, source, count, coverages: coverages)
    }
  }
  #expect(mismatches == 0)
}

@Test func compositingACoverageImageEqualsCompositingEachRowAndTouchesNothingElse() {
  // Images 1 to 20 pixels wide (the AVX2 kernel's masked tails), inside a wider pixmap; the coverage
  // rows are longer than the image, with ink after each row's end that must not be used.
  let (stride, rows, coverageStride) = (32, 5, 28)
  let destination = testPixels(stride * rows, seed: 5)
  let coverages: [UInt8] = (0..<coverageStride * rows + 7).map { i in
    let x = i % coverageStride
    return x < 4 ? 0 : x < 12 ? 255 : UInt8((i * 61) % 256)
  }
  var mismatches = 0
  for width in 1...20 {
    for color: UInt32 in [0xFF10_2030, 0x8040_2010] {
      var image = destination
      var rowByRow = destination
      coverages.withUnsafeBufferPointer { c in
        image.withUnsafeMutableBufferPointer {
          Blend.overConstant(
            $0.baseAddress! + 3, stride: stride, width: width, height: rows, color,
            coverages: c.baseAddress! + 2,
            coverageStride: coverageStride)
        }
        rowByRow.withUnsafeMutableBufferPointer {
          for row in 0..<rows {
            Blend.overConstantPortable(
              $0.baseAddress! + 3 + row * stride, width, color,
              coverages: c.baseAddress! + 2 + row * coverageStride)
          }
        }
      }
      if image != rowByRow { mismatches += 1 }
    }
  }
  #expect(mismatches == 0)
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
