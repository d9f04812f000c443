import TactileGeometry
import TactileRaster

/// A control that runs an action when tapped, like `UIButton`.
///
/// A tap (touch up inside, see ``Control``) sends ``Control/Events/touchUpInside`` and then
/// ``Control/Events/primaryActionTriggered``. Title, title colour and image are kept per state; the
/// value for a state falls back to the ``Control/State/normal`` one, as in UIKit. While a finger is
/// down and inside, the button is highlighted. It draws its current image and title centred, the image
/// left of the title, in ``titleFont`` (the title colour defaults to black).
@MainActor
open class Button: Control {
  private var titles: [UInt: String] = [:]
  private var titleColors: [UInt: Color] = [:]
  private var images: [UInt: Image] = [:]

  /// Creates a button that runs `primaryAction` (when given) when tapped
  /// (``Control/Events/primaryActionTriggered``) and shows its ``ClosureAction/title``, like
  /// `UIButton(frame:primaryAction:)`.
  public convenience init(frame: Rect = .zero, primaryAction: ClosureAction?) {
    self.init(frame: frame)
    guard let primaryAction else { return }
    if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
    addAction(primaryAction, for: .primaryActionTriggered)
  }

  /// Sets the title shown in `state` (`nil` removes it).
  public func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    setNeedsDisplay()
    invalidateIntrinsicContentSize()
  }

  /// The title for `state`, falling back to the normal state's.
  public func title(for state: State) -> String? {
    titles[state.rawValue] ?? titles[State.normal.rawValue]
  }

  /// Sets the title colour shown in `state`.
  public func setTitleColor(_ color: Color?, for state: State) {
    titleColors[state.rawValue] = color
    setNeedsDisplay()
  }

  /// The title colour for `state`, falling back to the normal state's.
  public func titleColor(for state: State) -> Color? {
    titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
  }

  /// Sets the image shown in `state`.
  public func setImage(_ image: Image?, for state: State) {
    images[state.rawValue] = image
    setNeedsDisplay()
  }

  /// The image for `state`, falling back to the normal state's.
  public func image(for state: State) -> Image? {
    images[state.rawValue] ?? images[State.normal.rawValue]
  }

  /// The font of the title.
  public var titleFont: Font = .system(size: 17) {
    didSet {
      guard titleFont != oldValue else { return }
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The title for the current state.
  public var currentTitle: String? { title(for: state) }

  /// The image for the current state.
  public var currentImage: Image? { image(for: state) }

  /// The current image and title side by side, plus 8 points of padding on each side.
  open override var intrinsicContentSize: Size {
    let title = currentTitle ?? ""
    let titleWidth = title.isEmpty ? 0 : FontSystem.shared.advance(of: title, font: titleFont)
    let lineHeight = title.isEmpty ? 0 : FontSystem.shared.metrics(of: titleFont).lineHeight
    let imageSize = currentImage.map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
    return Size(
      width: (titleWidth + imageSize.width + 16).rounded(.up),
      height: (max(lineHeight, imageSize.height) + 16).rounded(.up))
  }

  open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

  open override func draw(in canvas: Canvas) {
    let title = currentTitle ?? ""
    let titleWidth = title.isEmpty ? 0 : canvas.fonts.advance(of: title, font: titleFont)
    let image = currentImage
    let imageSize = image.map { Size(width: Double($0.width), height: Double($0.height)) } ?? .zero
    var x = bounds.midX - (imageSize.width + titleWidth) / 2
    if let image {
      canvas.draw(
        image,
        in: Rect(
          x: x, y: bounds.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height))
      x += imageSize.width
    }
    guard !title.isEmpty else { return }
    let metrics = canvas.fonts.metrics(of: titleFont)
    let baseline = bounds.midY - metrics.lineHeight / 2 + metrics.ascent
    canvas.draw(
      title, at: Point(x: x, y: baseline), font: titleFont,
      with: .color(titleColor(for: state) ?? .black))
  }

  /// A button is named by its current title.
  override var defaultAccessibilityLabel: String? { currentTitle }

  override var defaultAccessibilityTraits: AccessibilityTraits {
    super.defaultAccessibilityTraits.union(.button)
  }

  open override func touchUpInsideDidHappen(with event: Event?) {
    sendActions(for: .primaryActionTriggered, with: event)
  }
}
