import TactileGeometry

/// Scrolling a scroll view by wheel and touchpad: the scroll events of ``Responder/scrollWheel(with:)``.
///
/// - **A step** moves the content by its delta, clamped to the content (no bounce). A scroll view that
///   cannot move at all in the step's direction — at its edge, or with ``ScrollView/isScrollEnabled``
///   off — passes the step up the responder chain, to an outer scroll view.
/// - **Notched wheels** (``ScrollInput/Source/wheel``, ``ScrollInput/Source/wheelTilt``, and steps whose
///   source the platform did not name) scroll a fixed amount per whole notch, chosen by the platform.
/// - **Touchpad fingers** (``ScrollInput/Source/finger``) scroll continuously; the scroll view taking a
///   sequence's steps tracks their velocity (``VelocityTracker`` over the pointer settings'
///   ``InteractionSettings/velocitySampleWindow``). The stop that ends the sequence (the fingers lifted)
///   flings the content along the stopped axes, decelerating as after a drag
///   (``ScrollView/decelerationRate``); fingers that rested longer than the window before lifting do not
///   fling. A stop goes to the scroll view under the pointer first; one with no sequence in progress
///   passes it on, so the scroll view that took the steps gets it.
/// - **Other continuous sources** (``ScrollInput/Source/continuous``: no stop is promised) scroll
///   continuously and never fling.
/// - Any step stops a running fling first; a scroll view that passes a step on ends its own sequence
///   (the outer scroll view has taken it over).
extension ScrollView {
  /// A touchpad scroll sequence in progress: where the steps have taken the content, unclamped, over
  /// time.
  struct FingerScroll {
    var tracker = VelocityTracker(sampleWindow: InteractionSettings.pointer.velocitySampleWindow)
    var position = Point.zero
  }

  /// Applies one scroll step.
  ///
  /// - Returns: `false` when the step is not for this scroll view (it goes to the next responder).
  func takeScroll(_ scroll: ScrollInput) -> Bool {
    guard isScrollEnabled else { return false }
    let target = clamped(contentOffset + scroll.delta)
    if target != contentOffset {
      scrollPan?.stopMotion()
      contentOffset = target
      if scroll.source == .finger {
        var sequence = fingerScroll ?? FingerScroll()
        sequence.position = sequence.position + scroll.delta
        sequence.tracker.add(sequence.position, at: scroll.timestamp)
        fingerScroll = sequence
      } else {
        fingerScroll = nil
      }
    } else if scroll.delta != .zero || fingerScroll == nil || scroll.stoppedAxes.isEmpty {
      fingerScroll = nil
      return false
    }
    if !scroll.stoppedAxes.isEmpty, let sequence = fingerScroll {
      fingerScroll = nil
      let velocity = sequence.tracker.velocity(at: scroll.timestamp)
      let stopped = scroll.stoppedAxes
      startMotion(
        velocity: Point(
          x: stopped.contains(.horizontal) ? velocity.x : 0, y: stopped.contains(.vertical) ? velocity.y : 0))
    }
    return true
  }
}
