import TactileGeometry

/// Told about a scroll view's scrolling and zooming; every method has a default that does nothing.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed (by any means: dragging, a fling, an animation, code).
  func scrollViewDidScroll(_ scrollView: ScrollView)

  /// The view that zooming scales (a subview of the scroll view), or `nil` (the default) for none:
  /// without one the scroll view does not zoom.
  func viewForZooming(in scrollView: ScrollView) -> View?

  /// The zoom scale changed: once per pinch frame, and once per frame of an animated zoom.
  func scrollViewDidZoom(_ scrollView: ScrollView)

  /// Whether a scroll-to-top request (rules: `ScrollView+ScrollToTop.swift`) may scroll the content to
  /// its top; default `true`.
  func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool

  /// A scroll to the top requested by the user ended at the top.
  func scrollViewDidScrollToTop(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
  public func scrollViewDidZoom(_ scrollView: ScrollView) {}
  public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
  public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
}

/// A view that shows a larger content area through its bounds, like `UIScrollView`: the content offset
/// *is* the bounds origin, so subviews (the content) move when it changes.
///
/// What works now: ``contentSize``, ``contentInset`` and ``adjustedContentInset`` (rules:
/// `ScrollView+ContentInset.swift`), ``contentOffset`` clamped by
/// ``setContentOffset(_:animated:)``, ``scrollRectToVisible(_:animated:)`` and wheel and touchpad
/// scrolling — a step scrolls the innermost scroll view under the pointer that can still move in that
/// direction, and climbs the responder chain (to an outer scroll view) once this one is at its edge; a
/// wheel scrolls in notches, a touchpad continuously with a fling when the fingers lift (rules:
/// `ScrollView+Scrolling.swift`).
///
/// Scroll indicators show while the content moves and fade after it stops (rules:
/// `ScrollView+Indicators.swift`).
///
/// Dragging, deceleration and bounce come from ``panGestureRecognizer``, which follows the
/// content-touch policy — ``delaysContentTouches``, ``canCancelContentTouches``,
/// ``touchesShouldBegin(_:with:in:)``, ``touchesShouldCancel(in:)`` (rules: `ScrollView+Panning.swift`).
///
/// ## Nested scroll views
/// A touch drag belongs to the innermost scroll view under the finger that can move along the axis the
/// drag mostly follows when it begins (its content scrolls along that axis, or it always bounces
/// along it); scroll views that cannot pass it on to the next one out. So a horizontal strip inside a
/// vertical scroll view takes the mostly horizontal drags and its container the mostly vertical ones,
/// and neither moves along the other's axis during that drag. Along the same axis the inner one keeps
/// the drag: if it ``bounces`` it pulls past its edge and springs back, as UIKit's does; if it does not
/// bounce, the part of the drag beyond its edge moves the nearest enclosing scroll view that scrolls
/// along that axis, which then also takes the release (its fling or page). A fling never crosses from
/// one scroll view to another (rules: `ScrollView+NestedDragging.swift`).
@MainActor
open class ScrollView: View {
  /// The size of the content, in the scroll view's coordinates.
  public var contentSize: Size = .zero {
    didSet { if !contentSize.isFinite { contentSize = oldValue } }
  }

  /// Extra scrollable space around the content, on top of which ``adjustedContentInset`` adds the safe
  /// area (rules: `ScrollView+ContentInset.swift`).
  public var contentInset: EdgeInsets = .zero

  /// Which edges of the safe area ``adjustedContentInset`` adds to ``contentInset``. Default
  /// ``ContentInsetAdjustmentBehavior/automatic``.
  public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic

  /// Whether the indicators' insets include the safe area, as the content's do. Default `true`.
  public var automaticallyAdjustsScrollIndicatorInsets = true

  /// Whether a scroll-to-top request (a tap on the title bar, Ctrl+Home) may scroll this scroll view
  /// (rules: `ScrollView+ScrollToTop.swift`). Default `true`.
  public var scrollsToTop = true

  /// Whether scrolling by wheel and by dragging is allowed. Default `true`.
  public var isScrollEnabled = true

  /// Whether content touches wait, up to ``InteractionSettings/contentTouchDelay``, until the pan
  /// recognizer decides that the touch is not a scroll (UIKit's default `true`). Read by
  /// ``panGestureRecognizer``.
  public var delaysContentTouches = true

  /// Whether a scroll that starts over a content view cancels that view's touches (UIKit's default
  /// `true`), subject to ``touchesShouldCancel(in:)``. Read by ``panGestureRecognizer``.
  public var canCancelContentTouches = true

  /// Told when the content offset changes.
  public weak var delegate: ScrollViewDelegate?

  /// The recognizer that drags the content (rules: `ScrollView+Panning.swift`).
  public let panGestureRecognizer: PanGestureRecognizer = ScrollViewPanGestureRecognizer()

  /// Whether dragging may pull the content past its edges (with resistance) and a fling springs back
  /// from past them. Default `true`.
  public var bounces = true

  /// Whether, with ``bounces``, a vertical drag pulls the content (with resistance) even when it is no
  /// taller than the bounds — so that drag stays here instead of going to an enclosing scroll view.
  /// Default `false`.
  public var alwaysBounceVertical = false

  /// Whether, with ``bounces``, a horizontal drag pulls the content even when it is no wider than the
  /// bounds. Default `false`.
  public var alwaysBounceHorizontal = false

  /// How much of the velocity a fling keeps per millisecond (UIKit's `.normal`: 0.998). Values are
  /// clamped to 0 ... 0.9999.
  public var decelerationRate = 0.998 {
    didSet { decelerationRate = decelerationRate.isFinite ? min(max(decelerationRate, 0), 0.9999) : oldValue }
  }

  /// The touchpad scroll sequence this scroll view is taking, for the fling at its stop.
  var fingerScroll: FingerScroll?

  /// The smallest ``zoomScale`` (rules: `ScrollView+Zooming.swift`). Default 1; non-finite or
  /// non-positive values are ignored.
  public var minimumZoomScale = 1.0 {
    didSet {
      if !minimumZoomScale.isFinite || minimumZoomScale <= 0 { minimumZoomScale = oldValue }
      zoomLimitsDidChange()
    }
  }

  /// The largest ``zoomScale``. Default 1 (no zooming); non-finite or non-positive values are ignored.
  public var maximumZoomScale = 1.0 {
    didSet {
      if !maximumZoomScale.isFinite || maximumZoomScale <= 0 { maximumZoomScale = oldValue }
      zoomLimitsDidChange()
    }
  }

  /// Whether a pinch may take the scale past its limits (with resistance), springing back when the
  /// fingers lift. Default `true`.
  public var bouncesZoom = true

  /// The scale the zoom view is shown at (rules: `ScrollView+Zooming.swift`).
  public internal(set) var storedZoomScale = 1.0

  /// The recognizer that zooms, attached while ``maximumZoomScale`` exceeds ``minimumZoomScale``.
  public internal(set) var pinchGestureRecognizer: PinchGestureRecognizer?

  /// Lets the pinch run together with the pan (the coordinator asks a recognizer's delegate).
  let pinchDelegate = ZoomPinchDelegate()

  /// The pinch in progress: the scale it started at, and the zoom view's point under the fingers.
  var pinchStart: (scale: Double, anchor: Point)?

  /// Whether the bar along the right edge shows while the content scrolls vertically (rules:
  /// `ScrollView+Indicators.swift`). Default `true`.
  public var showsVerticalScrollIndicator = true

  /// Whether the bar along the bottom edge shows while the content scrolls horizontally. Default `true`.
  public var showsHorizontalScrollIndicator = true

  /// Space between the edges of the bounds and the track of the vertical indicator. Default zero.
  public var verticalScrollIndicatorInsets: EdgeInsets = .zero

  /// Space between the edges of the bounds and the track of the horizontal indicator. Default zero.
  public var horizontalScrollIndicatorInsets: EdgeInsets = .zero

  /// The indicator bars made so far, and the timer that fades them.
  var scrollIndicators: [ScrollIndicator] = []
  var indicatorFadeTimer: TimerToken?

  /// Whether a drag settles on a whole page (a multiple of the bounds size; rules:
  /// `ScrollView+Paging.swift`). Default `false`.
  public var isPagingEnabled = false

  /// Creates a scroll view with its pan recognizer attached. Like UIKit's, it clips its content to its
  /// bounds (`clipsToBounds` starts `true`).
  public override init(frame: Rect) {
    super.init(frame: frame)
    clipsToBounds = true
    addGestureRecognizer(panGestureRecognizer)
    panGestureRecognizer.addAction { [weak self] recognizer in
      guard let self, let pan = recognizer as? ScrollViewPanGestureRecognizer else { return }
      self.handlePan(pan)
    }
  }

  /// The point of the content shown at the top-left corner (the bounds origin).
  public var contentOffset: Point {
    get { bounds.origin }
    set {
      guard newValue.isFinite, newValue != bounds.origin else { return }
      bounds.origin = newValue
    }
  }

  /// Shows the scroll indicators and tells the delegate that the content scrolled whenever the bounds
  /// origin changes, whichever way — except while an animator captures the change it is about to
  /// animate.
  override func boundsDidChange(from old: Rect) {
    super.boundsDidChange(from: old)
    guard bounds.origin != old.origin, !AnimationCapture.isCapturing else { return }
    scrollIndicatorsDidMove()
    delegate?.scrollViewDidScroll(self)
  }

  /// The smallest allowed content offset: minus the top and left adjusted insets.
  public var minimumContentOffset: Point {
    let inset = adjustedContentInset
    return Point(x: -inset.left, y: -inset.top)
  }

  /// The largest allowed content offset: the content's far edge plus adjusted inset at the far side of
  /// the bounds (never below ``minimumContentOffset``).
  public var maximumContentOffset: Point {
    let low = minimumContentOffset
    let inset = adjustedContentInset
    return Point(
      x: max(low.x, contentSize.width + inset.right - bounds.width),
      y: max(low.y, contentSize.height + inset.bottom - bounds.height))
  }

  /// Sets the content offset, clamped to the allowed range: at once, or animated over 0.3 s (ease in
  /// and out) on the window's scheduler. Either way a running fling or animated scroll stops first.
  public func setContentOffset(_ offset: Point, animated: Bool) {
    guard offset.isFinite else { return }
    let target = clamped(offset)
    if animated {
      animateScrolling(duration: 0.3, curve: .easeInOut) { [self] in contentOffset = target }
    } else {
      scrollPan?.stopMotion()
      contentOffset = target
    }
  }

  /// Runs `changes` (to the offset, and to the zoom view) as a ``PropertyAnimator`` that a new touch
  /// stops, after stopping any running motion; `eachFrame` runs after every frame of it, `completion`
  /// once at its end with where it ended.
  func animateScrolling(
    duration: Double, curve: TimingCurve, eachFrame: (() -> Void)? = nil,
    completion: ((PropertyAnimator.Position) -> Void)? = nil, _ changes: @escaping () -> Void
  ) {
    scrollPan?.stopMotion()
    let animator = PropertyAnimator(duration: duration, curve: curve, animations: changes)
    animator.frameObserver = eachFrame
    if let completion { animator.addCompletion(completion) }
    scrollPan?.offsetAnimator = animator
    animator.addCompletion { [weak self, weak animator] _ in
      if let pan = self?.scrollPan, pan.offsetAnimator === animator { pan.offsetAnimator = nil }
    }
    animator.startAnimation()
  }

  /// Scrolls the least distance that makes `rect` (content coordinates) visible; when it is larger than
  /// the bounds, its top-left corner is shown.
  public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
    guard rect.isFinite else { return }
    var offset = contentOffset
    if rect.maxX > offset.x + bounds.width { offset.x = rect.maxX - bounds.width }
    if rect.minX < offset.x { offset.x = rect.minX }
    if rect.maxY > offset.y + bounds.height { offset.y = rect.maxY - bounds.height }
    if rect.minY < offset.y { offset.y = rect.minY }
    setContentOffset(offset, animated: animated)
  }

  /// Whether touches may be delivered to `view`, a content view, when a touch begins on it (UIKit's
  /// default: `true`). Read by ``panGestureRecognizer``.
  open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
    true
  }

  /// Whether a scroll may cancel the touches of `view`, a content view. UIKit's default: `true`, except
  /// for controls (a button keeps its touch). Read by ``panGestureRecognizer``.
  open func touchesShouldCancel(in view: View) -> Bool {
    !(view is Control)
  }

  /// Scrolls by a wheel or touchpad step (rules: `ScrollView+Scrolling.swift`); a step it cannot use at
  /// all — at its edge in that direction, or with scrolling disabled — goes up the responder chain.
  open override func scrollWheel(with event: Event) {
    guard let scroll = event.scroll, takeScroll(scroll) else {
      super.scrollWheel(with: event)
      return
    }
  }

  /// `offset` clamped to ``minimumContentOffset`` ... ``maximumContentOffset``.
  func clamped(_ offset: Point) -> Point {
    let low = minimumContentOffset
    let high = maximumContentOffset
    return Point(x: min(max(offset.x, low.x), high.x), y: min(max(offset.y, low.y), high.y))
  }
}
