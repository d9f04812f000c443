import TactileGeometry
import TactileRaster

/// A message with buttons to choose from, presented over the window, like `UIAlertController`.
///
/// Present it with ``ViewController/present(_:animated:completion:)``. An ``Style/alert`` is a box of
/// ``alertWidth`` centred in the safe area that fades in; an ``Style/actionSheet`` is a panel along the
/// bottom edge that slides up. Either dims the content behind it, and neither is dismissed by a drag.
///
/// **Order:** the buttons are stacked in the order their actions were added, except that the cancel
/// action (``AlertAction/Style/cancel``) is always last (UIKit puts it beside the other when there are
/// exactly two; here the buttons are always stacked).
///
/// **Choosing:** a tap on an enabled button dismisses the alert (animated), then runs that action's
/// handler. Escape chooses the cancel action, as does a tap on the dimmed content outside an action
/// sheet; without a cancel action both do nothing (Escape then reaches the responders as a press).
/// Return chooses the ``preferredAction`` while it is enabled; without one Return reaches the responders
/// as a press.
///
/// **Bad input:** a second cancel action is ignored (UIKit raises an exception), as are actions added
/// after the alert was first shown.
@MainActor
public final class AlertController: ViewController, PresentationLayout {
  /// How the alert is shown, like `UIAlertController.Style`.
  public enum Style: Sendable {
    /// A box in the middle of the window.
    case alert
    /// A panel along the bottom edge.
    case actionSheet
  }

  /// The width of an alert, in points.
  public static let alertWidth = 270.0
  /// The widest an action sheet gets, in points.
  public static let maximumActionSheetWidth = 500.0
  /// The margin between an action sheet and the window's edges (inside the safe area), in points.
  public static let actionSheetMargin = 8.0
  /// The colour of default and cancel buttons' titles.
  public static let tint = Color(red: 0, green: 0.48, blue: 1)

  /// The bold line at the top; `nil` for none.
  public let alertTitle: String?
  /// The line below the title; `nil` for none.
  public let message: String?
  /// How the alert is shown.
  public let preferredStyle: Style
  /// The actions, in the order added.
  public private(set) var actions: [AlertAction] = []

  /// The action Return chooses, like `UIAlertController.preferredAction`: one of ``actions`` (setting
  /// another action leaves it `nil`, as UIKit raises an exception for it). Its title is not drawn bold
  /// here, unlike UIKit.
  public var preferredAction: AlertAction? {
    didSet {
      if let action = preferredAction, !actions.contains(where: { $0 === action }) { preferredAction = nil }
    }
  }

  /// - Parameters:
  ///   - title: The bold line at the top (UIKit's `title`, which here is ``ViewController/title``'s name).
  ///   - message: The line below it.
  ///   - preferredStyle: How it is shown.
  public init(title: String?, message: String?, preferredStyle: Style) {
    alertTitle = title
    self.message = message
    self.preferredStyle = preferredStyle
    super.init()
  }

  /// Adds a button (rules on ``AlertController``).
  public func addAction(_ action: AlertAction) {
    guard !isViewLoaded else { return }
    if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) { return }
    actions.append(action)
  }

  /// The actions in the order their buttons are shown: the cancel action last.
  public var displayedActions: [AlertAction] {
    actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
  }

  /// The view showing the title, message and buttons (loaded with the controller's view).
  public var alertView: AlertView { view as! AlertView }

  public override func loadView() {
    let shown = displayedActions
    let rows = shown.map { action in
      ActionListView.Row(title: action.title, style: Self.rowStyle(action.style), isEnabled: action.isEnabled)
    }
    let alertView = AlertView(title: alertTitle, message: message, rows: rows)
    alertView.actionList.onChoose = { [weak self] index in self?.choose(shown[index]) }
    view = alertView
  }

  /// Dismisses the alert, then runs `action`'s handler.
  public func choose(_ action: AlertAction) {
    guard action.isEnabled, actions.contains(where: { $0 === action }), presentingViewController != nil
    else { return }
    dismiss(animated: true) { action.handler?(action) }
  }

  /// Escape chooses the cancel action, when there is one; Return the enabled ``preferredAction``.
  public override func handler(for action: Action) -> ActionHandler? {
    let chosen: AlertAction? =
      switch action {
      case .cancelOperation: actions.first(where: { $0.style == .cancel })
      case .choosePreferredAction: preferredAction.flatMap { $0.isEnabled ? $0 : nil }
      default: nil
      }
    guard let chosen else { return super.handler(for: action) }
    return { [weak self] _, _ in self?.choose(chosen) }
  }

  private static func rowStyle(_ style: AlertAction.Style) -> ActionListView.Row.Style {
    switch style {
    case .default: .default
    case .cancel: .cancel
    case .destructive: .destructive
    }
  }

  // MARK: PresentationLayout

  func presentedFrame(in bounds: Rect, safeArea: EdgeInsets) -> Rect {
    let area = bounds.inset(by: safeArea)
    switch preferredStyle {
    case .alert:
      let height = alertView.sizeThatFits(Size(width: Self.alertWidth, height: area.height)).height
      return Rect(
        x: area.midX - Self.alertWidth / 2, y: area.midY - height / 2, width: Self.alertWidth, height: height)
    case .actionSheet:
      let margin = Self.actionSheetMargin
      let width = min(area.width - 2 * margin, Self.maximumActionSheetWidth)
      let height = alertView.sizeThatFits(Size(width: width, height: area.height)).height
      return Rect(x: area.midX - width / 2, y: area.maxY - margin - height, width: width, height: height)
    }
  }

  var fadesInAndOut: Bool { preferredStyle == .alert }

  func dimmingViewWasTapped() {
    guard preferredStyle == .actionSheet, let cancel = actions.first(where: { $0.style == .cancel }) else {
      return
    }
    choose(cancel)
  }
}
