import TactileGeometry
import TactileRaster

/// A column of tappable rows, one per action, with a line between rows — the buttons of an
/// ``AlertController`` and the actions of a context menu (``ContextMenuInteraction``).
///
/// Each row is ``rowHeight`` tall (above the 44-point minimum for a finger) and shows its title in the
/// list's tint, centred — in red for a destructive row, in bold for a cancel row, greyed and untappable for a
/// disabled one. Tapping an enabled row calls ``onChoose`` with its index.
@MainActor
public final class ActionListView: View {
  /// One row's title and look.
  public struct Row: Hashable, Sendable {
    /// What a row looks like.
    public enum Style: Hashable, Sendable {
      /// The list's tint.
      case `default`
      /// Bold, in the list's tint.
      case cancel
      /// Red.
      case destructive
    }

    public var title: String
    public var style: Style
    public var isEnabled: Bool

    public init(title: String, style: Style = .default, isEnabled: Bool = true) {
      self.title = title
      self.style = style
      self.isEnabled = isEnabled
    }
  }

  /// A row's height, in points.
  public static let rowHeight = 44.0
  /// Space between a row's title and the list's sides, in points.
  static let titlePadding = 16.0
  /// The colour of a destructive row's title.
  public static let destructiveColor = Color(red: 1, green: 0.23, blue: 0.19)

  /// The rows, top to bottom.
  public let rows: [Row]
  /// The buttons, one per row, in the same order.
  public private(set) var buttons: [Button] = []
  /// Called with a row's index when an enabled row is tapped.
  public var onChoose: (@MainActor (Int) -> Void)?

  /// - Parameters:
  ///   - rows: The rows, top to bottom.
  ///   - tint: The colour of the titles of default and cancel rows.
  public init(rows: [Row], tint: Color) {
    self.rows = rows
    super.init(frame: .zero)
    for (index, row) in rows.enumerated() {
      let button = MenuButton(highlight: Color(white: 0, alpha: 0.1), separator: .top(Color(white: 0.8)))
      button.setTitle(row.title, for: .normal)
      let color = row.style == .destructive ? Self.destructiveColor : tint
      button.setTitleColor(row.isEnabled ? color : Color(white: 0.6), for: .normal)
      button.titleFont = row.style == .cancel ? .boldSystem(size: 17) : .system(size: 17)
      button.isEnabled = row.isEnabled
      button.onTap = { [weak self] in self?.onChoose?(index) }
      buttons.append(button)
      addSubview(button)
    }
  }

  /// As wide as the widest title with its padding, one ``rowHeight`` per row.
  public override func sizeThatFits(_ size: Size) -> Size {
    let widest = buttons.map { FontSystem.shared.advance(of: $0.currentTitle ?? "", font: $0.titleFont) }
      .max()
    let natural = ((widest ?? 0) + 2 * Self.titlePadding).rounded(.up)
    return Size(width: natural, height: Self.rowHeight * Double(rows.count))
  }

  public override func layoutSubviews() {
    for (index, button) in buttons.enumerated() {
      button.frame = Rect(
        x: 0, y: Double(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
    }
  }
}
