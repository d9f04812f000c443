import Glibc
import TactileGeometry

/// Recognizes the pointer, or a pencil in proximity, over a view with no button held, like
/// `UIHoverGestureRecognizer`. Continuous.
///
/// It begins when the pointer enters its view (or any descendant), changes on each move over it, and
/// ends when the pointer leaves the view or the window. A pencil hovers while it is in the tablet's
/// proximity without touching it: its touching down ends the hover, lifting it (still in proximity)
/// begins a new one. It receives no touches. ``GestureRecognizer/location(in:)`` is the pointer's
/// location; ``zOffset``, ``altitudeAngle`` and ``azimuthAngle(in:)`` describe a hovering pencil.
open class HoverGestureRecognizer: GestureRecognizer {
  open override var kind: Kind { .continuous }

  /// The latest hover input the recognizer handled.
  var latestHover: HoverInput?

  /// A hover recognizer takes no touches.
  open override func canReceive(_ touch: Touch) -> Bool { false }

  /// How high a hovering pencil is above the surface: 0 touching to 1 at the edge of proximity, like
  /// UIKit's `zOffset`; 0 for a pointer, or a pencil whose tablet reports no distance.
  public var zOffset: Double { latestHover?.zOffset ?? 0 }

  /// A hovering pencil's altitude in radians (``Touch/altitudeAngle``); π/2 for a pointer or a tablet
  /// without tilt.
  public var altitudeAngle: Double { latestHover?.altitudeAngle ?? .pi / 2 }

  /// The direction a hovering pencil leans towards, in radians in `view`'s coordinates (`nil`: the
  /// window's), as ``Touch/azimuthAngle(in:)``; 0 for a pointer or a tablet without tilt.
  public func azimuthAngle(in view: View?) -> Double {
    let azimuth = latestHover?.azimuthAngle ?? 0
    guard let view, let window = self.view?.window else { return azimuth }
    let location = centroidInWindow
    let origin = view.convert(location, from: window)
    let tip = view.convert(Point(x: location.x + cos(azimuth), y: location.y + sin(azimuth)), from: window)
    return atan2(tip.y - origin.y, tip.x - origin.x)
  }
}
