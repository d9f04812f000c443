/// The commands an edit menu shows for one responder, and sending the chosen one (up the responder
/// chain, like any edit command).
///
/// The menu starts at an *origin* responder (the view it was shown for, usually the first responder).
/// A command is shown only when some responder of the chain from the origin can perform it
/// (``Responder/target(forAction:withSender:)``, which asks ``Responder/canPerformAction(_:withSender:)``
/// of each): so Cut and Copy appear only with a selection, Paste only when the pasteboard has text, and an
/// app's command only when someone — a view, its controller, the application delegate — handles it.
/// The menu itself is the `sender` of those questions and of the action.
///
/// Choosing a command (``perform(_:)``) asks the chain again, because the state may have changed since
/// the menu was shown, and sends the action to the first responder of the chain that can perform it.
@MainActor
public final class EditMenu {
  /// Where the responder chain starts.
  public let origin: Responder
  /// The commands shown, in order: the standard ones (``EditMenuCommand/standard``) then the app's, each
  /// only if the chain can perform it, without duplicate actions.
  public private(set) var commands: [EditMenuCommand] = []

  /// Builds the menu for `origin`.
  ///
  /// - Parameters:
  ///   - origin: The responder the chain starts at.
  ///   - additionalCommands: The app's commands, shown after the standard ones.
  public init(origin: Responder, additionalCommands: [EditMenuCommand] = []) {
    self.origin = origin
    var actions: Set<Action> = []
    for command in EditMenuCommand.standard + additionalCommands where !actions.contains(command.action) {
      actions.insert(command.action)
      if receiver(of: command.action) != nil { commands.append(command) }
    }
  }

  /// Whether there is nothing to show.
  public var isEmpty: Bool { commands.isEmpty }

  /// The responder that would run `action` now, if any.
  public func receiver(of action: Action) -> Responder? {
    origin.target(forAction: action, withSender: self)
  }

  /// Sends `command`'s action to the first responder of the chain from ``origin`` that can perform it.
  ///
  /// - Returns: Whether a responder ran it (`false` when none can any more, or the origin is in no
  ///   window).
  @discardableResult
  public func perform(_ command: EditMenuCommand) -> Bool {
    guard let receiver = receiver(of: command.action), let application = origin.responderWindow?.application
    else { return false }
    return application.sendAction(command.action, to: receiver, from: self, for: nil)
  }
}
