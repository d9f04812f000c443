import CSystem
import Glibc

/// A client program connected to a fake compositor's socket through its environment (`WAYLAND_DISPLAY`,
/// `XDG_RUNTIME_DIR`), never through the parent's environment.
///
/// By default the child leads its own process group and deinit kills that whole group and reaps the
/// child, so a test that fails half-way leaves no process behind. The executable instead keeps its client
/// in its own group, so whoever kills the executable's group (a test, Ctrl-C) kills the client too.
public final class ClientProcess {
  /// The child's process id (also its process group id).
  public let pid: pid_t
  private let ownsProcessGroup: Bool
  private var status: Int32?

  /// Starts `arguments[0]` (searched in `PATH`) with `arguments`.
  ///
  /// - Parameters:
  ///   - arguments: The command and its arguments.
  ///   - environment: Variables added to (or replacing those of) the parent's environment.
  ///   - outputPath: A file that receives the child's standard output and error; nil inherits them.
  ///   - ownProcessGroup: Whether the child leads a new process group (killed as a whole).
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)`` if the program cannot be started.
  public init(
    arguments: [String], environment: [String: String], outputPath: String? = nil,
    ownProcessGroup: Bool = true
  ) throws {
    var variables: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      cursor += 1
    }
    variables.merge(environment) { $1 }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let outputPath {
      posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if ownProcessGroup {
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    var child: pid_t = 0
    let result = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw FakeSeatError.systemCallFailed(call: "spawn \(arguments[0])", errno: result)
    }
    pid = child
    ownsProcessGroup = ownProcessGroup
  }

  deinit {
    terminate()
  }

  /// The exit status if the child has exited (128 + signal number if a signal ended it), else nil.
  /// Never blocks.
  public var exitStatus: Int32? {
    if status == nil {
      var raw: Int32 = 0
      if waitpid(pid, &raw, WNOHANG) == pid { status = Self.decode(raw) }
    }
    return status
  }

  /// Kills the process group (or only the child, without its own group) with SIGKILL and reaps the
  /// child; does nothing once it was reaped.
  public func terminate() {
    if ownsProcessGroup {
      kill(-pid, SIGKILL)
    } else if status == nil {
      kill(pid, SIGKILL)
    }
    if status == nil {
      var raw: Int32 = 0
      if waitpid(pid, &raw, 0) == pid { status = Self.decode(raw) }
    }
  }

  private static func decode(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7F
    return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
  }
}
