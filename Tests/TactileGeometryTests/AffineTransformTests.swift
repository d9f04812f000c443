import Foundation
import TactileGeometry
import Testing

@Suite struct AffineTransformTests {
  @Test func concatenationAppliesTheReceiverFirst() {
    let t = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
    #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
  }

  @Test func rotationTurnsTheXAxisTowardsTheYAxis() {
    let p = AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
  }

  @Test func inverseUndoesTheTransform() throws {
    let t = AffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -7)
    let inverse = try #require(t.inverted())
    let p = inverse.apply(to: t.apply(to: Point(x: 3, y: 4)))
    #expect(abs(p.x - 3) < 1e-9 && abs(p.y - 4) < 1e-9)
  }

  @Test func singularTransformHasNoInverse() {
    #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
  }

  @Test func rectIsMappedToTheBoundingBoxOfItsCorners() {
    let r = AffineTransform(rotationAngle: .pi / 2).apply(to: Rect(x: 0, y: 0, width: 10, height: 20))
    #expect(abs(r.minX + 20) < 1e-9 && abs(r.width - 20) < 1e-9 && abs(r.height - 10) < 1e-9)
  }
}
