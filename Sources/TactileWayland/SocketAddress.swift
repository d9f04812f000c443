/// Where a Wayland client connects: the rules of `wl_display_connect`, computed up front so that an error
/// can name the socket that was tried.
///
/// `WAYLAND_DISPLAY` holds a socket name relative to `XDG_RUNTIME_DIR` or an absolute path; unset means
/// `wayland-0`.
public enum SocketAddress {
  /// The socket path that `wl_display_connect(nil)` tries with `environment`.
  ///
  /// - Parameter environment: The process environment (`WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`).
  /// - Returns: The absolute socket path.
  /// - Throws: ``WaylandError/noCompositor(socket:reason:)`` when the name is relative and
  ///   `XDG_RUNTIME_DIR` is unset or empty.
  public static func resolve(environment: [String: String]) throws(WaylandError) -> String {
    let name = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 } ?? "wayland-0"
    if name.hasPrefix("/") { return name }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
      throw .noCompositor(socket: name, reason: "XDG_RUNTIME_DIR is not set")
    }
    return runtime.hasSuffix("/") ? runtime + name : runtime + "/" + name
  }
}
