import Glibc
import Testing

@testable import TactileRaster

/// The kernel tests' runs of coverages and source pixels.
extension SeededPixels {
  /// Runs of 1 to 20 equal values drawn by `value`, or of varying ones: the empty, full, opaque and
  /// transparent groups the kernels take shortcuts for, and groups of mixed ones.
  mutating func runs<T>(_ count: Int, _ value: (inout SeededPixels, Int) -> T) -> [T] {
    var out: [T] = []
    while out.count < count {
      let length = Int(1 + next() % 20)
      let kind = Int(next() % 4)
      let first = value(&self, kind)
      for i in 0..<min(length, count - out.count) { out.append(kind == 3 && i > 0 ? value(&self, 3) : first) }
    }
    return out
  }

  mutating func coverages(_ count: Int) -> [UInt8] {
    runs(count) { r, kind in kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: r.next()) }
  }

  mutating func sources(_ count: Int) -> [UInt32] {
    runs(count) { r, kind in kind == 0 ? 0 : kind == 1 ? r.pixel(alphas: 255...255) : r.pixel() }
  }
}

/// Pixels of a run from `offset` in a buffer with `guardCount` pixels on either side: what a kernel
/// wrote there, and what the scalar reference writes there (the guard pixels as they were).
private func runKernel(
  count: Int, offset: Int, random: inout SeededPixels,
  kernel: (UnsafeMutablePointer<UInt32>) -> Void, reference: (Int, UInt32) -> UInt32
) -> (kernel: [UInt32], reference: [UInt32]) {
  let guardCount = 24
  let original = (0..<(2 * guardCount + offset + count)).map { _ in random.pixel() }
  var drawn = original
  drawn.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + guardCount + offset) }
  var expected = original
  for i in 0..<count { expected[guardCount + offset + i] = reference(i, original[guardCount + offset + i]) }
  return (drawn, expected)
}

private let misalignments = [0, 1, 3, 4, 7, 13]

/// The lengths and offsets where `Blend.overConstant` through `kernels` differs from the scalar
/// `Blend.over`, each run with a fresh translucent colour.
private func constantColourMismatches(
  _ kernels: BlendKernels, seed: UInt64, counts: [Int], offsets: [Int]
) -> [String] {
  var random = SeededPixels(state: seed &+ UInt64(kernels.rawValue))
  var mismatches: [String] = []
  for count in counts {
    for offset in offsets {
      let color = random.pixel(alphas: 1...254)
      let result = runKernel(count: count, offset: offset, random: &random) {
        Blend.overConstant($0, count, color, kernels: kernels)
      } reference: { _, d in
        Blend.over(color, d)
      }
      if result.kernel != result.reference { mismatches.append("count \(count), offset \(offset)") }
    }
  }
  return mismatches
}

@Test(arguments: supportedKernels)
func everyKernelSetBlendsAConstantColourAsTheScalarReferenceAtEveryLength(kernels: BlendKernels) {
  let mismatches = constantColourMismatches(
    kernels, seed: 29, counts: Array(0...130), offsets: misalignments)
  #expect(mismatches.isEmpty, "\(kernels): \(mismatches.prefix(8))")
}

/// Runs as long as a frame's rows blended as one (a full-screen rect), where a kernel may prefetch far
/// ahead: around the lengths where it starts to and where its prefetching loop ends.
@Test(arguments: supportedKernels)
func everyKernelSetBlendsALongRunOfAConstantColourAsTheScalarReference(kernels: BlendKernels) {
  let counts = [4095, 4127, 4128, 8191, 8192, 8193, 8223, 8224, 8239, 12_288 + 17, 20_000]
  let mismatches = constantColourMismatches(kernels, seed: 37, counts: counts, offsets: [0, 3])
  #expect(mismatches.isEmpty, "\(kernels): \(mismatches.prefix(8))")
}

@Test(arguments: supportedKernels)
func everyKernelSetBlendsAColourThroughCoveragesAsTheScalarReferenceAtEveryLength(kernels: BlendKernels) {
  var random = SeededPixels(state: 31 &+ UInt64(kernels.rawValue))
  var mismatches: [String] = []
  for count in 0...130 {
    for offset in misalignments {
      for alphas: ClosedRange<UInt32> in [255...255, 0...254] {
        let color = random.pixel(alphas: alphas)
        let coverages = random.coverages(count)
        let result = runKernel(count: count, offset: offset, random: &random) { dst in
          coverages.withUnsafeBufferPointer {
            Blend.overConstant(dst, count, color, coverages: $0.baseAddress!, kernels: kernels)
          }
        } reference: { i, d in
          Blend.over(Blend.scale(color, UInt32(coverages[i])), d)
        }
        if result.kernel != result.reference {
          mismatches.append("count \(count), offset \(offset), \(alphas)")
        }
      }
    }
  }
  #expect(mismatches.isEmpty, "\(kernels): \(mismatches.prefix(8))")
}

@Test(arguments: supportedKernels)
func everyKernelSetBlendsARowOfPixelsAsTheScalarReferenceAtEveryLength(kernels: BlendKernels) {
  var random = SeededPixels(state: 37 &+ UInt64(kernels.rawValue))
  var mismatches: [String] = []
  for count in 0...130 {
    for offset in misalignments {
      let source = random.sources(count)
      // Unscaled (the copy and skip shortcuts), and scaled by a random coverage.
      for coverage in [255, random.next() % 255] {
        let result = runKernel(count: count, offset: offset, random: &random) { dst in
          Blend.overRow(dst, source, count, coverage: coverage, kernels: kernels)
        } reference: { i, d in
          Blend.over(Blend.scale(source[i], coverage), d)
        }
        if result.kernel != result.reference {
          mismatches.append("count \(count), offset \(offset), \(coverage)")
        }
      }
      let coverages = random.coverages(count)
      let result = runKernel(count: count, offset: offset, random: &random) { dst in
        Blend.overRow(dst, source, count, coverages: coverages, kernels: kernels)
      } reference: { i, d in
        Blend.over(Blend.scale(source[i], UInt32(coverages[i])), d)
      }
      if result.kernel != result.reference {
        mismatches.append("count \(count), offset \(offset), coverages")
      }
    }
  }
  #expect(mismatches.isEmpty, "\(kernels): \(mismatches.prefix(8))")
}

@Test(arguments: supportedKernels)
func everyKernelSetCompositesACoverageImageAsTheScalarReferenceAndTouchesNothingElse(kernels: BlendKernels) {
  // Images 0 to 130 pixels wide inside a wider pixmap; the coverage rows are longer than the image,
  // with ink after each row's end that must not be used.
  var random = SeededPixels(state: 41 &+ UInt64(kernels.rawValue))
  let (rows, stride, coverageStride) = (3, 150, 140)
  var mismatches: [String] = []
  for width in 0...130 {
    for alphas: ClosedRange<UInt32> in [255...255, 0...254] {
      let color = random.pixel(alphas: alphas)
      let offset = misalignments[width % misalignments.count]
      let coverages = random.coverages(coverageStride * rows + 7)
      let original = (0..<(stride * rows)).map { _ in random.pixel() }
      var drawn = original
      coverages.withUnsafeBufferPointer { c in
        drawn.withUnsafeMutableBufferPointer {
          Blend.overConstant(
            $0.baseAddress! + offset, stride: stride, width: width, height: rows, color,
            coverages: c.baseAddress!,
            coverageStride: coverageStride, kernels: kernels)
        }
      }
      var expected = original
      for row in 0..<rows {
        for x in 0..<width {
          let i = row * stride + offset + x
          expected[i] = Blend.over(
            Blend.scale(color, UInt32(coverages[row * coverageStride + x])), original[i])
        }
      }
      if drawn != expected { mismatches.append("width \(width), \(alphas)") }
    }
  }
  #expect(mismatches.isEmpty, "\(kernels): \(mismatches.prefix(8))")
}

@Test func theMultiplyHighBy257IsTheExactRoundedDivisionBy255OverEverySixteenBitValue() {
  // The kernels divide t = x·f + 128 by 255 as the high half of t·257; the scalar code as
  // (t + (t >> 8)) >> 8. Both agree on every 16-bit t, and on every channel product they are x·f / 255
  // rounded to the nearest integer (255 is odd: no product lies halfway).
  var mismatches = 0
  for t: UInt32 in 0...0xFFFF where (t &* 257) >> 16 != (t + (t >> 8)) >> 8 { mismatches += 1 }
  for x: UInt32 in 0...255 {
    for f: UInt32 in 0...255 {
      let t = x * f + 128
      let rounded = UInt32((Double(x * f) / 255).rounded())
      if (t &* 257) >> 16 != rounded || mul255(x, f) != rounded { mismatches += 1 }
    }
  }
  #expect(mismatches == 0)
}

@Test(arguments: supportedKernels)
func everyKernelSetDividesEveryChannelProductBy255Exactly(kernels: BlendKernels) {
  // Every channel value x times every factor f, through each kernel's two multiplications: a row of
  // grey pixels (every channel x) scaled by f over transparent black, and a colour of alpha 255 − f (no
  // colour channels) over the same row (a fill where f = 0).
  let greys: [UInt32] = (0...255).map { $0 &* 0x0101_0101 }
  var mismatches = 0
  for f: UInt32 in 0...254 {
    var scaled = [UInt32](repeating: 0, count: 256)
    scaled.withUnsafeMutableBufferPointer {
      Blend.overRow($0.baseAddress!, greys, 256, coverage: f, kernels: kernels)
    }
    var blended = greys
    blended.withUnsafeMutableBufferPointer {
      Blend.overConstant($0.baseAddress!, 256, (255 - f) << 24, kernels: kernels)
    }
    for x in 0...255 {
      let product = UInt32((Double(UInt32(x) * f) / 255).rounded())
      if scaled[x] != product &* 0x0101_0101 { mismatches += 1 }
      if blended[x] != (255 - f + product) << 24 | product &* 0x01_0101 { mismatches += 1 }
    }
  }
  #expect(mismatches == 0, "\(kernels)")
}

@Test func theWidestKernelSetTheCPUReportsIsTheOneChosen() throws {
  // /proc/cpuinfo's flags, read independently of the kernels' own CPU check.
  let file = try #require(fopen("/proc/cpuinfo", "r"))
  defer { fclose(file) }
  var line: UnsafeMutablePointer<CChar>? = nil
  var capacity = 0
  var flags: Set<Substring> = []
  while getline(&line, &capacity, file) > 0, flags.isEmpty {
    let text = String(cString: line!)
    if text.hasPrefix("flags") {
      flags = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }))
    }
  }
  free(line)
  let expected: BlendKernels =
    ["avx512f", "avx512bw", "avx512vl"].allSatisfy { flags.contains($0[...]) }
    ? .avx512 : flags.contains("avx2") ? .avx2 : .portable
  #expect(BlendKernels.detected == expected)
  #expect(BlendKernels.allCases.filter(\.isSupported) == BlendKernels.allCases.filter { $0 <= expected })
}
