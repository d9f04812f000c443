/// A tap on a draggable view while a drag of its window is in flight (by another touch): adds the
/// view's items to that session (``DragInteraction``). Fails at once when no drag is in flight, so an
/// ordinary tap on the view is untouched.
final class DragAddItemsGestureRecognizer: TapGestureRecognizer {
  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let session = view?.window?.activeDragSession, session.state == .lifted,
      !touches.contains(where: { $0 === session.liftingTouch })
    else {
      fail(because: "no drag is in flight to add items to")
      return
    }
    super.touchesBegan(touches, with: event)
  }
}
