/// Attaching gesture recognizers to a view.
///
/// A recognizer belongs to at most one view. Adding it to another view moves it. Removing it (or moving
/// it) while its gesture is in progress cancels the gesture (or fails it, from
/// ``GestureRecognizer/State/possible``) first.
///
/// ``View/gestureRecognizers``, ``View/addGestureRecognizer(_:)`` and
/// ``View/removeGestureRecognizer(_:)`` are `open` members of the class body; their bodies are here.
extension View {
  /// The body of ``View/addGestureRecognizer(_:)``.
  func attach(_ recognizer: GestureRecognizer) {
    if recognizer.view === self { return }
    recognizer.view?.removeGestureRecognizer(recognizer)
    attachedGestureRecognizers.append(recognizer)
    recognizer.view = self
  }

  /// The body of ``View/removeGestureRecognizer(_:)``.
  func detach(_ recognizer: GestureRecognizer) {
    guard recognizer.view === self else { return }
    switch recognizer.storedState {
    case .began, .changed: recognizer.state = .cancelled
    case .possible where !recognizer.sequenceTouches.isEmpty || !recognizer.pendingStates.isEmpty:
      recognizer.fail(because: "it was removed from its view")
    default: break
    }
    attachedGestureRecognizers.removeIdentical(recognizer)
    recognizer.view = nil
  }
}
