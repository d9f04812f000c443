/// Where device columns `first ..< first + count` sample an image row, laid out for
/// ``Bilinear/mixColumns(_:_:_:_:_:)``: per column the image column left of the sample and the weight
/// of the one right of it. Samples left of the first column's centre or right of the last one's repeat
/// the edge pixel: their index is clamped and their weight 0.
///
/// Built once per draw when every row samples the same columns (no rotation or shear), or per row
/// otherwise. Owned by one ``ImageShader``.
struct BilinearColumns {
  private(set) var first = 0
  private(set) var count = 0
  private var indexBuffer = ScratchBuffer<Int32>()
  private var weightBuffer = ScratchBuffer<UInt32>()

  var indices: UnsafeMutablePointer<Int32> { indexBuffer.pointer }
  var weights: UnsafeMutablePointer<UInt32> { weightBuffer.pointer }

  /// Starts a table for columns `first ..< first + count` (entries to be set).
  mutating func reset(first: Int, count: Int) {
    indexBuffer.reserve(count)
    weightBuffer.reserve(count)
    self.first = first
    self.count = count
  }

  /// Whether columns `x ..< x + count` all have entries.
  func covers(_ x: Int, _ count: Int) -> Bool { x >= first && x + count <= first + self.count }

  /// Sets entry `i` for a sample at image x `u` (32.32 fixed point, pixel centres at whole numbers) in
  /// a row `width` pixels wide.
  @inline(__always)
  func set(_ i: Int, position u: Int64, width: Int) {
    let column = u >> 32
    if column < 0 {
      (indices[i], weights[i]) = (0, 0)
    } else if column >= Int64(width - 1) {
      (indices[i], weights[i]) = (Int32(width - 1), 0)
    } else {
      let f = UInt32(truncatingIfNeeded: (u >> 24) & 0xFF)
      (indices[i], weights[i]) = (Int32(truncatingIfNeeded: column), f &* 0x0001_0001)
    }
  }
}
