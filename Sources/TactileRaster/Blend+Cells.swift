import CSystem

extension Blend {
  /// Composites one colour over `count` (at least 1) pixels whose coverages are a scan converter's
  /// running sums: pixel `i` is covered by `CoverageRasterizer.coverage(sum + cells[0] + … + cells[i],
  /// evenOdd:)`, and blended as ``overConstant(_:_:_:coverages:kernels:)`` blends that byte. Zeroes the
  /// `count` cells and returns the running sum after the last one. Reads and writes no cell or pixel
  /// outside the run.
  static func overConstant(
    _ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ color: UInt32, cells: UnsafeMutablePointer<Int32>,
    sum: Int32, evenOdd: Bool, kernels: BlendKernels = .detected
  ) -> Int32 {
    switch kernels {
    case .avx512: return tactile_over_constant_cells_avx512(dst, cells, count, color, sum, evenOdd ? 1 : 0)
    case .avx2: return tactile_over_constant_cells_avx2(dst, cells, count, color, sum, evenOdd ? 1 : 0)
    case .portable:
      var s = sum
      for i in 0..<count {
        s &+= cells[i]
        cells[i] = 0
        let c = CoverageRasterizer.coverage(s, evenOdd: evenOdd)
        if c > 0 { dst[i] = over(scale(color, UInt32(c)), dst[i]) }
      }
      return s
    }
  }
}
