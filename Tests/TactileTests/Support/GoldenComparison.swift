import TactileRaster

/// The pixel-by-pixel difference of two images, over the larger of their sizes.
struct GoldenComparison {
  var differingPixels = 0
  var maximumDifference = 0
  /// Differing pixels opaque red; matching ones the golden's grey level faded towards white.
  var diff: Image

  private static let highlight = PremultipliedColor(argb: 0xFFFF_0000)

  init(expected: Image, actual: Image) throws {
    let width = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    diff = try Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
          differingPixels += 1
          maximumDifference = 255
          diff[x, y] = Self.highlight
          continue
        }
        let (a, b) = (expected[x, y], actual[x, y])
        if a == b {
          diff[x, y] = Self.faded(a)
        } else {
          differingPixels += 1
          maximumDifference = max(
            maximumDifference, Self.distance(a.alpha, b.alpha), Self.distance(a.red, b.red),
            Self.distance(a.green, b.green), Self.distance(a.blue, b.blue))
          diff[x, y] = Self.highlight
        }
      }
    }
  }

  private static func distance(_ a: UInt8, _ b: UInt8) -> Int { abs(Int(a) - Int(b)) }

  /// The pixel's grey level over white, brought three quarters of the way to white: context, not content.
  private static func faded(_ pixel: PremultipliedColor) -> PremultipliedColor {
    let sum = Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
    let overWhite = sum / 3 + (255 - Int(pixel.alpha))
    let level = UInt32(255 - (255 - overWhite) / 4)
    return PremultipliedColor(argb: 0xFF00_0000 | level << 16 | level << 8 | level)
  }
}
