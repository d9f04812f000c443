import Glibc
import TactileCore

/// The conversions from tablet-v2's axis values to the core's pencil values (``TactileCore/Touch``'s
/// UIKit names). Plain functions of plain values; each rule is a test in `PencilAxesTests`.
///
/// - Pressure (`0…65535`) scales onto `0…`` ``TactileCore/Touch/maximumPencilForce``; a value beyond
///   65535 (out of the protocol's range) counts as 65535.
/// - Distance (`0…65535`) becomes a hover height from 0 to 1, beyond 65535 as 65535.
/// - Tilt (`tilt_x`, `tilt_y`: degrees from the surface's normal towards +x and +y) becomes an altitude
///   above the surface, `π/2 − atan(√(tan²x + tan²y))`, and the direction the stylus leans towards,
///   `atan2(tan y, tan x)` (0 when upright). Angles are clamped to ±89°, where a stylus lies flat.
/// - Rotation (degrees clockwise) becomes radians.
/// - Non-finite values are ignored (the previous value stays).
enum PencilAxes {
  /// The largest pressure and distance the protocol sends.
  static let axisMaximum = 65535.0

  static func force(pressure: UInt32) -> Double {
    min(Double(pressure), axisMaximum) / axisMaximum * Touch.maximumPencilForce
  }

  static func zOffset(distance: UInt32) -> Double {
    min(Double(distance), axisMaximum) / axisMaximum
  }

  /// The altitude and azimuth (window coordinates, radians) of a tilt in degrees; nil for non-finite
  /// angles.
  static func angles(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double)? {
    guard tiltX.isFinite, tiltY.isFinite else { return nil }
    let tx = tan(min(max(tiltX, -89), 89) * .pi / 180)
    let ty = tan(min(max(tiltY, -89), 89) * .pi / 180)
    let lean = (tx * tx + ty * ty).squareRoot()
    return (.pi / 2 - atan(lean), lean == 0 ? 0 : atan2(ty, tx))
  }

  static func roll(degrees: Double) -> Double? {
    degrees.isFinite ? degrees * .pi / 180 : nil
  }

  /// The core's tool for a `zwp_tablet_tool_v2.type`; nil for the pointer-like tools (mouse, lens) and
  /// the finger, which Tactile does not turn into pencil touches.
  static func tool(type: UInt32) -> PencilTool? {
    switch type {
    case 0x140: .pen
    case 0x141: .eraser
    case 0x142: .brush
    case 0x143: .pencil
    case 0x144: .airbrush
    default: nil
    }
  }

  /// The button a tool's `button` code sets in the event's button mask: `BTN_STYLUS` (331) the
  /// secondary, `BTN_STYLUS2` (332) the middle, `BTN_STYLUS3` (329) back; nil for others.
  static func button(code: UInt32) -> ButtonMask? {
    switch code {
    case 331: .secondary
    case 332: .middle
    case 329: .back
    default: nil
    }
  }
}
