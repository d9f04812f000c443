import TactileGeometry

/// Paging (``ScrollView/isPagingEnabled``): when a drag ends, the content settles on a whole page — a
/// multiple of the bounds size along each axis that scrolls — instead of flinging.
///
/// - **By velocity:** a release faster than ``ScrollView/pagingFlickVelocity`` along an axis settles on
///   the next page in the direction of the finger's motion (at most one page from where the drag
///   started).
/// - **Slow release:** the nearest page.
/// - The page is clamped to the content, and the content moves there along a critically damped spring
///   (0.35 s) that starts at the finger's speed; a new touch stops it where it is.
extension ScrollView {
  /// The release speed, in points per second, above which a paging drag goes on to the next page.
  public static let pagingFlickVelocity = 250.0

  /// The page the content offset is on along the horizontal axis (rounded), for a page control.
  public var currentHorizontalPage: Int {
    bounds.width > 0 ? Int((contentOffset.x / bounds.width).rounded()) : 0
  }

  /// Settles on a page after a drag that started at `start` and was released at `velocity` (of the
  /// content offset, points per second).
  func settleOnPage(velocity: Point, from start: Point) {
    let axes = scrollableAxes
    let low = minimumContentOffset
    let high = maximumContentOffset
    let target = Point(
      x: axes.x
        ? page(contentOffset.x, velocity.x, start.x, bounds.width, low.x, high.x) : contentOffset.x,
      y: axes.y
        ? page(contentOffset.y, velocity.y, start.y, bounds.height, low.y, high.y) : contentOffset.y)
    let distance = target - contentOffset
    let squared = distance.x * distance.x + distance.y * distance.y
    guard squared > 0 else { return }
    // The spring's velocity is in whole distances per second along the way to the target.
    let along = (velocity.x * distance.x + velocity.y * distance.y) / squared
    animateScrolling(duration: 0.35, curve: .spring(dampingRatio: 1, initialVelocity: max(along, 0))) {
      [self] in contentOffset = target
    }
  }

  /// The offset of the page to settle on along one axis (rules on `ScrollView+Paging.swift`).
  private func page(
    _ offset: Double, _ velocity: Double, _ start: Double, _ size: Double, _ low: Double, _ high: Double
  ) -> Double {
    guard size > 0 else { return offset }
    let position = offset / size
    let startPage = (start / size).rounded()
    var page = position.rounded()
    if abs(velocity) > Self.pagingFlickVelocity {
      page = velocity > 0 ? position.rounded(.down) + 1 : position.rounded(.up) - 1
      page = min(max(page, startPage - 1), startPage + 1)
    }
    return min(max(page * size, low), high)
  }
}
