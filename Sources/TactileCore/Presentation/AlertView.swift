import TactileGeometry
import TactileRaster

/// An ``AlertController``'s view: the title in bold and the message, centred, above the buttons
/// (``actionList``), on a light rounded panel.
@MainActor
public final class AlertView: View {
  /// Space around the title and message, in points.
  static let padding = 16.0

  /// The title line (hidden without a title).
  public let titleLabel = Label()
  /// The message line (hidden without a message).
  public let messageLabel = Label()
  /// The buttons.
  public let actionList: ActionListView

  init(title: String?, message: String?, rows: [ActionListView.Row]) {
    actionList = ActionListView(rows: rows, tint: AlertController.tint)
    super.init(frame: .zero)
    backgroundColor = Color(white: 0.97)
    cornerRadius = 14
    clipsToBounds = true
    titleLabel.text = title
    titleLabel.font = .boldSystem(size: 17)
    titleLabel.textAlignment = .center
    titleLabel.isHidden = title == nil
    messageLabel.text = message
    messageLabel.font = .system(size: 13)
    messageLabel.textAlignment = .center
    messageLabel.isHidden = message == nil
    for view in [titleLabel, messageLabel, actionList] { addSubview(view) }
    // The title names the alert (and is related to it as its label).
    if title != nil { accessibilityLabelledBy = [titleLabel] }
  }

  // Accessibility: an alert is a container labelled by its title, of its texts and its buttons.
  /// The shown title and message, then the buttons, unless the app set its own list.
  public override var accessibilityElements: [View]? {
    get { super.accessibilityElements ?? ([titleLabel, messageLabel] as [View] + actionList.buttons) }
    set { super.accessibilityElements = newValue }
  }

  /// The text's height (with padding, when there is text) plus the buttons'.
  public override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: textHeight + actionList.sizeThatFits(size).height)
  }

  public override func layoutSubviews() {
    let width = bounds.width - 2 * Self.padding
    var y = Self.padding
    for label in [titleLabel, messageLabel] where !label.isHidden {
      let height = label.intrinsicContentSize.height
      label.frame = Rect(x: Self.padding, y: y, width: max(width, 0), height: height)
      y += height + 4
    }
    let list = actionList.sizeThatFits(bounds.size).height
    actionList.frame = Rect(x: 0, y: bounds.height - list, width: bounds.width, height: list)
  }

  private var textHeight: Double {
    let labels = [titleLabel, messageLabel].filter { !$0.isHidden }
    guard !labels.isEmpty else { return 0 }
    let lines = labels.map(\.intrinsicContentSize.height).reduce(0, +)
    return lines + 4 * Double(labels.count - 1) + 2 * Self.padding
  }
}
