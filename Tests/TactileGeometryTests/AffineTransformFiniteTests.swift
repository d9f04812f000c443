import TactileGeometry
import Testing

@Suite struct AffineTransformFiniteTests {
  @Test func transformWithANonFiniteCoefficientIsNotFinite() {
    #expect(AffineTransform.identity.isFinite)
    #expect(!AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0).isFinite)
    #expect(!AffineTransform(scaleX: .infinity, y: 1).isFinite)
  }
}
