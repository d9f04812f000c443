import Glibc
import TactileGeometry

/// Zooming a scroll view, as `UIScrollView` does: the delegate's
/// ``ScrollViewDelegate/viewForZooming(in:)`` names a subview (the zoom view) that is scaled.
///
/// - **Scale:** ``ScrollView/zoomScale`` is the zoom view's ``View/transform`` (a uniform scale); its
///   frame keeps its top-left corner and ``ScrollView/contentSize`` becomes its frame's size.
/// - **Pinch:** ``ScrollView/pinchGestureRecognizer`` (attached while the maximum scale exceeds the
///   minimum) keeps the zoom view's point that was under the fingers' centroid when the pinch began
///   under the centroid as the fingers spread, close and move: zooming and panning together. The scale
///   is the one at the start times the fingers' distance over their distance when the second went down
///   (so the pinch threshold is not lost). The
///   offset is not clamped while pinching; the scroll view's pan follows again once the pinch ends.
/// - **Limits:** past ``ScrollView/minimumZoomScale`` or ``ScrollView/maximumZoomScale`` a pinch moves
///   the scale with resistance (`limit · (raw / limit)^0.5`) when ``ScrollView/bouncesZoom`` is set, else
///   stops at the limit. When the fingers lift, the scale springs back within the limits (about the
///   centroid) and the offset into its range, in 0.25 s.
/// - ``ScrollView/zoom(to:animated:)`` and ``ScrollView/setZoomScale(_:animated:)`` animate over 0.3 s
///   (ease in and out; at once without a window). ``ScrollViewDelegate/scrollViewDidZoom(_:)`` comes
///   once per change of the scale: once per pinch frame, and once per frame of an animated zoom (after
///   the frame has moved everything, with ``ScrollView/contentSize`` following the zoom view).
extension ScrollView {
  /// The scale of the zoom view, kept within ``minimumZoomScale`` ... ``maximumZoomScale`` when set
  /// (non-finite values are ignored). Setting it zooms about the centre of the bounds, at once. During
  /// an animated zoom it is the scale being zoomed to.
  public var zoomScale: Double {
    get { storedZoomScale }
    set { setZoomScale(newValue, animated: false) }
  }

  /// Whether a pinch is zooming the content.
  public var isZooming: Bool { pinchStart != nil }

  /// The view the delegate zooms, if it is a subview.
  var zoomView: View? {
    guard let view = delegate?.viewForZooming(in: self), view.superview === self else { return nil }
    return view
  }

  /// Zooms to `scale` (clamped to the limits) about the centre of the bounds.
  public func setZoomScale(_ scale: Double, animated: Bool) {
    guard scale.isFinite, let view = zoomView else { return }
    let centre = Point(x: bounds.width / 2, y: bounds.height / 2)
    let anchor = view.convert(centre + contentOffset, from: self)
    zoom(scale: clampedZoom(scale), anchor: anchor, at: centre, animated: animated)
  }

  /// Zooms so that `rect` (in the zoom view's coordinates) fills the bounds as far as the limits allow,
  /// centred.
  public func zoom(to rect: Rect, animated: Bool) {
    guard rect.isFinite, rect.width > 0, rect.height > 0, zoomView != nil else { return }
    let scale = clampedZoom(min(bounds.width / rect.width, bounds.height / rect.height))
    zoom(
      scale: scale, anchor: rect.center, at: Point(x: bounds.width / 2, y: bounds.height / 2),
      animated: animated)
  }

  /// Shows the zoom view at `scale`, its point `anchor` at `location` (relative to the bounds'
  /// top-left corner), the offset clamped; animated over 0.3 s or at once.
  private func zoom(scale: Double, anchor: Point, at location: Point, animated: Bool) {
    let change = { [self] in
      place(scale: scale, anchor: anchor, at: location)
      contentOffset = clamped(contentOffset)
    }
    if animated, window != nil {
      animateZooming(duration: 0.3, curve: .easeInOut, change)
    } else {
      scrollPan?.stopMotion()
      change()
    }
  }

  /// Scales the zoom view to `scale` (its frame keeping its top-left corner), sets the content size to
  /// its frame's size and scrolls so that its point `anchor` is at `location` (relative to the bounds'
  /// top-left corner), unclamped.
  func place(scale: Double, anchor: Point, at location: Point) {
    guard let view = zoomView else { return }
    let origin = view.frame.origin
    let size = view.bounds.size
    view.transform = AffineTransform(scaleX: scale, y: scale)
    view.center = Point(x: origin.x + size.width * scale / 2, y: origin.y + size.height * scale / 2)
    contentSize = view.frame.size
    let changed = storedZoomScale != scale
    storedZoomScale = scale
    contentOffset = view.convert(anchor, to: self) - location
    if changed, !AnimationCapture.isCapturing {
      scrollIndicatorsDidMove()
      delegate?.scrollViewDidZoom(self)
    }
  }

  /// Animates `changes` to the zoom (made through ``place(scale:anchor:at:)``, whose delegate call
  /// the capture skips): each frame, once the zoom view, its centre and the offset have moved, the
  /// content size follows the zoom view's frame, the indicators show and the delegate is told
  /// ``ScrollViewDelegate/scrollViewDidZoom(_:)`` once.
  private func animateZooming(duration: Double, curve: TimingCurve, _ changes: @escaping () -> Void) {
    animateScrolling(
      duration: duration, curve: curve,
      eachFrame: { [weak self] in
        guard let self, let view = zoomView else { return }
        contentSize = view.frame.size
        scrollIndicatorsDidMove()
        delegate?.scrollViewDidZoom(self)
      }, changes)
  }

  func clampedZoom(_ scale: Double) -> Double {
    min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
  }

  /// Attaches or detaches the pinch as the limits allow zooming or not.
  func zoomLimitsDidChange() {
    if maximumZoomScale > minimumZoomScale {
      guard pinchGestureRecognizer == nil else { return }
      let pinch = PinchGestureRecognizer()
      pinch.delegate = pinchDelegate
      pinch.addAction { [weak self] recognizer in
        guard let self, let pinch = recognizer as? PinchGestureRecognizer else { return }
        self.handlePinch(pinch)
      }
      addGestureRecognizer(pinch)
      pinchGestureRecognizer = pinch
    } else if let pinch = pinchGestureRecognizer {
      removeGestureRecognizer(pinch)
      pinchGestureRecognizer = nil
    }
  }

  private func handlePinch(_ pinch: PinchGestureRecognizer) {
    guard let view = zoomView else { return }
    let location = pinch.location(in: self) - contentOffset
    switch pinch.state {
    case .began:
      scrollPan?.stopMotion()
      pinchStart = (zoomScale, view.convert(pinch.location(in: self), from: self))
      fallthrough
    case .changed:
      guard let start = pinchStart else { return }
      place(scale: resistedZoom(start.scale * pinch.scale), anchor: start.anchor, at: location)
    case .ended, .cancelled:
      guard let start = pinchStart else { return }
      pinchStart = nil
      scheduleIndicatorFade()
      let settled = clampedZoom(zoomScale)
      guard settled != zoomScale || clamped(contentOffset) != contentOffset else { return }
      animateZooming(duration: 0.25, curve: .easeOut) { [self] in
        place(scale: settled, anchor: start.anchor, at: location)
        contentOffset = clamped(contentOffset)
      }
    default: break
    }
  }

  /// `scale` with resistance past the limits (or stopped at them without ``bouncesZoom``).
  private func resistedZoom(_ scale: Double) -> Double {
    let limit = clampedZoom(scale)
    guard bouncesZoom, limit != scale, scale > 0 else { return limit }
    return limit * (scale / limit).squareRoot()
  }
}

/// The delegate of a scroll view's pinch: it recognizes together with the scroll view's own pan.
@MainActor
final class ZoomPinchDelegate: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    other.view === gestureRecognizer.view && other is ScrollViewPanGestureRecognizer
  }
}
