/// One command of an edit menu: the title its button shows and the action it sends through the
/// responder chain.
public struct EditMenuCommand: Hashable, Sendable {
  /// The button's title.
  public var title: String
  /// The action sent when the command is chosen.
  public var action: Action

  public init(title: String, action: Action) {
    self.title = title
    self.action = action
  }

  public static let cut = EditMenuCommand(title: "Cut", action: .cut)
  public static let copy = EditMenuCommand(title: "Copy", action: .copy)
  public static let paste = EditMenuCommand(title: "Paste", action: .paste)
  public static let selectAll = EditMenuCommand(title: "Select All", action: .selectAll)

  /// The commands every edit menu offers before the app's own, in menu order (UIKit's menu shows no undo
  /// or redo either; those stay on the keyboard).
  public static let standard: [EditMenuCommand] = [.cut, .copy, .paste, .selectAll]
}
