import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Transforms animate component by component: translation, rotation, scale (and shear) each move in a
/// straight line, as UIKit animates them.
@MainActor
@Suite struct TransformAnimationTests {
  /// Animates the transform of a view in a fresh window to `end` over 1 s (linear), from `start`, and
  /// returns the transform shown half way.
  private func halfWay(from start: AffineTransform, to end: AffineTransform) -> AffineTransform {
    let app = TestApplication()
    let view = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    app.rootView.addSubview(view)
    view.transform = start
    View.animate(withDuration: 1, options: .curveLinear) { view.transform = end }
    app.scheduler.advance(by: 0.505)
    let shown = view.transform
    app.scheduler.advance(by: 0.5)
    #expect(view.transform == end, "the last frame sets the end value exactly")
    return shown
  }

  private func near(_ a: AffineTransform, _ b: AffineTransform) -> Bool {
    [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) < 1e-9 }
  }

  /// A rotation by `angle` scaled by `scale`, then moved by `translation`.
  private func transform(angle: Double, scale: Double = 1, translation: Point = .zero) -> AffineTransform {
    var result = AffineTransform(rotationAngle: angle)
    result.a *= scale
    result.b *= scale
    result.c *= scale
    result.d *= scale
    result.tx = translation.x
    result.ty = translation.y
    return result
  }

  @Test func aHalfTurnPassesThroughAQuarterTurnInsteadOfCollapsing() {
    let shown = halfWay(from: .identity, to: AffineTransform(rotationAngle: .pi))
    #expect(near(shown, AffineTransform(rotationAngle: .pi / 2)))
    #expect(abs(shown.determinant - 1) < 1e-9, "the view keeps its size while it turns")
  }

  @Test func scaleRotationAndTranslationEachMoveInAStraightLine() {
    let end = transform(angle: 3 * .pi / 4, scale: 2, translation: Point(x: 100, y: 40))
    let shown = halfWay(from: .identity, to: end)
    #expect(near(shown, transform(angle: 3 * .pi / 8, scale: 1.5, translation: Point(x: 50, y: 20))))
  }

  @Test func aTurnAcrossHalfARevolutionGoesTheShortWayRound() {
    let degree = Double.pi / 180
    let shown = halfWay(
      from: AffineTransform(rotationAngle: 170 * degree), to: AffineTransform(rotationAngle: -170 * degree))
    #expect(near(shown, AffineTransform(rotationAngle: .pi)), "through 180°, not through 0°")
  }

  @Test func aMirroredScaleAnimatesItsSignLikeAnyScale() {
    let shown = halfWay(from: .identity, to: AffineTransform(scaleX: 1, y: -3))
    #expect(near(shown, AffineTransform(scaleX: 1, y: -1)))
  }

  @Test func aTransformThatFlattensTheViewAnimatesCoefficientByCoefficient() {
    let shown = halfWay(from: .identity, to: AffineTransform(scaleX: 0, y: 2))
    #expect(near(shown, AffineTransform(scaleX: 0.5, y: 1.5)))
  }
}
