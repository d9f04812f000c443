import TactileGeometry

/// Recognizes a quick straight stroke in one of the allowed directions, like
/// `UISwipeGestureRecognizer`. Discrete.
///
/// With ``numberOfTouchesRequired`` fingers down, the stroke's direction is the dominant axis of the
/// centroid's movement once it exceeds ``InteractionSettings/tapSlop``. It recognizes when the movement
/// along that axis reaches ``InteractionSettings/swipeMinimumDistance`` at an average speed (from the
/// moment the fingers were down, on the touches' clock) of at least
/// ``InteractionSettings/swipeMinimumSpeed``. It fails when the direction is not in ``direction``, when
/// it is too slow, when a finger lifts first, or with too many fingers.
///
/// Once recognized, ``location(in:)`` and ``location(ofTouch:in:)`` tell where the swipe began (the
/// centroid and the touches when the required fingers were down), as UIKit's swipe does, until the
/// recognizer is reset.
open class SwipeGestureRecognizer: GestureRecognizer {
  /// A set of swipe directions (screen directions: `down` is towards larger y).
  public struct Direction: OptionSet, Sendable, Hashable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let right = Direction(rawValue: 1 << 0)
    public static let left = Direction(rawValue: 1 << 1)
    public static let up = Direction(rawValue: 1 << 2)
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// The directions that count. Default ``Direction/right``.
  public var direction: Direction = .right
  /// How many fingers. Default 1.
  public var numberOfTouchesRequired = 1
  /// The direction of the recognized swipe (empty until recognized).
  public private(set) var recognizedDirection: Direction = []

  private var start: Point?
  private var startTime = 0.0
  /// Where each touch was when the required fingers were down, in window coordinates.
  private var touchStarts: [ObjectIdentifier: Point] = [:]

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches <= numberOfTouchesRequired else {
      fail(because: "\(numberOfTouches) fingers are down, it needs \(numberOfTouchesRequired)")
      return
    }
    if numberOfTouches == numberOfTouchesRequired {
      start = activeCentroidInWindow
      startTime = event.timestamp
      touchStarts = Dictionary(
        uniqueKeysWithValues: activeTouches.map { (ObjectIdentifier($0), $0.location(in: nil)) })
    }
  }

  /// Where the swipe began once it is recognized; the touches' centroid before.
  open override func location(in view: View?) -> Point {
    guard state == .ended, let start else { return super.location(in: view) }
    return convertFromWindow(start, to: view)
  }

  /// Where the touch at `index` was when the swipe began, once it is recognized; where it is before.
  open override func location(ofTouch index: Int, in view: View?) -> Point? {
    guard state == .ended, activeTouches.indices.contains(index),
      let start = touchStarts[ObjectIdentifier(activeTouches[index])]
    else { return super.location(ofTouch: index, in: view) }
    return convertFromWindow(start, to: view)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let start, numberOfTouches == numberOfTouchesRequired, let now = activeCentroidInWindow else {
      return
    }
    let delta = now - start
    guard delta.distance(to: .zero) > settings.tapSlop else { return }
    let (moved, distance) = Self.dominantDirection(of: delta)
    guard direction.contains(moved) else {
      fail(because: "the stroke went \(Self.name(of: moved)), which is not in the direction mask")
      return
    }
    guard distance >= settings.swipeMinimumDistance else { return }
    let speed = distance / max(event.timestamp - startTime, 1e-6)
    guard speed >= settings.swipeMinimumSpeed else {
      fail(because: "too slow: \(Int(speed)) points/s, it needs \(Int(settings.swipeMinimumSpeed))")
      return
    }
    recognizedDirection = moved
    state = .ended
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    fail(because: "a finger lifted before the stroke was long enough")
  }

  static func dominantDirection(of delta: Point) -> (Direction, Double) {
    if abs(delta.x) >= abs(delta.y) { return (delta.x > 0 ? .right : .left, abs(delta.x)) }
    return (delta.y > 0 ? .down : .up, abs(delta.y))
  }

  private static func name(of direction: Direction) -> String {
    switch direction {
    case .right: "right"
    case .left: "left"
    case .up: "up"
    default: "down"
    }
  }

  open override func reset() {
    super.reset()
    start = nil
    startTime = 0
    touchStarts = [:]
    recognizedDirection = []
  }
}
