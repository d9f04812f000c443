/// Where cut and copied text goes, like `UIPasteboard`: an abstraction so that a platform can connect
/// it to the system clipboard (Wayland data devices) and tests can use memory.
///
/// Reading may have to wait for another program (a system clipboard asks the owner of the selection to
/// send its data through a pipe), so it completes through a callback; whether there is text to read is
/// known at once (from the offered data types), so menus can decide what to show without waiting.
@MainActor
public protocol Pasteboard: AnyObject {
  /// Whether the pasteboard holds text now, answered without waiting.
  var hasStrings: Bool { get }

  /// Puts `string` on the pasteboard in place of what it held.
  ///
  /// - Parameter string: The text (cut or copied).
  func setString(_ string: String)

  /// Reads the text on the pasteboard.
  ///
  /// - Parameter completion: Called exactly once on the main actor, with the text, or `nil` when the
  ///   pasteboard holds none or reading failed; either before this call returns or on a later turn of
  ///   the platform's event loop.
  func readString(_ completion: @escaping @MainActor (String?) -> Void)
}

/// A pasteboard that lives in memory, private to one ``Application``.
@MainActor
public final class MemoryPasteboard: Pasteboard {
  /// The text on the pasteboard, or `nil` when it holds none.
  public var string: String?

  public init(string: String? = nil) {
    self.string = string
  }

  public var hasStrings: Bool { string != nil }

  public func setString(_ string: String) {
    self.string = string
  }

  /// Calls `completion` with ``string`` before returning.
  public func readString(_ completion: @escaping @MainActor (String?) -> Void) {
    completion(string)
  }
}
