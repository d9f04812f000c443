import TactileGeometry
import TactileRaster

/// A client-side window frame drawn with Tactile's own views: a title bar with the title and
/// finger-sized minimize, maximize and close buttons, and a border to resize from — for compositors that
/// draw no decorations (GNOME's).
///
/// The frame fills the platform surface; the app's content goes in ``contentRect`` (the host places the
/// app's window there, so the app's coordinate space excludes the frame). It asks its host for what only
/// the compositor can do, through closures:
/// - a touch or press that goes down on the border (``resizeMargin`` wide) calls ``onResize`` at once with
///   the edge or corner under it (corners take ``cornerSize`` along each side);
/// - one that goes down on the title bar and moves farther than ``dragThreshold`` calls ``onMove`` once
///   (the compositor then moves the window while the finger stays down);
/// - a tap or click on the title bar calls ``onTitleBarTap``;
/// - a double tap or double click on the title bar, or the maximize button, calls ``onToggleMaximize``;
///   the close and minimize buttons call ``onClose`` and ``onMinimize``.
///
/// ``states`` change the look: no border when maximized, tiled or fullscreen, no frame at all when
/// fullscreen, a lighter title bar and greyed title when not activated.
@MainActor
public final class DecorationView: View {
  /// The title bar's height, in points (and the size of its square buttons: fit for a finger).
  public static let titleBarHeight = 44.0
  /// The width of the resize border, in points.
  public static let resizeMargin = 8.0
  /// How far along a side a corner's resize area reaches, in points.
  public static let cornerSize = 24.0
  /// How far a finger (or pointer) moves on the title bar before the window moves, in points.
  public static let dragThreshold = (touch: 8.0, pointer: 3.0)

  /// The window's title.
  public var title: String {
    get { titleLabel.text ?? "" }
    set { titleLabel.text = newValue }
  }
  /// The compositor's states for the window.
  public var states: WindowStates = [.activated] {
    didSet { if states != oldValue { statesDidChange() } }
  }

  /// Called with the touch that started an interactive move.
  public var onMove: (@MainActor (Touch) -> Void)?
  /// Called with the touch that started an interactive resize and the edge it grabbed.
  public var onResize: (@MainActor (Touch, WindowEdge) -> Void)?
  public var onClose: (@MainActor () -> Void)?
  public var onToggleMaximize: (@MainActor () -> Void)?
  /// Called when a touch or click lifts on the title bar without having moved the window — each tap,
  /// the first of a double tap too (the host scrolls the content to the top: ``Window/scrollToTop()``).
  public var onTitleBarTap: (@MainActor () -> Void)?
  public var onMinimize: (@MainActor () -> Void)?

  public let titleLabel = Label()
  public let minimizeButton = Button()
  public let maximizeButton = Button()
  public let closeButton = Button()

  private weak var dragTouch: Touch?
  private var dragStart = Point.zero

  public override init(frame: Rect) {
    super.init(frame: frame)
    isMultipleTouchEnabled = true
    titleLabel.textAlignment = .center
    titleLabel.font = .system(size: 15)
    for (button, symbol) in [
      (minimizeButton, "\u{2212}"), (maximizeButton, "\u{25A1}"), (closeButton, "\u{00D7}"),
    ] {
      button.setTitle(symbol, for: .normal)
      button.setTitleColor(Color(white: 0.2), for: .normal)
      button.titleFont = .system(size: 20)
      addSubview(button)
    }
    addSubview(titleLabel)
    // The buttons show symbols; assistive technology reads names. The title heads the window.
    minimizeButton.accessibilityLabel = "Minimize"
    closeButton.accessibilityLabel = "Close"
    titleLabel.accessibilityTraits = [.staticText, .header]
    minimizeButton.setHandler({ [weak self] _, _ in self?.onMinimize?() }, for: "minimize")
    minimizeButton.addTarget(minimizeButton, action: "minimize", for: .touchUpInside)
    maximizeButton.setHandler({ [weak self] _, _ in self?.onToggleMaximize?() }, for: "toggleMaximize")
    maximizeButton.addTarget(maximizeButton, action: "toggleMaximize", for: .touchUpInside)
    closeButton.setHandler({ [weak self] _, _ in self?.onClose?() }, for: "close")
    closeButton.addTarget(closeButton, action: "close", for: .touchUpInside)
    statesDidChange()
  }

  /// The space the frame takes on each side of the content, for ``states``.
  public var contentInsets: EdgeInsets { Self.contentInsets(for: states) }

  /// The space a frame takes on each side of the content in `states`: the title bar and the resize
  /// border; no border when maximized, tiled or fullscreen; nothing when fullscreen.
  public static func contentInsets(for states: WindowStates) -> EdgeInsets {
    if states.contains(.fullscreen) { return .zero }
    let margin = hasBorder(states) ? resizeMargin : 0
    return EdgeInsets(top: margin + titleBarHeight, left: margin, bottom: margin, right: margin)
  }

  /// Where the app's content goes, in this view's coordinates.
  public var contentRect: Rect {
    let insets = contentInsets
    return Rect(
      x: insets.left, y: insets.top, width: max(0, bounds.width - insets.left - insets.right),
      height: max(0, bounds.height - insets.top - insets.bottom))
  }

  /// The title bar, in this view's coordinates (empty when fullscreen).
  public var titleBarRect: Rect {
    guard !states.contains(.fullscreen) else { return .zero }
    let margin = hasBorder ? Self.resizeMargin : 0
    return Rect(x: margin, y: margin, width: max(0, bounds.width - 2 * margin), height: Self.titleBarHeight)
  }

  private var hasBorder: Bool { Self.hasBorder(states) }

  private static func hasBorder(_ states: WindowStates) -> Bool {
    !states.contains(.maximized) && !states.contains(.fullscreen) && !states.isTiled
  }

  public override func layoutSubviews() {
    let bar = titleBarRect
    let size = Self.titleBarHeight
    closeButton.frame = Rect(x: bar.maxX - size, y: bar.minY, width: size, height: size)
    maximizeButton.frame = Rect(x: bar.maxX - 2 * size, y: bar.minY, width: size, height: size)
    minimizeButton.frame = Rect(x: bar.maxX - 3 * size, y: bar.minY, width: size, height: size)
    titleLabel.frame = Rect(
      x: bar.minX + 3 * size, y: bar.minY, width: max(0, bar.width - 6 * size), height: bar.height)
  }

  /// The edge or corner whose resize area contains `point`, or `nil` (also without a border).
  public func resizeEdge(at point: Point) -> WindowEdge? {
    guard hasBorder, bounds.contains(point) else { return nil }
    let margin = Self.resizeMargin
    let corner = Self.cornerSize
    let horizontal = point.x < corner ? -1 : point.x >= bounds.width - corner ? 1 : 0
    let vertical = point.y < corner ? -1 : point.y >= bounds.height - corner ? 1 : 0
    let onBorder =
      point.x < margin || point.x >= bounds.width - margin || point.y < margin
      || point.y >= bounds.height - margin
    guard onBorder else { return nil }
    switch (horizontal, vertical) {
    case (-1, -1): return .topLeft
    case (1, -1): return .topRight
    case (-1, 1): return .bottomLeft
    case (1, 1): return .bottomRight
    default:
      if point.y < margin { return .top }
      if point.y >= bounds.height - margin { return .bottom }
      return point.x < margin ? .left : .right
    }
  }

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      let point = touch.location(in: self)
      if let edge = resizeEdge(at: point) {
        onResize?(touch, edge)
      } else if titleBarRect.contains(point), dragTouch == nil {
        dragTouch = touch
        dragStart = point
      }
    }
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = dragTouch, touches.contains(touch) else { return }
    let limit = touch.type == .direct ? Self.dragThreshold.touch : Self.dragThreshold.pointer
    guard touch.location(in: self).distance(to: dragStart) > limit else { return }
    dragTouch = nil
    onMove?(touch)
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard let touch = dragTouch, touches.contains(touch) else { return }
    dragTouch = nil
    onTitleBarTap?()
    if touch.tapCount == 2 { onToggleMaximize?() }
  }

  public override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    if let touch = dragTouch, touches.contains(touch) { dragTouch = nil }
  }

  public override func draw(in canvas: Canvas) {
    guard !states.contains(.fullscreen) else { return }
    let active = states.contains(.activated)
    if hasBorder {
      canvas.fill(bounds, with: .color(Color(white: active ? 0.55 : 0.75)))
      canvas.fill(bounds.insetBy(dx: 1, dy: 1), with: .color(Color(white: 0.97)))
    }
    canvas.fill(titleBarRect, with: .color(Color(white: active ? 0.86 : 0.95)))
  }

  private func statesDidChange() {
    let active = states.contains(.activated)
    titleLabel.textColor = Color(white: active ? 0.1 : 0.55)
    let maximized = states.contains(.maximized)
    maximizeButton.setTitle(maximized ? "\u{2750}" : "\u{25A1}", for: .normal)
    maximizeButton.accessibilityLabel = maximized ? "Restore" : "Maximize"
    for button in [minimizeButton, maximizeButton, closeButton] {
      button.isHidden = states.contains(.fullscreen)
    }
    titleLabel.isHidden = states.contains(.fullscreen)
    setNeedsLayout()
    setNeedsDisplay()
  }
}
