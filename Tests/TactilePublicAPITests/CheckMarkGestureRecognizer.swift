import TactileCore
import TactileGeometry

/// A custom recognizer written the way a UIKit app writes one (`UIGestureRecognizerSubclass`), against
/// the public API only: one finger drawing a check mark — a stroke down and to the right, then a longer
/// one up and to the right. Discrete: it recognizes when the finger lifts after both strokes, and fails
/// when the finger goes left, climbs before it went down far enough, or lifts early. Other fingers are
/// ignored (`ignore(_:for:)`), so the view keeps them even when the check mark cancels its touches.
class CheckMarkGestureRecognizer: GestureRecognizer {
  /// How far, in points, the first stroke must go down before the second may begin.
  static let downstroke = 20.0
  /// How far, in points, the second stroke must go up.
  static let upstroke = 40.0

  private(set) var resetCount = 0
  private var stroke: Touch?
  private var lowest = Point.zero
  private var climbed = 0.0
  private var previous = Point.zero
  private var start = Point.zero

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    for touch in touches where touch !== stroke {
      guard stroke == nil else {
        ignore(touch, for: event)
        continue
      }
      stroke = touch
      start = touch.location(in: nil)
      previous = start
      lowest = start
    }
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    super.touchesMoved(touches, with: event)
    guard state == .possible, let stroke, touches.contains(stroke) else { return }
    let point = stroke.location(in: nil)
    defer { previous = point }
    if point.x < previous.x {
      fail(because: "the stroke went left")
    } else if point.y >= lowest.y {
      guard climbed == 0 else { return fail(because: "the stroke went down again") }
      lowest = point
    } else {
      guard lowest.y - start.y >= Self.downstroke else { return fail(because: "it climbed too early") }
      climbed = lowest.y - point.y
    }
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    guard state == .possible, let stroke, touches.contains(stroke) else { return }
    state = climbed >= Self.upstroke ? .recognized : .failed
  }

  override func reset() {
    super.reset()
    resetCount += 1
    stroke = nil
    climbed = 0
  }
}
