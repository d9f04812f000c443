/// A client program the benchmarks start under the fake seat: a Tactile example or one of its peers.
public struct BenchClient: Sendable {
  /// The name in the tables.
  public var name: String
  /// The command and its arguments (the command is searched in `PATH`).
  public var arguments: [String]
  /// Variables added to the client's environment (besides `WAYLAND_DISPLAY` and `XDG_RUNTIME_DIR`).
  public var environment: [String: String]
  /// Whether the client is a Tactile app, which writes the presentation of each frame that answered
  /// input to the file `TACTILE_PRESENTATION_LOG` names (its own input-to-commit and
  /// input-to-presentation times, ``PresentationLogFile``).
  public var logsPresentation: Bool

  public init(
    name: String, arguments: [String], environment: [String: String] = [:], logsPresentation: Bool = false
  ) {
    self.name = name
    self.arguments = arguments
    self.environment = environment
    self.logsPresentation = logsPresentation
  }

  /// What a GTK 4 program needs under the fake seat: the Wayland backend, the cairo renderer (there is
  /// no GPU), and no accessibility bus (there is no session bus).
  public static let gtkEnvironment = [
    "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
  ]
}
