/// Where cut and copied text goes, like `UIPasteboard`: an abstraction so that a platform can connect
/// it to the system clipboard (Wayland data devices) and tests can use memory.
@MainActor
public protocol Pasteboard: AnyObject {
  /// The text on the pasteboard, or `nil` when it holds none.
  var string: String? { get set }
}

/// A pasteboard that lives in memory, private to one ``Application``.
@MainActor
public final class MemoryPasteboard: Pasteboard {
  public var string: String?

  public init(string: String? = nil) {
    self.string = string
  }
}
