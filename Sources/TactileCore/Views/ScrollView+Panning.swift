import Glibc
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
/// - **Axes:** the pan begins only when the drag is mostly along an axis the content can scroll
///   (content larger than the bounds plus insets, or ``ScrollView/alwaysBounceHorizontal`` /
///   ``ScrollView/alwaysBounceVertical`` with ``ScrollView/bounces``); ``ScrollView/isScrollEnabled``
///   off fails it. Otherwise the drag is left to an enclosing scroll view (nesting, and the hand-off
///   at an edge: `ScrollView+NestedDragging.swift`).
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
      if pan.state == .began {
        let translation = pan.translation(in: self)
        pan.dragIsHorizontal = abs(translation.x) > abs(translation.y)
      }
      if isZooming {
        // A pinch moves the content itself; the drag carries on from wherever it leaves it.
        pan.startOffset = contentOffset + pan.translation(in: self)
      } else {
        let target = pan.startOffset - pan.translation(in: self)
        dragTo(target)
        handOffDrag(beyond: target, pan)
      }
    case .ended:
      scheduleIndicatorFade()
      guard !isZooming else { return }
      if finishHandOff(pan) { return }
      let velocity = Point.zero - pan.velocity(in: self)
      if isPagingEnabled {
        settleOnPage(velocity: velocity, from: pan.startOffset)
      } else {
        startMotion(velocity: velocity)
      }
    case .cancelled:
      scheduleIndicatorFade()
      startMotion(velocity: .zero)
      _ = finishHandOff(pan, cancelled: true)
    default: break
    }
  }

  /// Whether the content can scroll horizontally and vertically.
  var scrollableAxes: (x: Bool, y: Bool) {
    (maximumContentOffset.x > minimumContentOffset.x, maximumContentOffset.y > minimumContentOffset.y)
  }

  /// Whether a drag moves the content horizontally and vertically: along an axis it can scroll, and
  /// along one it cannot when it bounces and ``alwaysBounceHorizontal`` or ``alwaysBounceVertical`` is
  /// set.
  var draggableAxes: (x: Bool, y: Bool) {
    let axes = scrollableAxes
    return (axes.x || (bounces && alwaysBounceHorizontal), axes.y || (bounces && alwaysBounceVertical))
  }

  /// Moves the content offset towards `raw` along the draggable axes: past an edge with resistance
  /// when the scroll view bounces, otherwise stopped at the edge.
  func dragTo(_ raw: Point) {
    let axes = draggableAxes
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
    let shown = (1 - 1 / (beyond * MotionConstants.rubberBandStiffness / size + 1)) * size
    return value < low ? low - shown : value > high ? high + shown : value
  }

  /// Starts a fling with `velocity` (points per second of content offset), or a spring back.
  func startMotion(velocity: Point) {
    guard let pan = scrollPan, let scheduler = window?.application.scheduler else {
      contentOffset = clamped(contentOffset)
      return
    }
    let axes = draggableAxes
    pan.stopMotion()
    pan.motionVelocity = Point(x: axes.x ? velocity.x : 0, y: axes.y ? velocity.y : 0)
    pan.lastTick = scheduler.now
    scheduleTick(pan, scheduler)
  }

  private func scheduleTick(_ pan: ScrollViewPanGestureRecognizer, _ scheduler: Scheduler) {
    // The scheduler keeps its pending ticks, so a tick that kept the scheduler was a cycle that kept
    // the scheduler (and whatever its other timers hold) once the app let go mid-fling.
    pan.animation = scheduler.schedule(after: MotionConstants.tickInterval) {
      [weak self, weak pan, weak scheduler] in
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
      return (next, abs(speed) < MotionConstants.restingSpeed ? 0 : speed)
    }
    let moved = position + velocity * dt
    let sprung = target + (moved - target) * exp(-dt / MotionConstants.springTimeConstant)
    let speed = velocity * pow(MotionConstants.springDecelerationRate, dt * 1000)
    if abs(sprung - target) < MotionConstants.springSettleDistance { return (target, 0) }
    return (sprung, abs(speed) < MotionConstants.restingSpeed ? 0 : speed)
  }

  /// The constants of the scroll view's motion: the rubber band while dragging past the edges, and
  /// the fling and spring-back ticks after the finger lifts.
  enum MotionConstants {
    /// How stiffly content resists being dragged past an edge: a drag `d` beyond it shows
    /// `(1 - 1 / (d × 0.55 / size + 1)) × size`, which approaches the view's size and never reaches it.
    static let rubberBandStiffness = 0.55
    /// The seconds between two motion ticks: one 60 Hz frame.
    static let tickInterval = 1.0 / 60
    /// Points per second below which a fling or spring stops.
    static let restingSpeed = 10.0
    /// The spring-back's time constant in seconds: the distance beyond the edge shrinks by a factor
    /// e every 0.08 s.
    static let springTimeConstant = 0.08
    /// The fraction of its speed a spring-back keeps per millisecond (the fling's is
    /// ``ScrollView/decelerationRate``).
    static let springDecelerationRate = 0.9
    /// The points from the edge within which a spring-back snaps onto it.
    static let springSettleDistance = 0.5
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
  /// Whether the drag in progress was mostly horizontal when it began (its axis, for a hand-off).
  var dragIsHorizontal = false
  /// The enclosing scroll view the drag was handed off to, and its offset when it was (rules:
  /// `ScrollView+NestedDragging.swift`).
  var handOff: (scrollView: ScrollView, start: Point)?

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
    let axes = scrollView.draggableAxes
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
    handOff = nil
  }
}
