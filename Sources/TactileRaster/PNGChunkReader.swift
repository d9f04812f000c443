import CZlib

/// The `IHDR` fields the decoder uses, validated.
struct PNGHeader {
  let width: Int
  let height: Int
  let bitDepth: Int
  let colorType: UInt8

  /// Samples per pixel for the colour type.
  var channels: Int {
    switch colorType {
    case 0, 3: return 1
    case 2: return 3
    case 4: return 2
    default: return 4
    }
  }

  var bitsPerPixel: Int { channels * bitDepth }
  var rowByteCount: Int { (width * bitsPerPixel + 7) / 8 }
  /// The byte distance the Sub/Average/Paeth filters look back (at least 1).
  var filterStep: Int { max(1, bitsPerPixel / 8) }
  var filteredByteCount: Int { (rowByteCount + 1) * height }

  init(_ body: [UInt8]) throws(PNGError) {
    guard body.count == 13 else { throw .malformed(reason: "IHDR is \(body.count) bytes, not 13") }
    width = Int(body.bigEndianUInt32(at: 0))
    height = Int(body.bigEndianUInt32(at: 4))
    bitDepth = Int(body[8])
    colorType = body[9]
    guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
      throw .malformed(reason: "image size \(width)×\(height)")
    }
    guard width * height <= PNGCodec.maximumPixelCount else {
      throw .tooLarge(width: width, height: height)
    }
    let depths: [UInt8: [Int]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard let allowed = depths[colorType], allowed.contains(bitDepth) else {
      throw .unsupported(reason: "colour type \(colorType) at bit depth \(bitDepth)")
    }
    guard body[10] == 0, body[11] == 0 else { throw .unsupported(reason: "compression or filter method") }
    guard body[12] == 0 else { throw .unsupported(reason: "interlaced image") }
  }
}

/// The chunks of a PNG file that matter for decoding.
struct PNGParsedChunks {
  var header: PNGHeader
  var palette: [UInt8]
  var transparency: [UInt8]
  var compressed: [UInt8]
}

/// Walks the chunks of a PNG file, checking signature, lengths and CRCs.
struct PNGChunkReader {
  let data: [UInt8]
  var offset = 8

  init(data: [UInt8]) {
    self.data = data
  }

  mutating func readAll() throws(PNGError) -> PNGParsedChunks {
    guard data.count >= 8, Array(data[0..<8]) == PNGCodec.signature else { throw .notPNG }
    let (firstType, firstBody) = try next()
    guard firstType == "IHDR" else { throw .malformed(reason: "first chunk is \(firstType), not IHDR") }
    var parsed = PNGParsedChunks(
      header: try PNGHeader(firstBody), palette: [], transparency: [], compressed: [])
    while true {
      let (type, body) = try next()
      switch type {
      case "PLTE": parsed.palette = body
      case "tRNS": parsed.transparency = body
      case "IDAT": parsed.compressed += body
      case "IEND": return try validated(parsed)
      default: continue
      }
    }
  }

  private func validated(_ parsed: PNGParsedChunks) throws(PNGError) -> PNGParsedChunks {
    guard !parsed.compressed.isEmpty else { throw .malformed(reason: "no IDAT chunk") }
    if parsed.header.colorType == 3 {
      guard !parsed.palette.isEmpty, parsed.palette.count % 3 == 0 else {
        throw .malformed(reason: "palette image without a valid PLTE chunk")
      }
    }
    return parsed
  }

  /// Reads one chunk: its type and body.
  private mutating func next() throws(PNGError) -> (String, [UInt8]) {
    guard offset + 8 <= data.count else { throw .truncated(offset: data.count) }
    let length = Int(data.bigEndianUInt32(at: offset))
    guard length < 1 << 31, offset + 12 + length <= data.count else {
      throw .truncated(offset: data.count)
    }
    let typeBytes = data[(offset + 4)..<(offset + 8)]
    let type = String(decoding: typeBytes, as: UTF8.self)
    let crc = data[(offset + 4)..<(offset + 8 + length)].withUnsafeBufferPointer {
      crc32(0, $0.baseAddress, UInt32($0.count))
    }
    guard UInt32(crc) == data.bigEndianUInt32(at: offset + 8 + length) else {
      throw .badChecksum(chunk: type)
    }
    let body = Array(data[(offset + 8)..<(offset + 8 + length)])
    offset += 12 + length
    return (type, body)
  }
}

extension [UInt8] {
  func bigEndianUInt32(at i: Int) -> UInt32 {
    UInt32(self[i]) << 24 | UInt32(self[i + 1]) << 16 | UInt32(self[i + 2]) << 8 | UInt32(self[i + 3])
  }
}
