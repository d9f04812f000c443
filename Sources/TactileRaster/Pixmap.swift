/// A view of caller-owned pixel memory: premultiplied ARGB8888 (``PremultipliedColor``), rows `stride`
/// bytes apart. It owns nothing and can describe a `wl_shm` mapping directly, so a ``Canvas`` draws
/// straight into the buffer the compositor reads.
///
/// The caller keeps the memory alive and writable for as long as the pixmap (or a canvas over it) is
/// used. A pixmap with zero width or height is valid and empty: drawing into it does nothing.
public struct Pixmap {
  /// The first byte of the first row.
  public let base: UnsafeMutableRawPointer
  public let width: Int
  public let height: Int
  /// Bytes from the start of one row to the start of the next; a multiple of 4, at least `width × 4`.
  public let stride: Int

  /// Describes `height` rows of `width` pixels starting at `base`.
  /// - Throws: ``RasterError/invalidSize(width:height:)`` for a negative dimension,
  ///   ``RasterError/invalidStride(stride:width:)`` when rows would overlap or be misaligned, and
  ///   ``RasterError/byteSizeOverflow(width:height:stride:)`` when the byte size does not fit in `Int`.
  public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) throws(RasterError) {
    try Pixmap.validate(width: width, height: height, stride: stride)
    self.init(unchecked: base, width: width, height: height, stride: stride)
  }

  init(unchecked base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
    self.base = base
    self.width = width
    self.height = height
    self.stride = stride
  }

  /// Checks the geometry of a buffer; returns its byte size.
  /// - Throws: as ``init(base:width:height:stride:)``.
  @discardableResult
  static func validate(width: Int, height: Int, stride: Int) throws(RasterError) -> Int {
    guard width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
    let (rowBytes, rowOverflow) = width.multipliedReportingOverflow(by: 4)
    guard !rowOverflow else { throw .byteSizeOverflow(width: width, height: height, stride: stride) }
    guard stride >= rowBytes, stride % 4 == 0 else {
      throw .invalidStride(stride: stride, width: width)
    }
    let (bytes, overflow) = height.multipliedReportingOverflow(by: stride)
    guard !overflow else { throw .byteSizeOverflow(width: width, height: height, stride: stride) }
    return bytes
  }

  /// The pixels of row `y` (`0 ..< height`, not checked).
  @inline(__always)
  public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
    (base + y &* stride).assumingMemoryBound(to: UInt32.self)
  }

  /// The pixel at (`x`, `y`).
  /// - Precondition: `0 <= x < width` and `0 <= y < height`.
  public subscript(x: Int, y: Int) -> PremultipliedColor {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the pixmap")
      return PremultipliedColor(argb: row(y)[x])
    }
    nonmutating set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the pixmap")
      row(y)[x] = newValue.argb
    }
  }

  /// Sets every pixel to `color` (no blending).
  /// - Complexity: O(width × height).
  public func fill(_ color: PremultipliedColor) {
    for y in 0..<height { row(y).update(repeating: color.argb, count: width) }
  }
}
