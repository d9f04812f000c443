import TactileGeometry
import TactileRaster

/// A view that shows read-only text, like `UILabel`.
///
/// Labels do not take touches by default (``View/isUserInteractionEnabled`` is `false`, as in UIKit), so
/// a touch on a label reaches the view beneath it. Changing any property marks the label for drawing.
@MainActor
open class Label: View {
  /// How lines are aligned.
  public enum TextAlignment: Sendable, Hashable {
    case left, center, right
  }

  /// The text shown.
  public var text: String? {
    didSet { if text != oldValue { setNeedsDisplay() } }
  }

  /// The text colour.
  public var textColor: Color = .black {
    didSet { if textColor != oldValue { setNeedsDisplay() } }
  }

  /// The font size in points.
  public var fontSize: Double = 17 {
    didSet { if fontSize != oldValue { setNeedsDisplay() } }
  }

  /// The alignment of each line.
  public var textAlignment: TextAlignment = .left {
    didSet { if textAlignment != oldValue { setNeedsDisplay() } }
  }

  /// The most lines drawn; 0 means no limit.
  public var numberOfLines = 1 {
    didSet { if numberOfLines != oldValue { setNeedsDisplay() } }
  }

  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }
}
