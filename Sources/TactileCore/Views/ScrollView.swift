import TactileGeometry

/// Told about a scroll view's scrolling.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed.
  func scrollViewDidScroll(_ scrollView: ScrollView)
}

/// A view that shows a larger content area through its bounds, like `UIScrollView`: the content offset
/// *is* the bounds origin, so subviews (the content) move when it changes.
///
/// What works now: ``contentSize``, ``contentInset``, ``contentOffset`` clamped by
/// ``setContentOffset(_:animated:)``, ``scrollRectToVisible(_:animated:)`` and wheel and touchpad
/// scrolling — a step scrolls the innermost scroll view under the pointer that can still move in that
/// direction, and climbs the responder chain (to an outer scroll view) once this one is at its edge; a
/// wheel scrolls in notches, a touchpad continuously with a fling when the fingers lift (rules:
/// `ScrollView+Scrolling.swift`).
///
/// Dragging, deceleration and bounce come from ``panGestureRecognizer``, which follows the
/// content-touch policy — ``delaysContentTouches``, ``canCancelContentTouches``,
/// ``touchesShouldBegin(_:with:in:)``, ``touchesShouldCancel(in:)`` (rules: `ScrollView+Panning.swift`).
@MainActor
open class ScrollView: View {
  /// The size of the content, in the scroll view's coordinates.
  public var contentSize: Size = .zero {
    didSet { if !contentSize.isFinite { contentSize = oldValue } }
  }

  /// Extra scrollable space around the content.
  public var contentInset: EdgeInsets = .zero

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

  /// How much of the velocity a fling keeps per millisecond (UIKit's `.normal`: 0.998). Values are
  /// clamped to 0 ... 0.9999.
  public var decelerationRate = 0.998 {
    didSet { decelerationRate = decelerationRate.isFinite ? min(max(decelerationRate, 0), 0.9999) : oldValue }
  }

  /// The touchpad scroll sequence this scroll view is taking, for the fling at its stop.
  var fingerScroll: FingerScroll?

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
      delegate?.scrollViewDidScroll(self)
    }
  }

  /// The smallest allowed content offset: minus the top and left insets.
  public var minimumContentOffset: Point {
    Point(x: -contentInset.left, y: -contentInset.top)
  }

  /// The largest allowed content offset: the content's far edge plus inset at the far side of the
  /// bounds (never below ``minimumContentOffset``).
  public var maximumContentOffset: Point {
    let low = minimumContentOffset
    return Point(
      x: max(low.x, contentSize.width + contentInset.right - bounds.width),
      y: max(low.y, contentSize.height + contentInset.bottom - bounds.height))
  }

  /// Sets the content offset, clamped to the allowed range (the animation flag is accepted for porting;
  /// the change is immediate until animation exists).
  public func setContentOffset(_ offset: Point, animated: Bool) {
    contentOffset = clamped(offset)
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
