/// An owned, value-typed block of premultiplied ARGB8888 pixels (``PremultipliedColor``), rows packed
/// without padding: for tests, screenshots, decoded PNGs and image drawing.
///
/// Draw into it through ``withPixmap(_:)``; compare two images with `==`.
public struct Image: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// The pixels, row by row: pixel (x, y) is `pixels[y × width + x]`, as `0xAARRGGBB` words.
  public private(set) var pixels: [UInt32]

  /// An image of `width × height` pixels, all `color`.
  /// - Throws: ``RasterError`` when a dimension is negative or the byte size overflows.
  public init(width: Int, height: Int, color: PremultipliedColor = .clear) throws(RasterError) {
    try Pixmap.validate(width: width, height: height, stride: width &* 4)
    self.width = width
    self.height = height
    pixels = Array(repeating: color.argb, count: width * height)
  }

  /// An image over the given pixels (row-major, `width × height` words).
  /// - Throws: ``RasterError/pixelCountMismatch(expected:actual:)`` when the count is wrong, or
  ///   ``RasterError`` for an invalid size.
  public init(width: Int, height: Int, pixels: [UInt32]) throws(RasterError) {
    try Pixmap.validate(width: width, height: height, stride: width &* 4)
    guard pixels.count == width * height else {
      throw .pixelCountMismatch(expected: width * height, actual: pixels.count)
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image over pixels whose count and size the caller has already checked.
  init(unchecked width: Int, height: Int, pixels: [UInt32]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A copy of the pixels a pixmap shows.
  public init(copying pixmap: Pixmap) {
    width = pixmap.width
    height = pixmap.height
    var copy = [UInt32]()
    copy.reserveCapacity(pixmap.width * pixmap.height)
    for y in 0..<pixmap.height {
      copy.append(contentsOf: UnsafeBufferPointer(start: pixmap.row(y), count: pixmap.width))
    }
    pixels = copy
  }

  /// The pixel at (`x`, `y`).
  /// - Precondition: the point is inside the image.
  public subscript(x: Int, y: Int) -> PremultipliedColor {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
      return PremultipliedColor(argb: pixels[y * width + x])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside the image")
      pixels[y * width + x] = newValue.argb
    }
  }

  /// Runs `body` with a pixmap over this image's pixels, for drawing into it.
  ///
  /// The pixmap is valid only inside `body`; do not let it escape.
  public mutating func withPixmap<R, E: Error>(_ body: (Pixmap) throws(E) -> R) throws(E) -> R {
    let (w, h) = (width, height)
    return try pixels.withUnsafeMutableBufferPointer { (buffer) throws(E) -> R in
      guard let base = buffer.baseAddress else {
        // An empty image: any valid address will do, no row is ever touched.
        var dummy: UInt32 = 0
        return try withUnsafeMutablePointer(to: &dummy) { (p) throws(E) -> R in
          try body(Pixmap(unchecked: UnsafeMutableRawPointer(p), width: w, height: h, stride: w * 4))
        }
      }
      return try body(Pixmap(unchecked: UnsafeMutableRawPointer(base), width: w, height: h, stride: w * 4))
    }
  }
}
