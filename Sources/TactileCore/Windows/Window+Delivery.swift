/// How ``Window/sendEvent(_:)`` delivers each kind of event (the article "How an event travels" tells
/// the whole road).
///
/// - **Touches:** first the gesture recognizers of the touches get them and their decisions take effect
///   (`GestureCoordinator+Delivery.swift`: they may hold, drop or cancel what views receive); then, for
///   each phase in the order began, moved, ended, cancelled, each view gets one call
///   with the set of its touches in that phase (views in the order their first touch appears in the
///   platform frame). The call goes to the bound view; its default implementation climbs the responder
///   chain. A touch the system cancels while the event is delivered is skipped from then on and gets
///   `touchesCancelled` instead, once.
/// - **Presses:** first the gesture recognizers of the views on the responder chain get them
///   (`GestureCoordinator+Presses.swift`: they may hold or cancel what the responder receives); then
///   `pressesBegan` goes to the first responder (the window when there is none); the press stays
///   bound to that responder for `pressesChanged` and its one `pressesEnded`/`pressesCancelled`.
///   Each responder gets one call per phase with all its presses in that phase.
/// - **Motion and remote control:** to the first responder, or the window when there is none.
/// - **Scroll and hover:** to the view that hit-tests at the pointer location (`hover` `exited` to the
///   view that pointer last hovered; each pointer hovers its own view, while hover gesture recognizers
///   follow the pointer that moved last); nothing when no view is hit.
/// - **Pointer buttons:** a press to the view that hit-tests at the pointer location (the window when
///   none), its release to the responder that got the press (`Window+Clicks.swift`).
extension Window {
  func deliver(_ event: Event) {
    switch event.type {
    case .touches: deliverTouches(event)
    case .presses: deliverPresses(event)
    case .motion: deliverMotion(event)
    case .remoteControl: (firstResponder ?? self).remoteControlReceived(with: event)
    case .scroll: deliverScroll(event)
    case .hover: deliverHover(event)
    case .pointerButton: deliverPointerButton(event)
    }
  }

  /// The responder where presses, motion and remote-control events start.
  var eventStartResponder: Responder { firstResponder ?? self }

  private func deliverTouches(_ event: Event) {
    gestureCoordinator.deliverToRecognizers(event)
    for phase in Touch.Phase.deliveryOrder {
      var planned: [Touch] = []
      for touch in event.plannedTouches(in: phase) where touchGate.viewReceives(touch, phase: phase) {
        planned.append(touch)
      }
      guard !planned.isEmpty else { continue }
      var views: [View] = []
      for touch in planned {
        if let view = touch.view { views.appendIfAbsent(view) }
      }
      for view in views {
        var touches = Set<Touch>()
        for touch in planned
        where touch.view === view && touch.phase == phase && touchGate.isDue(touch, phase: phase) {
          touches.insert(touch)
        }
        guard !touches.isEmpty else { continue }
        send(touches, phase: phase, to: view, with: event)
      }
    }
  }

  /// The one `touches…` call site: records the delivery with the `TouchGate` and runs it in the gate's
  /// view-delivery scope, so that system cancellations it causes wait for it.
  func send(_ touches: Set<Touch>, phase: Touch.Phase, to view: View, with event: Event) {
    touchGate.recordSend(touches, phase: phase)
    touchGate.viewDelivery.run {
      switch phase {
      case .began: view.touchesBegan(touches, with: event)
      case .moved: view.touchesMoved(touches, with: event)
      case .ended: view.touchesEnded(touches, with: event)
      case .cancelled: view.touchesCancelled(touches, with: event)
      case .stationary: break
      }
    }
    flushOwedCancellations()
  }

  private func deliverPresses(_ event: Event) {
    gestureCoordinator.deliverPressesToRecognizers(event)
    pressGate.deliver(event)
  }

  private func deliverMotion(_ event: Event) {
    let responder = eventStartResponder
    switch event.motionPhase {
    case .began: responder.motionBegan(event.subtype, with: event)
    case .ended: responder.motionEnded(event.subtype, with: event)
    case .cancelled: responder.motionCancelled(event.subtype, with: event)
    case nil: break
    }
  }

  private func deliverScroll(_ event: Event) {
    guard let location = event.pointerLocation(in: self) else { return }
    hitTest(location, with: event)?.scrollWheel(with: event)
  }

  private func deliverHover(_ event: Event) {
    guard let hover = event.hover else { return }
    if hover.phase == .exited {
      gestureCoordinator.deliverHover(event, over: nil)
      hoveredViews.removeValue(forKey: hover.pointer)?.object?.hover(with: event)
      return
    }
    moveButtonTouches(to: hover)
    let view = hitTest(hover.location, with: event)
    hoveredViews[hover.pointer] = view.map { Weak(object: $0) }
    gestureCoordinator.deliverHover(event, over: view)
    view?.hover(with: event)
  }

}
