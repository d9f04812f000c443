/// The constants of event handling, per input kind, in one place (DESIGN.md convention 5).
///
/// Each value says its unit. Touch and pointer values differ where a finger is less precise than a
/// pointer.
public struct InteractionSettings: Sendable, Hashable {
  /// Longest time, in seconds, between one tap's end and the next tap's start for ``Touch/tapCount`` to
  /// keep counting (UIKit's double-tap interval is about this).
  public var multipleTapInterval: Double
  /// Farthest distance, in points, between two taps' positions for ``Touch/tapCount`` to keep counting.
  public var multipleTapDistance: Double
  /// How far outside a control's bounds, in points, a touch may move and still count as inside for
  /// drag enter/exit and touch up inside (UIKit uses about 70 points for fingers).
  public var controlTrackingMargin: Double

  public init(multipleTapInterval: Double, multipleTapDistance: Double, controlTrackingMargin: Double) {
    self.multipleTapInterval = multipleTapInterval
    self.multipleTapDistance = multipleTapDistance
    self.controlTrackingMargin = controlTrackingMargin
  }

  /// Values for fingers on a touch screen.
  public static let touch = InteractionSettings(
    multipleTapInterval: 0.35, multipleTapDistance: 45, controlTrackingMargin: 70)

  /// Values for a mouse or touchpad pointer: a pointer is precise, so a control stops counting the
  /// pointer as inside once it leaves the bounds by more than a few points.
  public static let pointer = InteractionSettings(
    multipleTapInterval: 0.35, multipleTapDistance: 5, controlTrackingMargin: 4)

  /// The settings for touches of `type`.
  public static func forTouch(_ type: Touch.TouchType) -> InteractionSettings {
    type == .direct ? .touch : .pointer
  }
}
