import Foundation
import TactileRaster

/// A private headless weston 10 for one test: its own runtime directory (mode 0700), socket and
/// configuration (no animations, so the first frames are not faded), pixman rendering and `--debug`
/// (which `weston-screenshooter` needs). ``stop()`` ends it and removes the directory; call it in a
/// `defer` so a failing test leaves no process behind.
///
/// Weston runs under a small shell that holds the read end of a pipe whose write end only this test
/// process holds: if the test process dies (a crash, a kill), the shell reads end-of-file and kills
/// weston, whose shell clients then exit with it.
final class Weston {
  enum Failure: Error, CustomStringConvertible {
    case didNotStart(log: String)
    case screenshotFailed(String)

    var description: String {
      switch self {
      case .didNotStart(let log): "weston did not create its socket; its log:\n\(log)"
      case .screenshotFailed(let why): "weston-screenshooter failed: \(why)"
      }
    }
  }

  /// Whether weston and weston-screenshooter are installed (the interop tests skip otherwise).
  static let isInstalled = ["weston", "weston-screenshooter"].allSatisfy { executable($0) != nil }

  static let configuration = """
    [core]
    idle-time=0
    [shell]
    startup-animation=none
    animation=none
    close-animation=none
    focus-animation=none

    """

  /// Keeps weston alive: `read` in the wrapper returns at end-of-file or at our line. The wrapper cannot
  /// `wait` for weston: it inherits a mask that blocks `SIGCHLD` from the test's thread, so it watches
  /// `/proc` until weston is gone or a zombie (init reaps it once the wrapper exits).
  static let wrapper = """
    log="$1"; shift
    "$@" </dev/null >"$log" 2>&1 &
    pid=$!
    echo "$pid"
    read -r _
    kill "$pid" 2>/dev/null
    while [ -e "/proc/$pid" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; do
      sleep 0.02
    done
    """

  let runtimeDirectory: URL
  let socketName = "tactile-test"
  private let wrapper = Process()
  private let wrapperExited = DispatchSemaphore(value: 0)
  private let keepAlive = Pipe()
  private var westonPID: pid_t = 0
  private let logFile: URL

  /// `XDG_RUNTIME_DIR` and `WAYLAND_DISPLAY` for clients of this weston.
  var environment: [String: String] {
    ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socketName]
  }

  /// The socket's absolute path.
  var socketPath: String { runtimeDirectory.appending(path: socketName).path }

  /// Starts weston and waits (up to 20 s) until its socket exists.
  ///
  /// - Parameters:
  ///   - modules: Paths of weston modules to load (`--modules=`), such as the input module.
  ///   - extraEnvironment: More variables for weston (the input module's `TACTILE_WESTON_INPUT`).
  ///   - arguments: More options (`--scale=2`, `--width=…`).
  /// - Throws: ``Failure/didNotStart(log:)``.
  init(
    modules: [String] = [], extraEnvironment: [String: String] = [:], arguments: [String] = []
  ) async throws {
    signal(SIGPIPE, SIG_IGN)
    var template = Array("/tmp/tactile-weston-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw Failure.didNotStart(log: "mkdtemp failed") }
    runtimeDirectory = URL(fileURLWithPath: String(cString: made))
    chmod(runtimeDirectory.path, 0o700)
    logFile = runtimeDirectory.appending(path: "weston.log")
    let config = runtimeDirectory.appending(path: "weston.ini")
    try Self.configuration.write(to: config, atomically: true, encoding: .utf8)
    wrapper.executableURL = URL(fileURLWithPath: "/bin/sh")
    wrapper.arguments =
      [
        "-c", Self.wrapper, "weston-wrapper", logFile.path, Self.executable("weston")!,
        "--backend=headless-backend.so", "--use-pixman", "--debug", "--config=\(config.path)",
        "--socket=\(socketName)",
      ] + (modules.isEmpty ? [] : ["--modules=\(modules.joined(separator: ","))"]) + arguments
    wrapper.environment = ["XDG_RUNTIME_DIR": runtimeDirectory.path, "PATH": "/usr/bin:/bin"]
      .merging(extraEnvironment) { $1 }
    let pidPipe = Pipe()
    wrapper.terminationHandler = { [wrapperExited] _ in wrapperExited.signal() }
    wrapper.standardInput = keepAlive
    wrapper.standardOutput = pidPipe
    try wrapper.run()
    let line = String(decoding: pidPipe.fileHandleForReading.availableData, as: UTF8.self)
    westonPID = pid_t(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    try await waitForSocket()
  }

  deinit {
    stop()
  }

  /// Polls for the socket: weston gives no other readiness signal. Not a timing assumption about the
  /// code under test, only about weston's start-up.
  private func waitForSocket() async throws {
    for _ in 0..<2000 {
      if FileManager.default.fileExists(atPath: socketPath) { return }
      guard wrapper.isRunning, westonPID > 0, Glibc.kill(westonPID, 0) == 0 else { break }
      try await Task.sleep(for: .milliseconds(10))
    }
    let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    stop()
    throw Failure.didNotStart(log: log)
  }

  /// Ends weston (its shell clients exit with it) and removes the runtime directory. Idempotent.
  /// (Not `Process.waitUntilExit()`, which spins a run loop off the main thread.)
  func stop() {
    if wrapper.isRunning {
      keepAlive.fileHandleForWriting.write(Data("stop\n".utf8))
      _ = wrapperExited.wait(timeout: .now() + 20)
    }
    try? FileManager.default.removeItem(at: runtimeDirectory)
  }

  /// Kills weston at once, as a crash would.
  func kill() {
    guard westonPID > 0 else { return }
    Glibc.kill(westonPID, SIGKILL)
  }

  /// Starts `weston-screenshooter` in a fresh directory; `completion` runs (on another thread) with the
  /// decoded screenshot or the failure.
  func screenshot(completion: @escaping @Sendable (Result<Image, Error>) -> Void) throws {
    let directory = runtimeDirectory.appending(path: "shot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    let shooter = Process()
    shooter.executableURL = URL(fileURLWithPath: Self.executable("timeout")!)
    shooter.arguments = ["30", Self.executable("weston-screenshooter")!]
    shooter.environment = environment
    shooter.currentDirectoryURL = directory
    shooter.terminationHandler = { finished in
      // Foundation never frees a Process that was given a termination handler (docs/robustness.md,
      // "Sanitizers"): let go of the handler, and with it the screenshot it hands on.
      defer { finished.terminationHandler = nil }
      completion(
        Result {
          guard finished.terminationStatus == 0 else {
            throw Failure.screenshotFailed("exit status \(finished.terminationStatus)")
          }
          let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
          guard let png = files.first(where: { $0.hasSuffix(".png") }) else {
            throw Failure.screenshotFailed("no PNG written in \(directory.path)")
          }
          let data = try Data(contentsOf: directory.appending(path: png))
          return try PNGCodec.decode(Array(data))
        })
    }
    try shooter.run()
  }

  /// Takes a screenshot, blocking until `weston-screenshooter` is done.
  func screenshotNow() throws -> Image {
    let done = DispatchSemaphore(value: 0)
    let box = SendableBox()
    try screenshot { result in
      box.result = result
      done.signal()
    }
    done.wait()
    return try box.result!.get()
  }

  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"])
      .map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }
}

/// Hands a result from the screenshooter's termination thread to the waiting one (the semaphore orders
/// the accesses).
private final class SendableBox: @unchecked Sendable {
  var result: Result<Image, Error>?
}
