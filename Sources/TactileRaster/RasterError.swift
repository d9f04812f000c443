/// Why a pixel buffer could not be described or created.
///
/// Thrown by ``Pixmap/init(base:width:height:stride:)`` and the ``Image`` initializers; the fields carry
/// the rejected values so that a message can say what was wrong.
public enum RasterError: Error, Equatable, Sendable {
  /// A width or height was negative.
  case invalidSize(width: Int, height: Int)
  /// The stride (bytes from one row to the next) is smaller than `width × 4` or not a multiple of 4.
  case invalidStride(stride: Int, width: Int)
  /// `height × stride` (the byte size of the buffer) does not fit in an `Int`.
  case byteSizeOverflow(width: Int, height: Int, stride: Int)
  /// A pixel array given to ``Image/init(width:height:pixels:)`` has the wrong number of pixels.
  case pixelCountMismatch(expected: Int, actual: Int)
}
