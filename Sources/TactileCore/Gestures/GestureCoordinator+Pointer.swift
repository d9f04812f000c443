/// Gestures that do not come from touches: touchpad gestures (``TouchpadGestureInput``) and hover.
///
/// - A touchpad gesture's `began` picks, once, the recognizers of the view under the pointer and its
///   ancestors that are enabled, undecided, and accept the gesture kind with that many fingers
///   (``GestureRecognizer/acceptsTouchpadGesture(_:fingers:)``). Each step goes to them, and their state
///   changes are arbitrated like touch gestures (they all compete with each other).
/// - Hover goes to the ``HoverGestureRecognizer``s of the view under the pointer and of its ancestors;
///   those whose view the pointer left end.
extension GestureCoordinator {
  func deliverTouchpad(_ input: TouchpadGestureInput) {
    if input.phase == .began {
      if !touchpadRecognizers.isEmpty {
        var cancel = input
        cancel.phase = .cancelled
        deliverTouchpad(cancel)
      }
      touchpadRecognizers = touchpadCandidates(for: input)
      for recognizer in touchpadRecognizers {
        join(recognizer)
        recognizer.isTouchpadActive = true
      }
    }
    let recognizers = touchpadRecognizers
    guard !recognizers.isEmpty else { return }
    recognizerDelivery.run {
      for recognizer in recognizers where recognizer.isTouchpadActive {
        recognizer.centroidInWindow = input.location
        if recognizer.isEnabled, recognizer.storedState.isReceivingInput {
          recognizer.touchpadGestureChanged(input)
        }
      }
      if input.phase == .ended || input.phase == .cancelled {
        for recognizer in recognizers { recognizer.isTouchpadActive = false }
        touchpadRecognizers = []
      }
    }
    flushIfIdle()
  }

  private func touchpadCandidates(for input: TouchpadGestureInput) -> [GestureRecognizer] {
    var found: [GestureRecognizer] = []
    var current = window.hitTest(input.location, with: nil)
    while let view = current {
      found += view.gestureRecognizers.filter {
        $0.isEnabled && $0.storedState == .possible && $0.activeTouches.isEmpty
          && $0.acceptsTouchpadGesture(input.kind, fingers: input.fingers)
      }
      current = view.superview
    }
    return found
  }

  func deliverHover(_ event: Event, over view: View?) {
    guard let location = event.pointerLocation(in: nil) else { return }
    for recognizer in hoveringRecognizers where !isHovering(view, over: recognizer) {
      recognizer.centroidInWindow = location
      (recognizer as? HoverGestureRecognizer)?.latestHover = event.hover
      recognizer.state = .ended
    }
    var current = view
    while let candidate = current {
      for case let recognizer as HoverGestureRecognizer in candidate.gestureRecognizers
      where recognizer.isEnabled {
        recognizer.centroidInWindow = location
        recognizer.latestHover = event.hover
        switch recognizer.storedState {
        case .possible:
          join(recognizer)
          hoveringRecognizers.append(recognizer)
          recognizer.state = .began
          if recognizer.storedState != .began { hoveringRecognizers.removeAll { $0 === recognizer } }
        case .began, .changed:
          recognizer.state = .changed
        default: break
        }
      }
      current = candidate.superview
    }
  }

  /// Whether the pointer over `view` is over the view of `recognizer` (or a descendant of it).
  private func isHovering(_ view: View?, over recognizer: GestureRecognizer) -> Bool {
    guard let view, let hoverView = recognizer.view, recognizer.isEnabled else { return false }
    return view.isDescendant(of: hoverView)
  }
}
