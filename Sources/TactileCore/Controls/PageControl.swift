import TactileGeometry
import TactileRaster

/// A row of dots, one per page, with the current page's dot highlighted, like `UIPageControl`.
///
/// A tap (touch up inside) left of the current page's dot moves ``currentPage`` one page back, right of
/// it one page on, and sends ``Control/Events/valueChanged`` then
/// ``Control/Events/primaryActionTriggered`` (the app then scrolls its pages). Setting ``currentPage``
/// in code sends nothing — a scroll view's delegate sets it as the pages scroll.
@MainActor
open class PageControl: Control {
  /// The number of dots. Negative values count as 0.
  public var numberOfPages = 0 {
    didSet {
      numberOfPages = max(numberOfPages, 0)
      currentPage = min(currentPage, max(numberOfPages - 1, 0))
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The highlighted page, clamped to 0 ..< ``numberOfPages``.
  public var currentPage = 0 {
    didSet {
      currentPage = min(max(currentPage, 0), max(numberOfPages - 1, 0))
      guard currentPage != oldValue else { return }
      setNeedsDisplay()
      postAccessibilityEvent(.valueChanged(self))
    }
  }

  /// The colour of the other pages' dots.
  public var pageIndicatorTintColor = Color(white: 1, alpha: 0.35) {
    didSet { setNeedsDisplay() }
  }

  /// The colour of the current page's dot.
  public var currentPageIndicatorTintColor = Color.white {
    didSet { setNeedsDisplay() }
  }

  /// Dots are 7 points wide, 16 points apart centre to centre.
  static let dotDiameter = 7.0
  static let dotPitch = 16.0

  /// Where the touch being tracked last was, for the tap's side.
  private var touchLocation = Point.zero

  /// The dots' width with 8 points of padding on each side, by 36 points.
  open override var intrinsicContentSize: Size {
    Size(width: Double(numberOfPages) * Self.dotPitch + 16, height: 36)
  }

  open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

  /// The centre of the dot of `page`, in the control's coordinates: the row is centred in the bounds.
  public func indicatorCenter(forPage page: Int) -> Point {
    let rowStart = bounds.midX - Double(numberOfPages) * Self.dotPitch / 2
    return Point(x: rowStart + (Double(page) + 0.5) * Self.dotPitch, y: bounds.midY)
  }

  open override func draw(in canvas: Canvas) {
    for page in 0..<numberOfPages {
      let centre = indicatorCenter(forPage: page)
      let radius = Self.dotDiameter / 2
      canvas.fillEllipse(
        in: Rect(
          x: centre.x - radius, y: centre.y - radius, width: Self.dotDiameter, height: Self.dotDiameter),
        with: .color(page == currentPage ? currentPageIndicatorTintColor : pageIndicatorTintColor))
    }
  }

  open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    touchLocation = touch.location(in: self)
    return true
  }

  open override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
    touchLocation = touch.location(in: self)
    return true
  }

  open override func touchUpInsideDidHappen(with event: Event?) {
    turn(by: touchLocation.x < indicatorCenter(forPage: currentPage).x ? -1 : 1, with: event)
  }

  /// Moves ``currentPage`` by `pages` when that page exists, sending ``Control/Events/valueChanged``
  /// then ``Control/Events/primaryActionTriggered``.
  private func turn(by pages: Int, with event: Event?) {
    let page = currentPage + pages
    guard page >= 0, page < numberOfPages else { return }
    currentPage = page
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }

  // MARK: Accessibility

  /// "page 2 of 5" (pages counted from 1).
  override var defaultAccessibilityValue: String? { "page \(currentPage + 1) of \(numberOfPages)" }

  override var defaultAccessibilityTraits: AccessibilityTraits {
    super.defaultAccessibilityTraits.union(.adjustable)
  }

  /// A page control is adjusted, not activated: does nothing and returns `false`.
  open override func accessibilityActivate() -> Bool { false }

  /// Turns to the next page, as a tap right of the current dot does (nothing while disabled).
  open override func accessibilityIncrement() {
    if isEnabled { turn(by: 1, with: nil) }
  }

  /// Turns to the previous page, as a tap left of the current dot does (nothing while disabled).
  open override func accessibilityDecrement() {
    if isEnabled { turn(by: -1, with: nil) }
  }
}
