import TactileGeometry
import TactileRaster

/// One item of a ``CollectionView``, like `UICollectionViewCell`: reused for other items as they scroll
/// into view.
///
/// Put the item's views in ``contentView``, which fills the cell. While ``isSelected`` or
/// ``isHighlighted`` (set by the collection view) the cell fills its bounds with ``highlightColor``
/// below its content.
@MainActor
open class CollectionViewCell: View, ReusableView {
  /// The identifier the collection view reuses this cell under.
  public let reuseIdentifier: String?
  /// The view the cell's content goes in; it fills the cell.
  public let contentView = View()
  /// The fill of a selected or highlighted cell. Default light grey.
  public var highlightColor = Color(white: 0.85) {
    didSet { if oldValue != highlightColor { setNeedsDisplay() } }
  }

  /// Whether the item is selected (set by the collection view). A change is posted to assistive
  /// technology as ``AccessibilityEvent/stateChanged(_:)``.
  public internal(set) var isSelected = false {
    didSet {
      guard oldValue != isSelected else { return }
      setNeedsDisplay()
      postAccessibilityEvent(.stateChanged(self))
    }
  }

  /// Whether a finger is on the item (set by the collection view).
  public internal(set) var isHighlighted = false {
    didSet { if oldValue != isHighlighted { setNeedsDisplay() } }
  }

  /// Creates a cell the collection view reuses under `reuseIdentifier`.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
  }

  /// Creates a cell with no reuse identifier.
  public override convenience init(frame: Rect) {
    self.init(reuseIdentifier: nil)
    self.frame = frame
  }

  /// Called when the collection view takes the cell out of its reuse queue for another item, before
  /// the data source configures it; the selection and highlight are already cleared. The default does
  /// nothing.
  open func prepareForReuse() {}

  open override func layoutSubviews() {
    contentView.frame = bounds
  }

  open override func draw(in canvas: Canvas) {
    if isSelected || isHighlighted { canvas.fill(bounds, with: .color(highlightColor)) }
  }

  // Accessibility: an item is one element (name it with accessibilityLabel: a cell shows no text of its
  // own).
  /// A cell is an element (its content views are not elements of their own).
  override var defaultIsAccessibilityElement: Bool { true }

  /// `selected` while the collection view has the item selected.
  override var defaultAccessibilityTraits: AccessibilityTraits { isSelected ? .selected : .none }

  /// Activating a cell taps its item: the collection view selects it and tells its delegate.
  ///
  /// - Returns: Whether the cell shows an item.
  open override func accessibilityActivate() -> Bool {
    guard let collection = superview as? CollectionView, let indexPath = collection.indexPath(for: self)
    else {
      return false
    }
    collection.userSelect(indexPath)
    return true
  }
}
