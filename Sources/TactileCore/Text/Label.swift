import TactileGeometry
import TactileRaster

/// A view that shows read-only text, like `UILabel`.
///
/// Labels do not take touches by default (``View/isUserInteractionEnabled`` is `false`, as in UIKit), so
/// a touch on a label reaches the view beneath it. Changing any property marks the label for drawing.
/// One line (``numberOfLines`` 1) is truncated with "…" and centred vertically, as UILabel does; more
/// lines wrap between words from the top.
@MainActor
open class Label: View {
  /// The text shown.
  public var text: String? {
    didSet { if text != oldValue { contentDidChange() } }
  }

  /// The text colour.
  public var textColor: Color = .black {
    didSet { if textColor != oldValue { setNeedsDisplay() } }
  }

  /// The font.
  public var font: Font = .system(size: 17) {
    didSet { if font != oldValue { contentDidChange() } }
  }

  /// The alignment of each line.
  public var textAlignment: TextAlignment = .left {
    didSet { if textAlignment != oldValue { setNeedsDisplay() } }
  }

  /// 1 for a single truncated line (the default); any other value wraps.
  public var numberOfLines = 1 {
    didSet { if numberOfLines != oldValue { setNeedsDisplay() } }
  }

  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// One line of the text in ``font``: its advance by the font's line height.
  open override var intrinsicContentSize: Size {
    guard let text, !text.isEmpty else { return .zero }
    return Size(
      width: FontSystem.shared.advance(of: text, font: font).rounded(.up),
      height: FontSystem.shared.metrics(of: font).lineHeight.rounded(.up))
  }

  open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

  /// Where the first line's baseline is drawn: the font's ascent below the line's top (one line is
  /// centred vertically in the bounds); `nil` without text.
  open override var firstBaselineOffset: Double? {
    guard let text, !text.isEmpty else { return nil }
    let metrics = FontSystem.shared.metrics(of: font)
    let top = numberOfLines == 1 ? max(0, (bounds.height - metrics.lineHeight) / 2) : 0
    return top + metrics.ascent
  }

  /// A label is an element named by its text.
  override var defaultIsAccessibilityElement: Bool { true }
  override var defaultAccessibilityLabel: String? { text }
  override var defaultAccessibilityTraits: AccessibilityTraits { .staticText }

  /// The text or font changed: redraw, and tell a stack that the natural size may have changed.
  private func contentDidChange() {
    setNeedsDisplay()
    invalidateIntrinsicContentSize()
  }

  open override func draw(in canvas: Canvas) {
    guard let text, !text.isEmpty else { return }
    var rect = bounds
    if numberOfLines == 1 {
      let lineHeight = canvas.fonts.metrics(of: font).lineHeight
      rect = rect.insetBy(dx: 0, dy: max(0, (rect.height - lineHeight) / 2))
    }
    canvas.draw(
      text, in: rect, font: font, with: .color(textColor),
      lineBreak: numberOfLines == 1 ? .truncatingTail : .wordWrapping, alignment: textAlignment)
  }
}
