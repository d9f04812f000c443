import TactileCore

/// A press recognizer written outside the module: a held arrow key (one that repeats) is a continuous
/// gesture, beginning at the first repeat and ending when the key is released. Other keys it is
/// allowed (`.key`) it ignores, so they stay with the responder; it takes no touches. It logs its
/// subclass calls.
final class HoldKeyGestureRecognizer: GestureRecognizer {
  var calls: [String] = []

  override var kind: Kind { .continuous }

  override init() {
    super.init()
    allowedPressTypes = [.upArrow, .downArrow, .leftArrow, .rightArrow, .key]
    // A keys-only recognizer: without this it would also receive (and compete over) its view's touches.
    allowedTouchTypes = []
  }

  override func pressesBegan(_ presses: Set<Press>, with event: Event) {
    calls.append("pressesBegan")
    for press in presses where press.type == .key { ignore(press, for: event) }
  }

  override func pressesChanged(_ presses: Set<Press>, with event: Event) {
    calls.append("pressesChanged")
    state = state == .possible ? .began : .changed
  }

  override func pressesEnded(_ presses: Set<Press>, with event: Event) {
    calls.append("pressesEnded")
    state = state == .possible ? .failed : .ended
  }

  override func pressesCancelled(_ presses: Set<Press>, with event: Event) {
    calls.append("pressesCancelled")
    super.pressesCancelled(presses, with: event)
  }

  override func reset() {
    super.reset()
    calls.append("reset")
  }
}
