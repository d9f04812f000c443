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
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
  }

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

  public init(image: Image?) {
    self.image = image
    super.init(frame: Rect(x: 0, y: 0, width: Double(image?.width ?? 0), height: Double(image?.height ?? 0)))
    isUserInteractionEnabled = false
  }

  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }
}
