import TactileGeometry

/// The buttons of a row's revealed swipe actions, filling the strip the row's content moved away from:
/// each button takes an equal share of the strip, the first action at the table's edge.
@MainActor
final class SwipeActionsView: View {
  /// The width of each button when the row is open.
  static let buttonWidth = 74.0

  let configuration: SwipeActionsConfiguration
  /// Whether the actions are at the trailing edge (revealed by a swipe toward the leading edge).
  let isTrailing: Bool
  private(set) var buttons: [Button] = []

  init(
    _ configuration: SwipeActionsConfiguration, trailing: Bool, tapped: @escaping (ContextualAction) -> Void
  ) {
    self.configuration = configuration
    isTrailing = trailing
    super.init(frame: .zero)
    clipsToBounds = true
    for action in configuration.actions {
      let button = Button()
      button.setTitle(action.title, for: .normal)
      button.setTitleColor(.white, for: .normal)
      button.backgroundColor = action.backgroundColor
      button.addTarget(self, action: .performSwipeAction, for: .touchUpInside)
      buttons.append(button)
      addSubview(button)
    }
    setHandler(
      { [weak self] sender, _ in
        guard let self, let index = self.buttons.firstIndex(where: { $0 === sender }) else { return }
        tapped(configuration.actions[index])
      }, for: .performSwipeAction)
  }

  /// The strip's width when the row is open.
  var openWidth: Double { Double(buttons.count) * Self.buttonWidth }

  override func layoutSubviews() {
    let width = buttons.isEmpty ? 0 : bounds.width / Double(buttons.count)
    for (index, button) in buttons.enumerated() {
      let slot = isTrailing ? Double(buttons.count - 1 - index) : Double(index)
      button.frame = Rect(x: slot * width, y: 0, width: width, height: bounds.height)
    }
  }
}

extension Action {
  /// Sent by a swipe action's button to its ``SwipeActionsView``.
  static let performSwipeAction: Action = "performSwipeAction"
}
