import TactileGeometry

/// The platform seam: what a host (the Wayland adapter, or a test) calls on a window.
///
/// Every input entry point appends to the application's FIFO queue (``Application``); the event is built
/// and dispatched when it reaches the head of the queue — at once when nothing else is being dispatched,
/// otherwise after the event in progress and everything queued before it. Input for a closed window is
/// dropped.
///
/// ## Touch contract
/// - The adapter groups points per platform frame (`wl_touch.frame`) and calls
///   ``deliver(touchFrame:)`` once per frame. Ids are the platform's: unique among live points only,
///   reused after `up`, never assumed small or ordered.
/// - Each touch that began is ended or cancelled exactly once, towards the responder it began in: by
///   the point's `up` or `cancel`, by ``cancelAllTouches(timestamp:)`` (`wl_touch.cancel` finalizes every
///   live point), by its view leaving the window, or by ``close()``.
/// - Bad input is absorbed with a defined outcome (see `Window+Touches.swift`): unknown ids ignored,
///   a reused live id cancels the old touch, non-finite locations dropped or ignored. A frame that lists
///   an id twice (a `down` and `up` in one frame) is split there into two events, in order — except
///   that motions of an id that follow each other are one delivery: the touch moves once, to the last
///   one, and the event keeps every one of them, in order, as ``Event/coalescedTouches(for:)``.
extension Window {
  /// Delivers one platform frame of touch points.
  public func deliver(touchFrame points: [TouchPoint]) {
    for segment in Self.segments(of: points) {
      application.enqueue { [weak self] in self?.processTouchSegment(segment) }
    }
  }

  /// The platform id of the point `touch` follows, while that point is down: what a platform names when
  /// it asks its compositor to act on the press that started the touch (an interactive window move).
  /// `nil` once the platform ended the point, or for a touch of another window.
  public func platformID(of touch: Touch) -> Int? {
    touchTracker.touchesByID.first { $0.value === touch }?.key
  }

  /// Cancels every live touch (`wl_touch.cancel`: the compositor took the touch sequence over).
  public func cancelAllTouches(timestamp: Double) {
    application.enqueue { [weak self] in self?.cancelLiveTouches(timestamp: timestamp) }
  }

  /// Reports when a frame drawn after input reached the screen (or that the compositor discarded it):
  /// counted in ``presentationStatistics``, then given to ``onFramePresented``. Not queued: it is not
  /// input.
  public func deliver(framePresentation frame: FramePresentation) {
    presentationStatistics.record(frame)
    onFramePresented?(frame)
  }

  /// Delivers a key going down, repeating or going up. A `down` binds a ``Press`` to the first responder
  /// (the window when there is none); a `down` for a key already down on the same keyboard counts as a
  /// repeat; `repeat` and `up` for a key that is not down on that keyboard are ignored. There is one
  /// first responder whatever the keyboard (as in UIKit); each keyboard's keys are its own presses.
  public func deliver(key stroke: KeyStroke) {
    application.enqueue { [weak self] in self?.processKeyStroke(stroke) }
  }

  /// Cancels every held key, or those of one keyboard (its keyboard focus left the window:
  /// `wl_keyboard.leave`).
  public func cancelAllPresses(timestamp: Double, keyboard: Int? = nil) {
    application.enqueue { [weak self] in
      self?.cancelPresses(timestamp: timestamp, keyboard: keyboard) { _ in true }
    }
  }

  /// Delivers text committed by an input method to the first responder when it adopts ``TextInput``;
  /// dropped otherwise.
  public func deliver(text: String) {
    application.enqueue { [weak self] in
      guard let self, !self.isClosed, let input = self.firstResponder as? any TextInput else { return }
      input.insertText(text)
    }
  }

  /// Delivers an input method's pre-edit text (``TextInput/setMarkedText(_:selectedRange:)``) to the
  /// first responder when it adopts ``TextInput``; dropped otherwise. `nil` removes it.
  public func deliver(markedText: String?, selectedRange: Range<Int>?) {
    application.enqueue { [weak self] in
      guard let self, !self.isClosed, let input = self.firstResponder as? any TextInput else { return }
      input.setMarkedText(markedText, selectedRange: selectedRange)
    }
  }

  /// Delivers a motion (shake) phase to the first responder.
  public func deliver(motion subtype: Event.Subtype, phase: MotionPhase, timestamp: Double) {
    enqueueEvent {
      let event = Event(type: .motion, subtype: subtype, timestamp: timestamp, window: $0)
      event.motionPhase = phase
      return event
    }
  }

  /// Delivers a remote-control (media key) event to the first responder.
  public func deliver(remoteControl subtype: Event.Subtype, timestamp: Double) {
    enqueueEvent { Event(type: .remoteControl, subtype: subtype, timestamp: timestamp, window: $0) }
  }

  /// Delivers one scroll step to the view under the pointer. Non-finite locations, deltas or notches
  /// are dropped.
  public func deliver(scroll: ScrollInput) {
    guard scroll.location.isFinite, scroll.delta.isFinite, scroll.notches?.isFinite ?? true else { return }
    enqueueEvent {
      Event(
        type: .scroll, timestamp: scroll.timestamp, window: $0, pointerLocation: scroll.location,
        scroll: scroll, buttonMask: scroll.buttonMask)
    }
  }

  /// Delivers pointer hover to the view under the pointer; each pointer (``HoverInput/pointer``) hovers
  /// its own view. Non-finite locations are dropped.
  public func deliver(hover: HoverInput) {
    guard hover.location.isFinite else { return }
    enqueueEvent {
      Event(
        type: .hover, timestamp: hover.timestamp, window: $0, pointerLocation: hover.location,
        hover: hover, buttonMask: hover.buttonMask)
    }
  }

  /// The host's frame callback: runs pending layout; a renderer then draws ``takeDamage()``.
  ///
  /// - Parameter time: The frame's time in seconds on the platform clock.
  public func frameDidStart(at time: Double) {
    frameRequested = false
    layoutIfNeeded()
  }

  /// The platform gave the window a new content size (a configure event). Non-finite or negative
  /// sizes are ignored. The root controller's view, and the views presented over it, are resized with it.
  public func hostDidResize(to size: Size) {
    guard size.isFinite, size.width >= 0, size.height >= 0 else { return }
    frame = Rect(origin: frame.origin, size: size)
    rootViewController?.view.frame = bounds
    resizePresentationContainers()
  }

  /// Closes the window: dismisses its popup, cancels its touches and presses, resigns its first
  /// responder, leaves the application and tells the host. Closing twice does nothing.
  ///
  /// The cancelled presses are stamped with the scheduler's current time (``Scheduler/now``): the
  /// close is not an input event, so no input timestamp describes it.
  public func close() {
    guard !isClosed else { return }
    presentedPopup?.dismiss()
    cancelLiveTouches(timestamp: nil)
    cancelPresses(timestamp: application.scheduler.now) { _ in true }
    if let responder = firstResponder {
      _ = responder.resignFirstResponder()
      firstResponder = nil
    }
    pointerButtonResponders = [:]
    hoveredViews = [:]
    isClosed = true
    application.windowDidClose(self)
    host?.windowDidClose(self)
  }

  private func enqueueEvent(_ make: @escaping (Window) -> Event) {
    application.enqueue { [weak self] in
      guard let self, !self.isClosed else { return }
      self.application.sendEvent(make(self))
    }
  }

  /// Splits a frame where an id appears a second time, so each segment changes each touch once — unless
  /// both are motions: those are samples of one change (``Event/coalescedTouches(for:)``).
  static func segments(of points: [TouchPoint]) -> [[TouchPoint]] {
    var segments: [[TouchPoint]] = []
    var current: [TouchPoint] = []
    for point in points {
      // The latest point of the same id in the current segment (a frame has a few points: a scan is
      // cheaper than a dictionary).
      var earlier: TouchPoint.Phase?
      for index in current.indices.reversed() where current[index].id == point.id {
        earlier = current[index].phase
        break
      }
      if let earlier, earlier != .motion || point.phase != .motion {
        segments.append(current)
        current = []
      }
      current.append(point)
    }
    if !current.isEmpty { segments.append(current) }
    return segments
  }
}
