import TactileGeometry

/// Turning platform touch points into touches: binding at the hit test, phases, system cancellation.
///
/// Rules (the contract of ``Window/deliver(touchFrame:)``):
/// - A `down` hit-tests once with ``View/hitTest(_:with:)`` on the window; the touch is bound to the
///   result for its whole life, even when it moves out of that view, subject to ``View/isMultipleTouchEnabled`` and
///   ``View/isExclusiveTouch``.
/// - `motion`, `up` and `cancel` for an id that is not live are ignored; a `down` for an id that is
///   still live cancels the old touch first (no touch is left without its end).
/// - A non-finite location: a `down` is dropped; a `motion`, `up` or `cancel` keeps the last location.
/// - A touch cancelled by the system — its view (or an ancestor) left the window, the window closed,
///   ``Window/cancelAllTouches(timestamp:)`` — gets `touchesCancelled` exactly once, only if it got
///   `touchesBegan`; the platform's later input for that id is ignored until the id ends.
extension Window {
  /// Applies one frame segment (no id twice) and dispatches the resulting event.
  func processTouchSegment(_ segment: [TouchPoint]) {
    let points = consumingPopupDismissals(segment)
    guard !isClosed, !points.isEmpty else { return }
    var timestamp = points[0].timestamp
    var buttonMask = ButtonMask()
    for point in points {
      if timestamp < point.timestamp { timestamp = point.timestamp }
      buttonMask.formUnion(point.buttonMask)
    }
    let event = Event(type: .touches, timestamp: timestamp, window: self, buttonMask: buttonMask)
    for point in points {
      guard let touch = apply(point, event: event) else { continue }
      // A touch's later motions in one segment are more samples of the same delivery.
      if !event.plans(touch) { event.touchPlan.append((touch, touch.phase)) }
    }
    flushOwedCancellations()
    guard !event.touchPlan.isEmpty else {
      for touch in touchTracker.liveTouches { touch.phase = .stationary }
      return
    }
    var allTouches = Set<Touch>(minimumCapacity: event.touchPlan.count)
    for entry in event.touchPlan { allTouches.insert(entry.touch) }
    for touch in touchTracker.liveTouches where !event.plans(touch) {
      touch.phase = .stationary
      allTouches.insert(touch)
    }
    event.allTouches = allTouches
    application.sendEvent(event)
  }

  /// Cancels every live touch now (the platform's `wl_touch.cancel`, or the window closing).
  ///
  /// - Parameter timestamp: When the platform cancelled them (their ``Touch/timestamp`` moves there,
  ///   never back); `nil` when closing, which has no time of its own.
  func cancelLiveTouches(timestamp: Double?) {
    systemCancel(touchTracker.liveTouches, timestamp: timestamp)
    touchTracker.touchesByID = touchTracker.touchesByID.filter { !$0.value.phase.isFinal }
    touchTracker.buttonTouches = [:]
  }

  /// Cancels the live touches bound to `root` or its descendants (it is leaving the window).
  func cancelTouches(inSubtreeOf root: View) {
    systemCancel(touchTracker.liveTouches.filter { $0.view?.isDescendant(of: root) == true })
  }

  private func apply(_ point: TouchPoint, event: Event) -> Touch? {
    switch point.phase {
    case .down:
      if let old = touchTracker.touchesByID.removeValue(forKey: point.id) { systemCancel([old]) }
      guard point.location.isFinite else { return nil }
      let touch = beginTouch(point, event: event)
      touchTracker.touchesByID[point.id] = touch
      return touch
    case .motion:
      guard let touch = touchTracker.touchesByID[point.id], !touch.phase.isFinal else { return nil }
      update(touch, with: point, event: event)
      touch.phase = .moved
      return touch
    case .up, .cancel:
      guard let touch = touchTracker.touchesByID.removeValue(forKey: point.id), !touch.phase.isFinal else {
        return nil
      }
      update(touch, with: point, event: event)
      touch.phase = point.phase == .up ? .ended : .cancelled
      if touch.phase == .ended, let view = touch.view {
        touchTracker.lastTap = TouchTracker.Tap(
          location: touch.locationInWindow, timestamp: touch.timestamp, count: touch.tapCount,
          type: touch.type, view: view)
      }
      return touch
    }
  }

  private func beginTouch(_ point: TouchPoint, event: Event) -> Touch {
    let hit = hitTest(point.location, with: event)
    let view = hit.flatMap { admitsNewTouch(on: $0) ? $0 : nil }
    let touch = Touch(
      window: self, view: view, location: point.location, timestamp: point.timestamp, type: point.type,
      tapCount: touchTracker.tapCount(
        at: point.location, timestamp: point.timestamp, view: view, type: point.type))
    touch.updateContact(from: point)
    touch.updatePencil(from: point)
    touch.force = point.force
    recordSample(of: touch, in: event)
    gestureCoordinator.attach(touch, hitView: hit)
    return touch
  }

  /// The multiple-touch and exclusive-touch rules (see ``View/isMultipleTouchEnabled`` and
  /// ``View/isExclusiveTouch``).
  private func admitsNewTouch(on view: View) -> Bool {
    let busyViews = touchTracker.liveTouches.compactMap(\.view)
    if !view.isMultipleTouchEnabled, busyViews.contains(where: { $0 === view }) { return false }
    if busyViews.contains(where: { $0 !== view && $0.isExclusiveTouch }) { return false }
    if view.isExclusiveTouch, busyViews.contains(where: { $0 !== view }) { return false }
    return true
  }

  /// Moves `touch` to `point`, one more sample of `event`: its previous location stays the one at the
  /// previous event however many samples this event has.
  private func update(_ touch: Touch, with point: TouchPoint, event: Event) {
    if event.touchSamples[ObjectIdentifier(touch)] == nil {
      touch.previousLocationInWindow = touch.locationInWindow
    }
    if point.location.isFinite { touch.locationInWindow = point.location }
    touch.timestamp = max(touch.timestamp, point.timestamp)
    touch.updateContact(from: point)
    touch.updatePencil(from: point)
    if let force = point.force { touch.force = force }
    recordSample(of: touch, in: event)
  }

  /// Adds `touch`'s current state to its samples in `event` (``Event/coalescedTouches(for:)``) and to
  /// its predictor.
  private func recordSample(of touch: Touch, in event: Event) {
    let key = ObjectIdentifier(touch)
    var sample = TouchSample(of: touch)
    touch.predictor.add(touch.locationInWindow, at: touch.timestamp)
    guard let index = event.touchSamples.index(forKey: key) else {
      event.touchSamples[key] = ([sample], touch.predictor)
      return
    }
    if let last = event.touchSamples.values[index].samples.last { sample.previousLocation = last.location }
    event.touchSamples.values[index].samples.append(sample)
    event.touchSamples.values[index].predictor = touch.predictor
  }

  /// Marks `touches` cancelled and owes each one that got `touchesBegan` — or that gesture recognizers
  /// receive (their view's `touchesBegan` may still be held) — its `touchesCancelled`, delivered now or,
  /// during a view's handling of a touch, as soon as it returns (`TouchGate/oweCancellation(of:)`).
  ///
  /// - Parameters:
  ///   - touches: The touches to cancel; those already ended or cancelled are skipped.
  ///   - timestamp: When the system cancelled them, if it says.
  func systemCancel(_ touches: [Touch], timestamp: Double? = nil) {
    for touch in touches where !touch.phase.isFinal {
      touch.phase = .cancelled
      if let timestamp, timestamp.isFinite { touch.timestamp = max(touch.timestamp, timestamp) }
      touchGate.oweCancellation(of: touch)
    }
    flushOwedCancellations()
  }

  /// Delivers the owed `touchesCancelled`, unless a view is handling a touch (it flushes on return).
  ///
  /// The event of a system cancellation lists only the cancelled touches in ``Event/allTouches``: it can
  /// happen in the middle of another event's delivery, when the other touches' phases belong to that
  /// event.
  func flushOwedCancellations() {
    let owed = touchGate.takeOwedCancellations()
    guard !owed.isEmpty else { return }
    let event = Event(
      type: .touches, timestamp: owed.map(\.timestamp).max()!, window: self, touches: Set(owed))
    event.touchPlan = owed.map { ($0, .cancelled) }
    application.sendEvent(event)
  }
}
