import TactileGeometry
import TactileRaster

/// The bar of an edit menu: one button per command, side by side, sized for fingers, on a dark rounded
/// background — the content a ``PopupWindow`` hosts (``EditMenuInteraction``).
///
/// Each button is at least ``minimumButtonSize`` (48 × 48 points, above the 44-point minimum for a
/// finger); tapping one calls ``onChoose`` with its command. The view sizes itself to its buttons
/// (``sizeThatFits(_:)``).
@MainActor
public final class EditMenuView: View {
  /// The smallest button, in points.
  public static let minimumButtonSize = Size(width: 48, height: 48)
  /// Space between a button's title and its sides, in points.
  static let titlePadding = 14.0

  /// The commands, in the order shown.
  public let commands: [EditMenuCommand]
  /// The buttons, one per command, in the same order.
  public private(set) var buttons: [Button] = []
  /// Called when a command's button is tapped.
  public var onChoose: (@MainActor (EditMenuCommand) -> Void)?

  public init(commands: [EditMenuCommand]) {
    self.commands = commands
    super.init(frame: .zero)
    backgroundColor = Color(white: 0.16)
    cornerRadius = 10
    clipsToBounds = true
    for (index, command) in commands.enumerated() {
      let button = MenuButton(highlight: Color(white: 0.35), separator: .leading(Color(white: 0.4)))
      button.setTitle(command.title, for: .normal)
      button.setTitleColor(.white, for: .normal)
      button.titleFont = .system(size: 16)
      button.onTap = { [weak self] in self?.choose(index) }
      buttons.append(button)
      addSubview(button)
    }
    sizeToFit()
  }

  /// The buttons: the edit menu is a container of its commands (a menu of menu items, to an AT-SPI2
  /// bridge), unless the app set its own list.
  public override var accessibilityElements: [View]? {
    get { super.accessibilityElements ?? buttons }
    set { super.accessibilityElements = newValue }
  }

  /// The buttons side by side at their natural widths.
  public override func sizeThatFits(_ size: Size) -> Size {
    let widths = buttons.map(buttonWidth)
    return Size(width: widths.reduce(0, +), height: Self.minimumButtonSize.height)
  }

  public override func layoutSubviews() {
    var x = 0.0
    for button in buttons {
      let width = buttonWidth(button)
      button.frame = Rect(x: x, y: 0, width: width, height: bounds.height)
      x += width
    }
  }

  private func buttonWidth(_ button: Button) -> Double {
    let title = button.currentTitle ?? ""
    let advance = FontSystem.shared.advance(of: title, font: button.titleFont)
    return max(Self.minimumButtonSize.width, (advance + 2 * Self.titlePadding).rounded(.up))
  }

  private func choose(_ index: Int) {
    onChoose?(commands[index])
  }
}
