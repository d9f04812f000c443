import TactileGeometry
import TactileRaster

/// Scroll indicators, as UIKit shows them: a thin bar along the right edge for content that scrolls
/// vertically and one along the bottom edge for content that scrolls horizontally, showing which part
/// of the content is in view.
///
/// - **When:** a change of the content offset or of the zoom shows the bars of the axes that can scroll
///   (``ScrollView/showsVerticalScrollIndicator``, ``ScrollView/showsHorizontalScrollIndicator``), at
///   full opacity, stopping a fade in progress. ``ScrollView/scrollIndicatorFadeDelay`` (0.5 s) after the
///   last change — but never while a finger drags or pinches: then from when it lifts — they fade out
///   over 0.25 s (linear, on the window's scheduler) and leave the view tree.
///   ``ScrollView/flashScrollIndicators()`` shows them without a change, then fades them the same way.
/// - **Where:** each bar is 3 points thick, 2 points in from its edge (after its insets,
///   ``ScrollView/verticalScrollIndicatorInsets`` or ``ScrollView/horizontalScrollIndicatorInsets``),
///   with rounded ends, and stops short of the corner where the other bar shows. Its track is the edge
///   minus those; its length is the track times the visible share of the content (the bounds minus the
///   content insets, over the content size), at least 20 points; its position is the offset's share of
///   the scrollable range.
/// - **Rubber-banding:** past an edge the bar stays at that end of its track and shrinks by the
///   distance past the edge, down to twice its thickness.
/// - A bar is a subview on top of the content (brought to the front each time it shows) that touches
///   pass through; it is in the view tree only while it shows.
extension ScrollView {
  /// The bars' thickness and their distance from the edge, in points.
  static let indicatorThickness = 3.0
  static let indicatorInset = 2.0
  /// The shortest a bar gets inside the scrollable range, in points.
  static let indicatorMinimumLength = 20.0

  /// Seconds from the last change of the offset (or the end of a drag or pinch) to the fade-out.
  public static let scrollIndicatorFadeDelay = 0.5

  /// Shows the scroll indicators of the axes that can scroll, then fades them out after
  /// ``scrollIndicatorFadeDelay`` as after a scroll (UIKit's `flashScrollIndicators()`), for example to
  /// tell that a newly shown view scrolls.
  public func flashScrollIndicators() {
    showScrollIndicators()
    scheduleIndicatorFade()
  }

  /// Shows and places the bars for the current offset, and restarts their fade-out.
  func scrollIndicatorsDidMove() {
    showScrollIndicators()
    scheduleIndicatorFade()
  }

  /// Shows and places the bar of each axis that can scroll and whose indicator is enabled; removes the
  /// others.
  private func showScrollIndicators() {
    let axes = scrollableAxes
    let bars: [(ScrollIndicator.Axis, Bool)] = [
      (.vertical, showsVerticalScrollIndicator && axes.y),
      (.horizontal, showsHorizontalScrollIndicator && axes.x),
    ]
    for (axis, shown) in bars {
      let existing = scrollIndicators.first { $0.axis == axis }
      guard shown else {
        existing?.hide()
        continue
      }
      let indicator = existing ?? ScrollIndicator(axis)
      if existing == nil { scrollIndicators.append(indicator) }
      indicator.fade?.stopAnimation(true)
      indicator.fade = nil
      indicator.alpha = 1
      indicator.frame = indicatorFrame(axis, besideOther: bars.allSatisfy(\.1))
      if indicator.superview !== self {
        addSubview(indicator)
      } else if let top = subviews.lastIndex(where: { !($0 is ScrollIndicator) }),
        let index = subviews.firstIndex(where: { $0 === indicator }), index < top
      {
        bringSubviewToFront(indicator)
      }
    }
  }

  /// Restarts the timer that fades the bars.
  func scheduleIndicatorFade() {
    indicatorFadeTimer?.cancel()
    indicatorFadeTimer = nil
    guard scrollIndicators.contains(where: { $0.superview === self }) else { return }
    indicatorFadeTimer = window?.application.scheduler.schedule(after: Self.scrollIndicatorFadeDelay) {
      [weak self] in self?.fadeScrollIndicators()
    }
  }

  /// The frame of the bar along `axis`, in the scroll view's bounds coordinates (rules on
  /// `ScrollView+Indicators.swift`); `besideOther` when the other bar shows too.
  func indicatorFrame(_ axis: ScrollIndicator.Axis, besideOther: Bool) -> Rect {
    let thickness = Self.indicatorThickness
    let inset = Self.indicatorInset
    let vertical = axis == .vertical
    let insets = vertical ? verticalScrollIndicatorInsets : horizontalScrollIndicatorInsets
    let content = contentInset
    // Along the bar: where its track starts and ends (from the bounds' leading edge).
    let lead = (vertical ? insets.top : insets.left) + inset
    let corner = besideOther ? thickness + inset : 0
    let trail = (vertical ? insets.bottom : insets.right) + inset + corner
    let size = vertical ? bounds.height : bounds.width
    let track = max(size - lead - trail, 0)
    let visible = size - (vertical ? content.top + content.bottom : content.left + content.right)
    let contentLength = vertical ? contentSize.height : contentSize.width
    var length = contentLength > 0 ? track * min(visible / contentLength, 1) : track
    length = min(max(length, Self.indicatorMinimumLength), track)
    let offset = vertical ? contentOffset.y : contentOffset.x
    let low = vertical ? minimumContentOffset.y : minimumContentOffset.x
    let high = vertical ? maximumContentOffset.y : maximumContentOffset.x
    let beyond = offset < low ? low - offset : offset > high ? offset - high : 0
    length = min(max(length - beyond, 2 * thickness), track)
    let share = high > low ? min(max((offset - low) / (high - low), 0), 1) : 0
    let start = lead + (track - length) * share
    // Across the bar: in from the far edge.
    let across =
      (vertical ? bounds.width - insets.right : bounds.height - insets.bottom) - inset - thickness
    return vertical
      ? Rect(x: bounds.minX + across, y: bounds.minY + start, width: thickness, height: length)
      : Rect(x: bounds.minX + start, y: bounds.minY + across, width: length, height: thickness)
  }

  /// Fades the bars out, unless a finger is dragging or pinching (its end schedules the fade again).
  private func fadeScrollIndicators() {
    indicatorFadeTimer = nil
    guard !isDragging, !isZooming else { return }
    for indicator in scrollIndicators where indicator.superview === self && indicator.fade == nil {
      let fade = PropertyAnimator(duration: 0.25, curve: .linear) { indicator.alpha = 0 }
      fade.addCompletion { [weak indicator] position in
        if position == .end { indicator?.hide() }
      }
      indicator.fade = fade
      fade.startAnimation()
    }
  }
}

/// One scroll indicator bar (rules on `ScrollView+Indicators.swift`).
final class ScrollIndicator: View {
  enum Axis { case vertical, horizontal }

  let axis: Axis
  /// The running fade-out, stopped when the content moves again.
  var fade: PropertyAnimator?

  init(_ axis: Axis) {
    self.axis = axis
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    backgroundColor = Color(white: 0, alpha: 0.35)
    cornerRadius = ScrollView.indicatorThickness / 2
  }

  /// Takes the bar out of the view tree, stopping its fade.
  func hide() {
    fade?.stopAnimation(true)
    fade = nil
    removeFromSuperview()
  }
}
