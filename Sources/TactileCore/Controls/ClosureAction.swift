/// An action that runs a closure, like `UIAction`: registered on a control for events
/// (``Control/addAction(_:for:)``) or given to a button as its primary action
/// (``Button/init(frame:primaryAction:)``).
///
/// (``Action`` is taken by the names of target–action messages, UIKit's selectors; this is the closure
/// kind.) Its ``identifier`` keeps a control from registering the same action twice: adding an action
/// whose identifier is already registered replaces that one.
@MainActor
public final class ClosureAction {
  /// The name that identifies an action on a control, like `UIAction.Identifier`.
  public struct Identifier: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
  }

  /// How a menu shows an action, like `UIMenuElement.Attributes`.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The action changes or deletes data: shown in red.
    public static let destructive = Attributes(rawValue: 1 << 0)
    /// The action cannot be chosen now: shown greyed.
    public static let disabled = Attributes(rawValue: 1 << 1)
  }

  /// The title a button created with this action shows.
  public let title: String
  /// How a context menu shows it (``ContextMenuConfiguration``). Default none.
  public var attributes: Attributes = []
  /// What identifies the action on a control; unique unless given.
  public let identifier: Identifier
  /// The control that is running the action, while its handler runs; `nil` otherwise.
  public private(set) weak var sender: AnyObject?

  private let handler: @MainActor (ClosureAction) -> Void
  private static var createdCount = 0

  /// - Parameters:
  ///   - title: The title a button created with it shows. Default empty.
  ///   - identifier: What identifies it on a control; `nil` (the default) makes a unique one.
  ///   - handler: Runs with the action (its ``sender`` set) each time a registered event happens.
  public init(
    title: String = "", identifier: Identifier? = nil, handler: @escaping @MainActor (ClosureAction) -> Void
  ) {
    self.title = title
    if let identifier {
      self.identifier = identifier
    } else {
      Self.createdCount += 1
      self.identifier = Identifier(rawValue: "ClosureAction.\(Self.createdCount)")
    }
    self.handler = handler
  }

  /// Runs the handler with ``sender`` set to `sender` for the call.
  func perform(from sender: AnyObject?) {
    let previous = self.sender
    self.sender = sender
    defer { self.sender = previous }
    handler(self)
  }
}
