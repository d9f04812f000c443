/// The name of an action message, the stand-in for an Objective-C selector in target–action.
///
/// Controls send actions (``Control/addTarget(_:action:for:)``), edit menus and keyboard shortcuts send
/// edit commands (``cut``, ``copy``, ``paste``, ``selectAll``, ``undo``, ``redo``), and
/// ``Application/sendAction(_:to:from:for:)`` delivers them to a responder that declares a handler
/// (``Responder/handler(for:)``). Names are compared by their string; declare your own as static
/// constants:
///
/// ```swift
/// extension Action { static let greenButtonTapped: Action = "greenButtonTapped" }
/// ```
public struct Action: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(_ name: String) {
    self.init(rawValue: name)
  }

  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  public var description: String { rawValue }

  /// Edit command: remove the selection and put it on the pasteboard (`cut:`).
  public static let cut: Action = "cut"
  /// Edit command: put the selection on the pasteboard (`copy:`).
  public static let copy: Action = "copy"
  /// Edit command: insert the pasteboard's contents (`paste:`).
  public static let paste: Action = "paste"
  /// Edit command: select everything (`selectAll:`).
  public static let selectAll: Action = "selectAll"
  /// Edit command: undo the last change (`undo:` of the undo manager).
  public static let undo: Action = "undo"
  /// Edit command: redo the last undone change.
  public static let redo: Action = "redo"

  /// The edit commands, in edit-menu order.
  public static let editCommands: [Action] = [.cut, .copy, .paste, .selectAll, .undo, .redo]
}

/// What a responder runs for an action: called with the object that sent it (a control, or `nil`) and
/// the event that triggered it, if any.
public typealias ActionHandler = @MainActor (_ sender: AnyObject?, _ event: Event?) -> Void
