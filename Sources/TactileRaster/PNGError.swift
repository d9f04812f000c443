/// Why PNG data could not be decoded (or, for ``compressionFailed(zlibCode:)``, encoded).
public enum PNGError: Error, Equatable, Sendable {
  /// The data does not start with the 8-byte PNG signature.
  case notPNG
  /// The data ends inside a chunk or before the image end chunk; `offset` is where more was needed.
  case truncated(offset: Int)
  /// A chunk's CRC does not match its contents.
  case badChecksum(chunk: String)
  /// The first chunk is not a well-formed `IHDR`, or a required chunk is missing or malformed.
  case malformed(reason: String)
  /// A valid PNG feature this decoder does not implement (interlacing, unknown colour types or depths).
  case unsupported(reason: String)
  /// The image has more than ``PNGCodec/maximumPixelCount`` pixels.
  case tooLarge(width: Int, height: Int)
  /// zlib rejected the compressed image data (its return code), or it inflated to the wrong size.
  case corruptData(zlibCode: Int32)
  /// A row uses a filter type other than 0–4.
  case badFilter(row: Int, type: UInt8)
  /// zlib failed while compressing (its return code).
  case compressionFailed(zlibCode: Int32)
}
