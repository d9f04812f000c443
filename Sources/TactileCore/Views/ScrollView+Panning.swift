import Foundation
import TactileGeometry

/// Dragging a scroll view: its ``ScrollView/panGestureRecognizer`` and the content-touch policy.
///
/// - **Holding content touches:** with ``ScrollView/delaysContentTouches``, a content view's
///   `touchesBegan` waits up to ``InteractionSettings/contentTouchDelay`` (0.15 s) for the pan to
///   decide; a drag that begins within that time takes the touch and the content never sees it. After
///   the delay, or when the pan fails (the finger lifted), the content gets `touchesBegan` — if
///   ``ScrollView/touchesShouldBegin(_:with:in:)`` agrees.
/// - **Cancelling content touches:** when the pan begins over a content view that already received the
///   touch, the content gets `touchesCancelled` — if ``ScrollView/canCancelContentTouches`` is set and
///   ``ScrollView/touchesShouldCancel(in:)`` agrees (by default it does not for a ``Control``). If not,
///   the pan fails and the content keeps its touch.
/// - **Axes:** the pan begins only along an axis the content can scroll (content larger than the
///   bounds plus insets); ``ScrollView/isScrollEnabled`` off fails it.
/// - **Dragging:** the offset follows the finger; past an edge, with ``ScrollView/bounces``, it moves
///   with resistance (`d' = (1 − 1 / (0.55·d / size + 1))·size`), otherwise it stops at the edge.
/// - **Release:** the finger's velocity (least-squares) flings the content; each frame (1/60 s on the
///   scheduler) the velocity is multiplied by ``ScrollView/decelerationRate`` per elapsed millisecond,
///   until below 10 points/s. Content past an edge springs back (exponential approach, time constant
///   0.08 s, snapped within half a point). A new touch, or a touchpad hold, stops the motion.
extension ScrollView {
  /// Whether the user is dragging the content.
  public var isDragging: Bool { [.began, .changed].contains(panGestureRecognizer.state) }

  /// Whether the content is still moving after a fling or springing back from an edge.
  public var isDecelerating: Bool { scrollPan?.animation != nil || scrollPan?.offsetAnimator != nil }

  var scrollPan: ScrollViewPanGestureRecognizer? { panGestureRecognizer as? ScrollViewPanGestureRecognizer }

  /// The pan recognizer's action.
  func handlePan(_ pan: ScrollViewPanGestureRecognizer) {
    switch pan.state {
    case .began, .changed:
      if pan.state == .began { pan.startOffset = contentOffset }
      if isZooming {
        // A pinch moves the content itself; the drag carries on from wherever it leaves it.
        pan.startOffset = contentOffset + pan.translation(in: self)
      } else {
        dragTo(pan.startOffset - pan.translation(in: self))
      }
    case .ended:
      scheduleIndicatorFade()
      guard !isZooming else { return }
      let velocity = Point.zero - pan.velocity(in: self)
      if isPagingEnabled {
        settleOnPage(velocity: velocity, from: pan.startOffset)
      } else {
        startMotion(velocity: velocity)
      }
    case .cancelled:
      scheduleIndicatorFade()
      startMotion(velocity: .zero)
    default: break
    }
  }

  /// Whether the content can scroll horizontally and vertically.
  var scrollableAxes: (x: Bool, y: Bool) {
    (maximumContentOffset.x > minimumContentOffset.x, maximumContentOffset.y > minimumContentOffset.y)
  }

  private func dragTo(_ raw: Point) {
    let axes = scrollableAxes
    contentOffset = Point(
      x: axes.x
        ? resisted(raw.x, low: minimumContentOffset.x, high: maximumContentOffset.x, size: bounds.width)
        : contentOffset.x,
      y: axes.y
        ? resisted(raw.y, low: minimumContentOffset.y, high: maximumContentOffset.y, size: bounds.height)
        : contentOffset.y)
  }

  private func resisted(_ value: Double, low: Double, high: Double, size: Double) -> Double {
    let limit = min(max(value, low), high)
    guard bounces, size > 0 else { return limit }
    let beyond = abs(value - limit)
    let shown = (1 - 1 / (beyond * 0.55 / size + 1)) * size
    return value < low ? low - shown : value > high ? high + shown : value
  }

  /// Starts a fling with `velocity` (points per second of content offset), or a spring back.
  func startMotion(velocity: Point) {
    guard let pan = scrollPan, let scheduler = window?.application.scheduler else {
      contentOffset = clamped(contentOffset)
      return
    }
    let axes = scrollableAxes
    pan.stopMotion()
    pan.motionVelocity = Point(x: axes.x ? velocity.x : 0, y: axes.y ? velocity.y : 0)
    pan.lastTick = scheduler.now
    scheduleTick(pan, scheduler)
  }

  private func scheduleTick(_ pan: ScrollViewPanGestureRecognizer, _ scheduler: Scheduler) {
    // The scheduler keeps its pending ticks, so a tick that kept the scheduler was a cycle that kept
    // the scheduler (and whatever its other timers hold) once the app let go mid-fling.
    pan.animation = scheduler.schedule(after: 1.0 / 60) { [weak self, weak pan, weak scheduler] in
      guard let self, let pan, let scheduler else { return }
      let dt = scheduler.now - pan.lastTick
      pan.lastTick = scheduler.now
      let (x, vx) = self.step(
        contentOffset.x, pan.motionVelocity.x, dt, minimumContentOffset.x, maximumContentOffset.x)
      let (y, vy) = self.step(
        contentOffset.y, pan.motionVelocity.y, dt, minimumContentOffset.y, maximumContentOffset.y)
      pan.motionVelocity = Point(x: vx, y: vy)
      contentOffset = Point(x: x, y: y)
      let settled = vx == 0 && vy == 0 && contentOffset == clamped(contentOffset)
      if settled { pan.animation = nil } else { self.scheduleTick(pan, scheduler) }
    }
  }

  /// One frame of one axis: deceleration inside the range, spring back outside it.
  private func step(
    _ position: Double, _ velocity: Double, _ dt: Double, _ low: Double, _ high: Double
  ) -> (Double, Double) {
    let target = min(max(position, low), high)
    if position == target {
      var next = position + velocity * dt
      var speed = velocity * pow(decelerationRate, dt * 1000)
      if next < low || next > high, !bounces {
        next = min(max(next, low), high)
        speed = 0
      }
      return (next, abs(speed) < 10 ? 0 : speed)
    }
    let moved = position + velocity * dt
    let sprung = target + (moved - target) * exp(-dt / 0.08)
    let speed = velocity * pow(0.9, dt * 1000)
    if abs(sprung - target) < 0.5 { return (target, 0) }
    return (sprung, abs(speed) < 10 ? 0 : speed)
  }
}

/// The pan of a ``ScrollView``: a ``PanGestureRecognizer`` that follows the scroll view's content-touch
/// policy (rules on `ScrollView+Panning.swift`) and keeps the fling's motion state.
final class ScrollViewPanGestureRecognizer: PanGestureRecognizer {
  private var delayExpired = false
  var startOffset = Point.zero
  /// The running fling or spring back (it outlives the gesture, so it is not one of the recognizer's
  /// timers, which the reset cancels).
  var animation: TimerToken?
  /// The running animated scroll (a page settling, ``ScrollView/setContentOffset(_:animated:)``, a
  /// zoom), stopped like a fling by a new touch.
  var offsetAnimator: PropertyAnimator?
  var motionVelocity = Point.zero
  var lastTick = 0.0

  private var scrollView: ScrollView? { view as? ScrollView }

  override var holdsTouchesBegan: Bool {
    (scrollView?.delaysContentTouches ?? false) && !delayExpired
  }

  override func allowsViewToBegin(_ touch: Touch) -> Bool {
    guard let scrollView, let view = touch.view, view !== scrollView else { return true }
    return scrollView.touchesShouldBegin([touch], with: nil, in: view)
  }

  func stopMotion() {
    animation?.cancel()
    animation = nil
    offsetAnimator?.stopAnimation(true)
    offsetAnimator = nil
    motionVelocity = .zero
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if numberOfTouches == touches.count {
      stopMotion()
      scheduleTimer(after: settings.contentTouchDelay) { [weak self] in
        self?.delayExpired = true
        self?.coordinator?.window.touchGate.releaseHolds()
      }
    }
    super.touchesBegan(touches, with: event)
  }

  override func beginRefusal(translation: Point) -> String? {
    guard let scrollView else { return "it is not on a scroll view" }
    guard scrollView.isScrollEnabled else { return "scrolling is disabled" }
    let axes = scrollView.scrollableAxes
    let horizontal = abs(translation.x) > abs(translation.y)
    if horizontal ? !axes.x : !axes.y {
      return "the content cannot scroll \(horizontal ? "horizontally" : "vertically")"
    }
    for touch in activeTouches where touch.delivery.viewGotBegan {
      guard let view = touch.view, view !== scrollView else { continue }
      if !scrollView.canCancelContentTouches {
        return "\(type(of: view)) has the touch and canCancelContentTouches is false"
      }
      if !scrollView.touchesShouldCancel(in: view) {
        return "touchesShouldCancel(in: \(type(of: view))) kept the touch in the content"
      }
    }
    return nil
  }

  override func acceptsTouchpadGesture(_ kind: TouchpadGestureInput.Kind, fingers: Int) -> Bool {
    kind == .hold
  }

  override func touchpadGestureChanged(_ input: TouchpadGestureInput) {
    if input.phase == .began { stopMotion() }
  }

  override func reset() {
    super.reset()
    delayExpired = false
  }
}
