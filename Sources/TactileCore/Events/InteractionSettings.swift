/// The constants of event handling and gesture recognition, per input kind, in one place (no
/// recognizer or control keeps a threshold of its own, except the values UIKit exposes as a recognizer's
/// own properties with plain defaults: ``LongPressGestureRecognizer/minimumPressDuration`` and
/// ``LongPressGestureRecognizer/allowableMovement``).
///
/// Each value says its unit. Touch and pointer values differ where a finger is less precise than a
/// pointer. Recognizers read the settings of the input kind of their first touch
/// (``forTouch(_:)``); touchpad gestures read ``pointer``.
public struct InteractionSettings: Sendable, Hashable {
  /// Longest time, in seconds, between one tap's end and the next tap's start for ``Touch/tapCount`` to
  /// keep counting, and for a ``TapGestureRecognizer`` or ``LongPressGestureRecognizer`` that needs
  /// several taps to wait for the next one (UIKit's double-tap interval is about this).
  public var multipleTapInterval: Double
  /// Farthest distance, in points, between two taps' positions for ``Touch/tapCount`` to keep counting
  /// and for a multiple-tap recognizer to accept the next tap.
  public var multipleTapDistance: Double
  /// How far outside a control's bounds, in points, a touch may move and still count as inside for
  /// drag enter/exit and touch up inside (UIKit uses about 70 points for fingers).
  public var controlTrackingMargin: Double
  /// How far, in points, a finger may move from where it went down and still tap
  /// (``TapGestureRecognizer`` fails beyond it).
  public var tapSlop: Double
  /// How far, in points, the touches' centroid must move before a ``PanGestureRecognizer`` begins.
  public var panThreshold: Double
  /// The shortest movement, in points along the swipe's direction, a ``SwipeGestureRecognizer`` needs.
  public var swipeMinimumDistance: Double
  /// The lowest average speed, in points per second from touch-down, a ``SwipeGestureRecognizer``
  /// needs when it reaches ``swipeMinimumDistance``.
  public var swipeMinimumSpeed: Double
  /// How much the distance between two fingers must change, in points, before a
  /// ``PinchGestureRecognizer`` begins.
  public var pinchThreshold: Double
  /// How far, in radians, two fingers must turn before a ``RotationGestureRecognizer`` begins.
  public var rotationThreshold: Double
  /// How far from a window edge, in points, a touch must begin for a
  /// ``ScreenEdgePanGestureRecognizer`` to consider it.
  public var edgeWidth: Double
  /// How far back, in seconds, ``VelocityTracker`` looks: samples older than this before the newest
  /// one are ignored.
  public var velocitySampleWindow: Double
  /// How long, in seconds, a ``ScrollView`` with ``ScrollView/delaysContentTouches`` holds a content
  /// view's `touchesBegan` while it waits to see whether the touch scrolls.
  public var contentTouchDelay: Double
  /// The contact radius, in points, a touch reports when the platform measures no contact shape
  /// (``Touch/majorRadius``): about a fingertip for fingers, zero for a pointer, which touches a point.
  public var nominalContactRadius: Double

  /// Creates settings from every value (units as documented on each property).
  public init(
    multipleTapInterval: Double, multipleTapDistance: Double, controlTrackingMargin: Double,
    tapSlop: Double, panThreshold: Double, swipeMinimumDistance: Double, swipeMinimumSpeed: Double,
    pinchThreshold: Double, rotationThreshold: Double, edgeWidth: Double,
    velocitySampleWindow: Double, contentTouchDelay: Double, nominalContactRadius: Double
  ) {
    self.multipleTapInterval = multipleTapInterval
    self.multipleTapDistance = multipleTapDistance
    self.controlTrackingMargin = controlTrackingMargin
    self.tapSlop = tapSlop
    self.panThreshold = panThreshold
    self.swipeMinimumDistance = swipeMinimumDistance
    self.swipeMinimumSpeed = swipeMinimumSpeed
    self.pinchThreshold = pinchThreshold
    self.rotationThreshold = rotationThreshold
    self.edgeWidth = edgeWidth
    self.velocitySampleWindow = velocitySampleWindow
    self.contentTouchDelay = contentTouchDelay
    self.nominalContactRadius = nominalContactRadius
  }

  /// Values for fingers on a touch screen.
  public static let touch = InteractionSettings(
    multipleTapInterval: 0.35, multipleTapDistance: 45, controlTrackingMargin: 70,
    tapSlop: 10, panThreshold: 10, swipeMinimumDistance: 50, swipeMinimumSpeed: 200,
    pinchThreshold: 8, rotationThreshold: 0.1, edgeWidth: 20,
    velocitySampleWindow: 0.1, contentTouchDelay: 0.15, nominalContactRadius: 10)

  /// Values for a mouse or touchpad pointer: a pointer is precise, so a control stops counting the
  /// pointer as inside once it leaves the bounds by more than a few points, and movement thresholds are
  /// smaller.
  public static let pointer = InteractionSettings(
    multipleTapInterval: 0.35, multipleTapDistance: 5, controlTrackingMargin: 4,
    tapSlop: 4, panThreshold: 3, swipeMinimumDistance: 30, swipeMinimumSpeed: 200,
    pinchThreshold: 4, rotationThreshold: 0.05, edgeWidth: 8,
    velocitySampleWindow: 0.1, contentTouchDelay: 0.15, nominalContactRadius: 0)

  /// The settings for touches of `type`.
  public static func forTouch(_ type: Touch.TouchType) -> InteractionSettings {
    type == .direct ? .touch : .pointer
  }
}
