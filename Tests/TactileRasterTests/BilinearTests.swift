import Testing

@testable import TactileRaster

/// Column tables of a `width`-pixel row sampled from image x `start` in steps of `step` (negative for
/// a mirrored image), `count` entries.
private func columnTable(width: Int, start: Double, step: Double, count: Int) -> BilinearColumns {
  var table = BilinearColumns()
  table.reset(first: 0, count: count)
  for i in 0..<count {
    table.set(i, position: Int64(((start + Double(i) * step) * 4_294_967_296).rounded(.down)), width: width)
  }
  return table
}

/// Enlarging, one to one, mildly and strongly reduced, mirrored: the AVX2 kernel's permutation and
/// gather paths, edge clamping at both ends and a scalar tail.
private let steps = [0.37, 1, 1.3, 2.9, -0.8]

@Test(arguments: steps)
func mixingColumnsEqualsThePerPixelMix(step: Double) {
  let width = 40
  let mixed = testPixels(width + 16, seed: 5)
  let count = 45
  let table = columnTable(width: width, start: step > 0 ? -1.2 : 38.6, step: step, count: count)
  var out = [UInt32](repeating: 0, count: count)
  Bilinear.mixColumns(&out, mixed, table.indices, table.weights, count)
  let expected = (0..<count).map { i in
    let x = Int(table.indices[i])
    return Bilinear.lerp(mixed[x], mixed[x + 1], table.weights[i] & 0xFF)
  }
  #expect(out == expected)
}

@Test(.enabled(if: BlendKernels.avx2.isSupported, "the CPU has no AVX2"), arguments: steps)
func avx2BilinearKernelsEqualThePortableKernels(step: Double) {
  let width = 40
  let mixed = testPixels(width + 16, seed: 6)
  let top = testPixels(45, seed: 7)
  let bottom = testPixels(45, seed: 8)
  for count in [8, 19, 45] {
    let table = columnTable(width: width, start: step > 0 ? -0.7 : 39.2, step: step, count: count)
    var avx2 = [UInt32](repeating: 0, count: count)
    var portable = avx2
    Bilinear.mixColumns(&avx2, mixed, table.indices, table.weights, count)
    Bilinear.mixColumnsPortable(&portable, mixed, table.indices, table.weights, count)
    #expect(avx2 == portable, "columns, \(count) pixels")
    for weight: UInt32 in 0...255 {
      Bilinear.mixRows(&avx2, top, bottom, count, weight: weight)
      Bilinear.mixRowsPortable(&portable, top, bottom, count, weight: weight)
      if avx2 != portable { Issue.record("rows, \(count) pixels, weight \(weight)") }
    }
  }
}

@Test func edgeSamplesRepeatTheEdgePixel() {
  // Left of the first pixel's centre and right of the last one's, the weight is 0 on the edge pixel.
  let table = columnTable(width: 4, start: -0.75, step: 1.5, count: 4)
  #expect((0..<4).map { table.indices[$0] } == [0, 0, 2, 3])
  #expect((0..<4).map { table.weights[$0] } == [0, 0x00C0_00C0, 0x0040_0040, 0])
}
