/// The pixels of one committed buffer, copied out of shared memory at commit: premultiplied ARGB8888,
/// tightly packed rows (XRGB8888 buffers are stored with alpha 0xFF).
struct SurfaceImage: Equatable {
  var width: Int
  var height: Int
  var pixels: [UInt32]

  /// The pixel at `x`, `y`, or nil outside the image.
  func pixel(x: Int, y: Int) -> UInt32? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    return pixels[y * width + x]
  }
}
