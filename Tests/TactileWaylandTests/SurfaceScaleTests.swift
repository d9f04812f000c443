import Testing

@testable import TactileWayland

@Suite struct SurfaceScaleTests {
  @Test func integerScaleMultipliesExactly() {
    #expect(SurfaceScale.integer(2).pixels(forLogical: 301) == 602)
    #expect(SurfaceScale.integer(1).pixels(forLogical: 7) == 7)
  }

  @Test func fractionalScaleRoundsHalfAwayFromZero() {
    // 1.5 × 1 = 1.5 → 2; 1.5 × 3 = 4.5 → 5; 1.25 × 2 = 2.5 → 3 (half to even would give 2, 4 and 2).
    #expect(SurfaceScale.fractional(180).pixels(forLogical: 1) == 2)
    #expect(SurfaceScale.fractional(180).pixels(forLogical: 3) == 5)
    #expect(SurfaceScale.fractional(150).pixels(forLogical: 2) == 3)
    #expect(SurfaceScale.fractional(180).pixels(forLogical: -3) == -5)
  }

  @Test func fractionalScaleRoundsBelowHalfDown() {
    // 1.25 × 1 = 1.25 → 1; 1.75 × 1 = 1.75 → 2; 1.5 × 100 = 150 exactly.
    #expect(SurfaceScale.fractional(150).pixels(forLogical: 1) == 1)
    #expect(SurfaceScale.fractional(210).pixels(forLogical: 1) == 2)
    #expect(SurfaceScale.fractional(180).pixels(forLogical: 100) == 150)
  }

  @Test func scalesAreClampedToOneToFour() {
    #expect(SurfaceScale.integer(0).clamped == .integer(1))
    #expect(SurfaceScale.integer(9).clamped == .integer(4))
    #expect(SurfaceScale.fractional(60).clamped == .fractional(120))
    #expect(SurfaceScale.fractional(1200).factor == 4)
  }

  @Test func bufferSizeIsAtLeastOnePixel() {
    let size = SurfaceScale.fractional(120).bufferSize(forLogical: .init(width: 0, height: 3))
    #expect(size == BufferLedger.PixelSize(width: 1, height: 3))
  }
}
