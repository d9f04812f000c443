import CSystem
import CZlib

/// PNG reading and writing for ``Image``, over zlib.
///
/// Writing produces 8-bit RGBA (colour type 6, non-interlaced), un-premultiplying each pixel with
/// rounding, so any image whose pixels are valid premultiplied values survives a round trip exactly.
/// Reading accepts every non-interlaced PNG: grayscale, RGB, palette, gray+alpha and RGBA at all legal bit
/// depths, with `tRNS` transparency; 16-bit samples are rounded to 8 bits.
public enum PNGCodec {
  /// The largest image, in pixels, that ``decode(_:)`` accepts (a guard against hostile headers).
  public static let maximumPixelCount = 1 << 27

  static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  /// Encodes an image as a PNG file.
  /// - Throws: ``PNGError/compressionFailed(zlibCode:)`` if zlib fails (out of memory).
  /// - Complexity: O(width × height).
  public static func encode(_ image: Image) throws(PNGError) -> [UInt8] {
    var out = signature
    var header = [UInt8]()
    header.appendBigEndian(UInt32(image.width))
    header.appendBigEndian(UInt32(image.height))
    header += [8, 6, 0, 0, 0]  // depth 8, RGBA, deflate, adaptive filters, no interlace
    appendChunk("IHDR", header, to: &out)
    appendChunk("IDAT", try compress(filteredRows(of: image)), to: &out)
    appendChunk("IEND", [], to: &out)
    return out
  }

  /// Decodes a PNG file into premultiplied pixels.
  /// - Throws: ``PNGError`` describing the first problem found; never traps on bad input.
  public static func decode(_ data: [UInt8]) throws(PNGError) -> Image {
    var reader = PNGChunkReader(data: data)
    let parsed = try reader.readAll()
    let header = parsed.header
    let raw = try inflate(parsed.compressed, expectedCount: header.filteredByteCount)
    let rows = try unfilter(raw, header: header)
    return try PNGPixelConverter(header: header, palette: parsed.palette, transparency: parsed.transparency)
      .image(from: rows)
  }

  static func appendChunk(_ type: String, _ body: [UInt8], to out: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    out.appendBigEndian(UInt32(body.count))
    let start = out.count
    out += typeBytes
    out += body
    let crc = out[start...].withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
    out.appendBigEndian(UInt32(crc))
  }

  /// The RGBA rows, each prefixed with the filter (None, Sub, Up, Average or Paeth) whose output has the
  /// smallest sum of absolute signed bytes — the usual heuristic for good compression
  /// (`tactile_png_filter_rows`: C, so that even a debug build encodes a screen in milliseconds).
  static func filteredRows(of image: Image) throws(PNGError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: (image.width * 4 + 1) * image.height)
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      out.withUnsafeMutableBufferPointer { bytes in
        tactile_png_filter_rows(pixels.baseAddress, image.width, image.height, bytes.baseAddress)
      }
    }
    guard status == 0 else { throw .compressionFailed(zlibCode: Z_MEM_ERROR) }
    return out
  }

  static func compress(_ bytes: [UInt8]) throws(PNGError) -> [UInt8] {
    var length = compressBound(uLong(bytes.count))
    var out = [UInt8](repeating: 0, count: Int(length))
    let code = out.withUnsafeMutableBufferPointer { dst in
      bytes.withUnsafeBufferPointer { src in
        compress2(dst.baseAddress, &length, src.baseAddress, uLong(src.count), 6)
      }
    }
    guard code == Z_OK else { throw .compressionFailed(zlibCode: code) }
    out.removeSubrange(Int(length)...)
    return out
  }

  static func inflate(_ bytes: [UInt8], expectedCount: Int) throws(PNGError) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: expectedCount)
    var length = uLong(expectedCount)
    let code = out.withUnsafeMutableBufferPointer { dst in
      bytes.withUnsafeBufferPointer { src in
        uncompress(dst.baseAddress, &length, src.baseAddress, uLong(src.count))
      }
    }
    guard code == Z_OK else { throw .corruptData(zlibCode: code) }
    guard Int(length) == expectedCount else { throw .corruptData(zlibCode: Z_DATA_ERROR) }
    return out
  }

  /// Reverses the per-row filters in place; returns the rows without their filter bytes.
  static func unfilter(_ raw: [UInt8], header: PNGHeader) throws(PNGError) -> [UInt8] {
    let rowBytes = header.rowByteCount
    var out = [UInt8](repeating: 0, count: rowBytes * header.height)
    var previous = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<header.height {
      let start = y * (rowBytes + 1)
      let type = raw[start]
      guard type <= 4 else { throw .badFilter(row: y, type: type) }
      let row = PNGFilter.reverse(
        type, row: raw[(start + 1)..<(start + 1 + rowBytes)], previous: previous,
        bytesPerPixel: header.filterStep)
      out.replaceSubrange((y * rowBytes)..<((y + 1) * rowBytes), with: row)
      previous = row
    }
    return out
  }
}

extension [UInt8] {
  mutating func appendBigEndian(_ value: UInt32) {
    append(contentsOf: [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ])
  }
}
