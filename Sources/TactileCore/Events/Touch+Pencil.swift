import Glibc
import TactileGeometry

/// A pencil's angles and force, in UIKit's names (``Touch/TouchType/pencil``).
///
/// The platform reports the stylus's lean as an altitude (``Touch/altitudeAngle``) and a direction in the
/// window (``TouchPoint/azimuthAngle``); a view sees the direction in its own coordinates, so a rotated
/// or flipped view gets the angle it draws with.
extension Touch {
  /// The highest ``force`` the touch can report, like UIKit's `maximumPossibleForce`: 4 for a pencil
  /// (its tablet's full pressure), 1 for a touch whose platform reports force, 0 otherwise.
  public var maximumPossibleForce: Double {
    if type == .pencil { return Self.maximumPencilForce }
    return force == nil ? 0 : 1
  }

  /// The force of a pencil pressed as hard as its tablet measures.
  public nonisolated static let maximumPencilForce = 4.0

  /// The direction the stylus leans towards, in radians in `view`'s coordinates (`nil`: the window's):
  /// 0 along +x, growing clockwise (y points down), in −π…π. 0 when the tablet reports no tilt or the
  /// stylus stands upright, and for other touches.
  public func azimuthAngle(in view: View?) -> Double {
    let vector = azimuthUnitVector(in: view)
    return atan2(vector.y, vector.x)
  }

  /// The unit vector of ``azimuthAngle(in:)`` in `view`'s coordinates (`nil`: the window's).
  public func azimuthUnitVector(in view: View?) -> Point {
    let direction = Point(x: cos(azimuthInWindow), y: sin(azimuthInWindow))
    guard let view, let window else { return direction }
    let origin = view.convert(locationInWindow, from: window)
    let tip = view.convert(
      Point(x: locationInWindow.x + direction.x, y: locationInWindow.y + direction.y), from: window)
    let (dx, dy) = (tip.x - origin.x, tip.y - origin.y)
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0, length.isFinite else { return direction }
    return Point(x: dx / length, y: dy / length)
  }

  /// Takes a pencil point's tool and angles (non-finite angles are ignored).
  func updatePencil(from point: TouchPoint) {
    if let tool = point.pencilTool { pencilTool = tool }
    if let altitude = point.altitudeAngle, altitude.isFinite { altitudeAngle = altitude }
    if let azimuth = point.azimuthAngle, azimuth.isFinite { azimuthInWindow = azimuth }
    if let roll = point.rollAngle, roll.isFinite { rollAngle = roll }
  }
}
