/// A button of an ``AlertController``, like `UIAlertAction`: a title, a style, and what tapping it does.
@MainActor
public final class AlertAction {
  /// What the action means, which decides where and how its button is shown.
  public enum Style: Sendable {
    /// An ordinary choice.
    case `default`
    /// Leaves things as they were: shown last, in bold; Escape chooses it (and a tap outside an action
    /// sheet). An alert has at most one.
    case cancel
    /// Changes or deletes data: shown in red.
    case destructive
  }

  /// The button's title.
  public let title: String
  /// The action's style.
  public let style: Style
  /// Whether the button can be tapped. Default `true`; set before the alert is presented.
  public var isEnabled = true
  let handler: (@MainActor (AlertAction) -> Void)?

  /// - Parameters:
  ///   - title: The button's title.
  ///   - style: The action's style.
  ///   - handler: Runs once the alert is dismissed after the button was chosen.
  public init(title: String, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}
