import TactileGeometry
import TactileRaster

/// The header a ``TableView`` shows above a section that has a title
/// (``TableViewDataSource/tableView(_:titleForHeaderInSection:)``), like `UITableViewHeaderFooterView`:
/// the title in small grey capitals on an opaque light background, so that rows scrolling under a
/// pinned header are hidden. The table reuses headers as sections scroll by.
@MainActor
public final class TableViewHeaderView: View {
  /// The section title.
  public let textLabel = Label()

  public override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(white: 0.95)
    textLabel.font = .system(size: 13)
    textLabel.textColor = Color(white: 0.4)
    addSubview(textLabel)
  }

  /// Shows `title` in capitals.
  func show(_ title: String) {
    textLabel.text = title.uppercased()
  }

  /// A header is one element: a header named by its title.
  override var defaultIsAccessibilityElement: Bool { true }
  override var defaultAccessibilityLabel: String? { textLabel.text }
  override var defaultAccessibilityTraits: AccessibilityTraits { .header }

  public override func layoutSubviews() {
    textLabel.frame = bounds.inset(by: EdgeInsets(top: 4, left: 16, bottom: 4, right: 16))
  }
}
