import TactileGeometry
import TactileRaster

/// A view that shows an image, like `UIImageView`.
///
/// Image views do not take touches by default (``View/isUserInteractionEnabled`` is `false`, as in
/// UIKit). When highlighted, the ``highlightedImage`` is shown if there is one.
@MainActor
open class ImageView: View {
  /// How the image is fitted into the bounds.
  public enum ContentMode: Sendable, Hashable {
    /// Stretched to the bounds.
    case scaleToFill
    /// Scaled uniformly to fit inside the bounds, centred.
    case scaleAspectFit
    /// Scaled uniformly to cover the bounds, centred (the overflow is clipped only if
    /// ``View/clipsToBounds`` is set).
    case scaleAspectFill
    /// At its own size, centred.
    case center
  }

  /// An image view is no element unless the app makes it one (UIKit's default), and then an image.
  override var defaultAccessibilityTraits: AccessibilityTraits { .image }

  /// The image shown normally.
  public var image: Image? {
    didSet { if image != oldValue { setNeedsDisplay() } }
  }

  /// The image shown while ``isHighlighted`` is set.
  public var highlightedImage: Image? {
    didSet { if highlightedImage != oldValue { setNeedsDisplay() } }
  }

  /// Whether the highlighted image is shown.
  public var isHighlighted = false {
    didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
  }

  /// How the image is fitted into the bounds.
  public var contentMode: ContentMode = .scaleToFill {
    didSet { if contentMode != oldValue { setNeedsDisplay() } }
  }

  /// The image drawn now.
  public var displayedImage: Image? {
    isHighlighted ? highlightedImage ?? image : image
  }

  /// An image view sized to `image` (in points, one point per pixel).
  public init(image: Image?) {
    self.image = image
    super.init(
      frame: Rect(x: 0, y: 0, width: Double(image?.width ?? 0), height: Double(image?.height ?? 0)))
    isUserInteractionEnabled = false
  }

  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// The displayed image's size in points (one point per pixel), or zero without an image.
  open override var intrinsicContentSize: Size {
    guard let image = displayedImage else { return .zero }
    return Size(width: Double(image.width), height: Double(image.height))
  }

  open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

  open override func draw(in canvas: Canvas) {
    guard let image = displayedImage, image.width > 0, image.height > 0 else { return }
    canvas.draw(image, in: Self.placement(of: image, in: bounds, mode: contentMode))
  }

  /// Where an image of `image`'s size goes in `bounds` for `mode`.
  static func placement(of image: Image, in bounds: Rect, mode: ContentMode) -> Rect {
    let width = Double(image.width)
    let height = Double(image.height)
    let scale: Double
    switch mode {
    case .scaleToFill: return bounds
    case .scaleAspectFit: scale = min(bounds.width / width, bounds.height / height)
    case .scaleAspectFill: scale = max(bounds.width / width, bounds.height / height)
    case .center: scale = 1
    }
    let size = Size(width: width * scale, height: height * scale)
    return Rect(
      x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
      height: size.height)
  }
}
