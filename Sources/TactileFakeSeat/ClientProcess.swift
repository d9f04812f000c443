import CSystem
import Glibc

/// A client program connected to a fake compositor's socket through its environment (`WAYLAND_DISPLAY`,
/// `XDG_RUNTIME_DIR`), never through the parent's environment.
///
/// By default the child leads its own process group, so stopping it reaches everything it started (a
/// `dbus-run-session` and its daemons, a shell's children); deinit stops that whole group and reaps the
/// child, so a test that fails half-way leaves no process behind. The child starts with no signal blocked
/// and default dispositions, whatever the parent blocks or ignores (a compositor that takes its stop
/// signals through `signalfd` blocks them). A child started with `stopsWithThread` gets SIGTERM when the
/// thread that started it ends, so even a compositor killed with SIGKILL stops its client.
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
  ///   - stopsWithThread: Whether the child gets SIGTERM when the calling thread ends (for a program's
  ///     main thread; a pool thread may end while the child should live on).
  /// - Throws: ``FakeSeatError/systemCallFailed(call:errno:)`` if the program cannot be started.
  public init(
    arguments: [String], environment: [String: String], outputPath: String? = nil,
    ownProcessGroup: Bool = true, stopsWithThread: Bool = false
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
    let child = tactile_spawn(
      arguments[0], argv, envp, outputPath, ownProcessGroup ? 1 : 0, stopsWithThread ? 1 : 0)
    guard child > 0 else {
      throw FakeSeatError.systemCallFailed(call: "spawn \(arguments[0])", errno: errno)
    }
    pid = child
    ownsProcessGroup = ownProcessGroup
  }

  deinit {
    stop()
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

  /// Stops the child as a session manager does: SIGTERM to its process group (or to the child alone,
  /// without its own group), so it can flush its output and end what it started; SIGKILL once the child
  /// has not exited within `gracePeriodMilliseconds`; then SIGKILL to the group again for anything the
  /// child left behind, and reaps the child. Does nothing to a child already reaped but the group kill.
  ///
  /// - Parameters:
  ///   - gracePeriodMilliseconds: How long the child has to exit after SIGTERM.
  ///   - serve: Called every 5 ms while the child winds down: a compositor serves its clients there,
  ///     so a client that talks to it on its way out is not left waiting for an answer.
  /// - Complexity: Returns as soon as the child exits; waits `gracePeriodMilliseconds` at most before
  ///   the SIGKILL.
  public func stop(gracePeriodMilliseconds: Int = 2_000, serving serve: () -> Void = {}) {
    if exitStatus == nil {
      signal(SIGTERM)
      var waited = 0
      while exitStatus == nil, waited < gracePeriodMilliseconds {
        serve()
        var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
        nanosleep(&pause, nil)
        waited += 5
      }
    }
    terminate()
  }

  /// Kills the process group (or only the child, without its own group) with SIGKILL and reaps the
  /// child; does nothing to a child already reaped but the group kill.
  public func terminate() {
    signal(SIGKILL)
    if status == nil {
      var raw: Int32 = 0
      if waitpid(pid, &raw, 0) == pid { status = Self.decode(raw) }
    }
  }

  private func signal(_ number: Int32) {
    if ownsProcessGroup {
      kill(-pid, number)
    } else if status == nil {
      kill(pid, number)
    }
  }

  private static func decode(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7F
    return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
  }
}
