/// A colour in the sRGB encoding with straight (not premultiplied) alpha, each component in `0...1`.
///
/// Components are kept as given; conversion to pixels clamps them to `0...1` (NaN counts as 0), rounds
/// to 8 bits and premultiplies with exact division by 255, as pixman and cairo do. Blending happens in
/// the encoded sRGB values, which is what the `wl_buffer` contract expects.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var red: Double
  public var green: Double
  public var blue: Double
  public var alpha: Double

  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from 8-bit straight components.
  public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
    self.init(
      red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255,
      alpha: Double(alpha8) / 255)
  }

  /// A gray level with an alpha.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  public static let black = Color(white: 0)
  public static let white = Color(white: 1)
  public static let red = Color(red: 1, green: 0, blue: 0)
  public static let green = Color(red: 0, green: 1, blue: 0)
  public static let blue = Color(red: 0, green: 0, blue: 1)

  /// The same colour with another alpha.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The colour as a premultiplied 8-bit pixel, with exact rounding.
  public var premultiplied: PremultipliedColor {
    PremultipliedColor(
      straightAlpha8: Color.quantize(alpha), red8: Color.quantize(red),
      green8: Color.quantize(green), blue8: Color.quantize(blue))
  }

  /// `value` clamped to `0...1` and rounded to the nearest of 256 levels; NaN gives 0.
  static func quantize(_ value: Double) -> UInt8 {
    guard value > 0 else { return 0 }
    guard value < 1 else { return 255 }
    return UInt8((value * 255).rounded())
  }

  public var description: String { "Color(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

/// A premultiplied ARGB8888 pixel as `wl_shm`'s `ARGB8888` format stores it: a native 32-bit little-endian
/// word `0xAARRGGBB` whose colour channels are already multiplied by alpha (each ≤ alpha).
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
  /// The pixel word, `0xAARRGGBB`.
  public var argb: UInt32

  public init(argb: UInt32) {
    self.argb = argb
  }

  /// Premultiplies 8-bit straight components: each colour channel becomes `round(c × a / 255)`.
  public init(straightAlpha8 a: UInt8, red8 r: UInt8, green8 g: UInt8, blue8 b: UInt8) {
    let a32 = UInt32(a)
    argb =
      a32 << 24 | mul255(UInt32(r), a32) << 16 | mul255(UInt32(g), a32) << 8 | mul255(UInt32(b), a32)
  }

  /// The fully transparent pixel, 0.
  public static let clear = PremultipliedColor(argb: 0)

  public var alpha: UInt8 { UInt8(truncatingIfNeeded: argb >> 24) }
  public var red: UInt8 { UInt8(truncatingIfNeeded: argb >> 16) }
  public var green: UInt8 { UInt8(truncatingIfNeeded: argb >> 8) }
  public var blue: UInt8 { UInt8(truncatingIfNeeded: argb) }

  /// The straight 8-bit components `(r, g, b, a)`, each colour channel `round(c × 255 / a)` clamped to
  /// 255; all zero when alpha is 0. Inverse of premultiplication for every valid premultiplied pixel.
  public var straight8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let a = UInt32(alpha)
    guard a != 0 else { return (0, 0, 0, 0) }
    func un(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
    return (un(red), un(green), un(blue), alpha)
  }

  public var description: String {
    "0x" + String(argb, radix: 16, uppercase: true).leftPadded(to: 8)
  }
}

/// `round(a × b / 255)` for 8-bit `a` and `b`, exact for every pair (`t = a·b + 128; (t + t>>8) >> 8`).
@inline(__always)
func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
  let t = a &* b &+ 128
  return (t &+ (t >> 8)) >> 8
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    count >= length ? self : String(repeating: "0", count: length - count) + self
  }
}
