/// Attaching gesture recognizers to a view.
///
/// A recognizer belongs to at most one view. Adding it to another view moves it. Removing it (or moving
/// it) while its gesture is in progress cancels the gesture (or fails it, from
/// ``GestureRecognizer/State/possible``) first.
extension View {
  /// The recognizers attached to this view, in the order they were added (the order they receive
  /// touches in).
  public var gestureRecognizers: [GestureRecognizer] {
    get { attachedGestureRecognizers }
    set {
      for recognizer in attachedGestureRecognizers where !newValue.contains(where: { $0 === recognizer }) {
        removeGestureRecognizer(recognizer)
      }
      for recognizer in newValue { addGestureRecognizer(recognizer) }
    }
  }

  /// Attaches `recognizer` (moving it from its previous view); adding it twice does nothing.
  public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    if recognizer.view === self { return }
    recognizer.view?.removeGestureRecognizer(recognizer)
    attachedGestureRecognizers.append(recognizer)
    recognizer.view = self
  }

  /// Detaches `recognizer`, stopping its gesture first; does nothing if it is not attached here.
  public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    guard recognizer.view === self else { return }
    switch recognizer.storedState {
    case .began, .changed: recognizer.state = .cancelled
    case .possible where !recognizer.sequenceTouches.isEmpty || !recognizer.pendingStates.isEmpty:
      recognizer.fail(because: "it was removed from its view")
    default: break
    }
    attachedGestureRecognizers.removeAll { $0 === recognizer }
    recognizer.view = nil
  }
}
