import TactileGeometry
import TactileRaster

/// One row of a ``TableView``, like `UITableViewCell`: reused for other rows as they scroll into view.
///
/// The cell's content is its ``contentView``, a horizontal ``StackView`` (margins 16 points at the
/// sides, 11 above and below, views centred) that starts with ``textLabel``; ``detailTextLabel`` is
/// added after it (right-aligned, grey) the first time it is read. Add more views with
/// `contentView.addArrangedSubview(_:)`.
///
/// **Self-sizing:** a row whose height the delegate does not give is as tall as
/// ``sizeThatFits(_:)`` says, which is the content view's natural height — the stack's, so labels and
/// nested stacks size the row.
///
/// **States:** ``isHighlighted`` (a finger on the row), ``isSelected`` and ``isHovered`` (the pointer
/// over it) are set by the table; the cell fills its bounds with ``highlightColor`` while highlighted or
/// selected, and with ``hoverColor`` while only hovered, above its background and below its content.
/// ``selectionStyle`` `.none` draws neither.
@MainActor
open class TableViewCell: View, ReusableView {
  /// How a cell shows that it is highlighted or selected.
  public enum SelectionStyle: Sendable {
    /// It fills itself with ``TableViewCell/highlightColor``.
    case `default`
    /// It shows nothing.
    case none
  }

  /// The identifier the table reuses this cell under (``TableView/dequeueReusableCell(withIdentifier:)``).
  public let reuseIdentifier: String?

  /// The stack the cell's content is arranged in; it fills the cell.
  public let contentView = StackView()

  /// The row's main text, the content view's first arranged view.
  public let textLabel = Label()

  /// Secondary text at the trailing side, in grey; added to the content view when first read.
  public private(set) lazy var detailTextLabel: Label = {
    let label = Label()
    label.textColor = Color(white: 0.45)
    label.textAlignment = .right
    contentView.addArrangedSubview(label)
    return label
  }()

  /// How highlighting and selection show. Default ``SelectionStyle/default``.
  public var selectionStyle = SelectionStyle.default {
    didSet { if oldValue != selectionStyle { setNeedsDisplay() } }
  }

  /// The fill of a highlighted or selected cell. Default light grey.
  public var highlightColor = Color(white: 0.85) {
    didSet { if oldValue != highlightColor { setNeedsDisplay() } }
  }

  /// The fill of a cell the pointer hovers. Default a lighter grey.
  public var hoverColor = Color(white: 0.94) {
    didSet { if oldValue != hoverColor { setNeedsDisplay() } }
  }

  /// Whether a finger is on the row (set by the table).
  public internal(set) var isHighlighted = false {
    didSet { if oldValue != isHighlighted { setNeedsDisplay() } }
  }

  /// Whether the row is selected (set by the table). A change is posted to assistive technology as
  /// ``AccessibilityEvent/stateChanged(_:)``.
  public internal(set) var isSelected = false {
    didSet {
      guard oldValue != isSelected else { return }
      setNeedsDisplay()
      postAccessibilityEvent(.stateChanged(self))
    }
  }

  /// Whether the pointer is over the row (set by the table).
  public internal(set) var isHovered = false {
    didSet { if oldValue != isHovered { setNeedsDisplay() } }
  }

  /// How far a swipe moved the content sideways (negative: toward the leading edge), and the actions it
  /// reveals in the strip it uncovered (rules: `TableView+Swipe.swift`).
  var swipeOffset = 0.0 {
    didSet { if oldValue != swipeOffset { setNeedsLayout() } }
  }
  var swipeActionsView: SwipeActionsView? {
    didSet {
      guard oldValue !== swipeActionsView else { return }
      oldValue?.removeFromSuperview()
      if let swipeActionsView { addSubview(swipeActionsView) }
    }
  }

  /// Creates a cell the table reuses under `reuseIdentifier`.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    contentView.axis = .horizontal
    contentView.alignment = .center
    contentView.spacing = 8
    contentView.layoutMargins = EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)
    contentView.isLayoutMarginsRelativeArrangement = true
    contentView.addArrangedSubview(textLabel)
    addSubview(contentView)
  }

  /// Creates a cell with no reuse identifier.
  public override convenience init(frame: Rect) {
    self.init(reuseIdentifier: nil)
    self.frame = frame
  }

  /// Called when the table takes the cell out of its reuse queue for another row, before the data
  /// source configures it: the place to clear row-specific state. The table has already cleared the
  /// highlight, selection and hover. The default does nothing.
  open func prepareForReuse() {}

  /// The width offered, by the content view's natural height.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: contentView.intrinsicContentSize.height)
  }

  /// Makes the content view fill the cell, moved sideways by a swipe, and the swipe actions fill the
  /// strip uncovered.
  open override func layoutSubviews() {
    contentView.frame = bounds.offsetBy(dx: swipeOffset, dy: 0)
    let strip = abs(swipeOffset)
    swipeActionsView?.frame = Rect(
      x: swipeOffset < 0 ? bounds.width - strip : 0, y: 0, width: strip, height: bounds.height)
  }

  open override func draw(in canvas: Canvas) {
    guard selectionStyle != .none else { return }
    if isHighlighted || isSelected {
      canvas.fill(bounds, with: .color(highlightColor))
    } else if isHovered {
      canvas.fill(bounds, with: .color(hoverColor))
    }
  }

  // Accessibility: a row is one element, read as its labels.
  /// A cell is an element (its labels are not elements of their own).
  override var defaultIsAccessibilityElement: Bool { true }

  /// The texts of the content view's labels, in order, joined by commas ("Wi-Fi, On").
  override var defaultAccessibilityLabel: String? {
    let texts = contentView.arrangedSubviews.compactMap { ($0 as? Label)?.text }.filter { !$0.isEmpty }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }

  /// `selected` while the table has the row selected.
  override var defaultAccessibilityTraits: AccessibilityTraits { isSelected ? .selected : .none }

  /// Activating a cell taps its row: the table selects it (telling its delegate) and performs its
  /// primary action.
  ///
  /// - Returns: Whether the cell shows a row of a table that allows selection.
  open override func accessibilityActivate() -> Bool {
    (superview as? TableView)?.activate(self) ?? false
  }
}
