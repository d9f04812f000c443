/// Recognizes the pointer over a view, with no button held, like `UIHoverGestureRecognizer`. Pointer
/// only; continuous.
///
/// It begins when the pointer enters its view (or any descendant), changes on each move over it, and
/// ends when the pointer leaves the view or the window. It receives no touches. ``GestureRecognizer/location(in:)`` is the
/// pointer's location.
open class HoverGestureRecognizer: GestureRecognizer {
  open override var kind: Kind { .continuous }

  /// A hover recognizer takes no touches.
  open override func canReceive(_ touch: Touch) -> Bool { false }
}
