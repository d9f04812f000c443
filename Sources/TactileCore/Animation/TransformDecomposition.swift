import TactileGeometry

import func Glibc.atan2
import func Glibc.cos
import func Glibc.sin

/// An affine transform taken apart into the components an animation moves, so that a transform
/// animates as a rotation, scale and translation would (as UIKit's do) rather than coefficient by
/// coefficient, which squashes a turning view (half way from 0 to 180°, the coefficients are all zero).
///
/// The linear part is `rotation(angle) · shear(x by shear · y) · scale(scaleX, scaleY)`, applied to a
/// point before the translation: `scaleX` is the length of the image of the x axis, `angle` its
/// direction, and `scaleY` is negative for a transform that mirrors.
struct TransformDecomposition: Equatable {
  var translation: Point
  var angle: Double
  var scaleX: Double
  var scaleY: Double
  var shear: Double

  /// The components of `transform`, or `nil` when it flattens the x axis to a point (nothing to turn).
  init?(_ transform: AffineTransform) {
    let length = (transform.a * transform.a + transform.b * transform.b).squareRoot()
    guard length > 0, length.isFinite else { return nil }
    let cosine = transform.a / length
    let sine = transform.b / length
    translation = Point(x: transform.tx, y: transform.ty)
    angle = atan2(sine, cosine)
    scaleX = length
    scaleY = -transform.c * sine + transform.d * cosine
    let skewed = transform.c * cosine + transform.d * sine
    shear = scaleY != 0 ? skewed / scaleY : 0
    guard scaleY != 0 || skewed == 0 else { return nil }
  }

  /// The transform these components make.
  var transform: AffineTransform {
    let cosine = cos(angle)
    let sine = sin(angle)
    // The columns: the x axis scaled and turned; the y axis sheared, scaled and turned.
    let along: Double = shear * scaleY
    let c: Double = along * cosine - scaleY * sine
    let d: Double = along * sine + scaleY * cosine
    return AffineTransform(
      a: scaleX * cosine, b: scaleX * sine, c: c, d: d, tx: translation.x, ty: translation.y)
  }

  /// The components `progress` of the way to `end`, each in a straight line; the angle turns the
  /// shorter way round (at most half a turn).
  func interpolated(to end: TransformDecomposition, _ progress: Double) -> TransformDecomposition {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
    var turn = end.angle - angle
    if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
    var result = self
    result.translation = Point(
      x: mix(translation.x, end.translation.x), y: mix(translation.y, end.translation.y))
    result.angle = angle + turn * progress
    result.scaleX = mix(scaleX, end.scaleX)
    result.scaleY = mix(scaleY, end.scaleY)
    result.shear = mix(shear, end.shear)
    return result
  }
}
