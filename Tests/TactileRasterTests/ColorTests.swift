import Testing

@testable import TactileRaster

@Test func premultiplyingRoundsExactlyForEveryPair() {
  for a in 0...255 {
    for c in 0...255 {
      let exact = UInt32((Double(c * a) / 255).rounded())
      #expect(mul255(UInt32(c), UInt32(a)) == exact, "c \(c) a \(a)")
    }
  }
}

@Test func opaqueColoursStayOpaqueAndExact() {
  let p = Color(red8: 12, green8: 200, blue8: 255).premultiplied
  #expect(p.argb == 0xFF0C_C8FF)
}

@Test func halfTransparentColourPremultipliesEachChannel() {
  let p = Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied
  // alpha 128; red 255·128/255 = 128; green 128·128/255 = 64.25 → 64.
  #expect(p == PremultipliedColor(argb: 0x8080_4000))
}

@Test func outOfRangeAndNaNComponentsAreClamped() {
  let p = Color(red: 2, green: -1, blue: .nan, alpha: .infinity).premultiplied
  #expect(p.argb == 0xFFFF_0000)
}

@Test func unpremultiplyingInvertsPremultiplicationForEveryAlpha() {
  for a in UInt8(0)...255 {
    for c in stride(from: 0, through: 255, by: 5) {
      let p = PremultipliedColor(straightAlpha8: a, red8: UInt8(c), green8: 0, blue8: 255)
      let s = p.straight8
      let back = PremultipliedColor(straightAlpha8: s.alpha, red8: s.red, green8: s.green, blue8: s.blue)
      #expect(back == p)
    }
  }
}
