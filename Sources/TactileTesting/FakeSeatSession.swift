import Foundation
import TactileFakeSeat

/// A fake compositor listening in a private runtime directory, for tests that run client programs —
/// an app built on Tactile, a weston demo, a GTK program — under the fake seat.
///
/// Each session has its own directory (mode 0700) and socket, so tests run in parallel. Every process
/// started with ``launch(_:environment:)`` is stopped with its process group (SIGTERM, then SIGKILL after
/// a grace period) when the session goes away, even if the test failed half-way; the directory is
/// removed.
///
/// ```swift
/// let session = try FakeSeatSession()
/// try session.launch(["weston-simple-shm"])
/// let window = try session.waitForWindow()
/// try session.run("tap \(window.x! + 10) \(window.y! + 10)")
/// let screen = session.compositor.screenshot()
/// ```
public final class FakeSeatSession {
  /// The private runtime directory (`XDG_RUNTIME_DIR` of the clients).
  public let directory: String
  /// The socket's name inside ``directory`` (`WAYLAND_DISPLAY` of the clients).
  public let socketName = "wayland-0"
  public let compositor: FakeCompositor
  /// Runs script lines against ``compositor``; screenshots go to ``directory``.
  public let runner: ScriptRunner
  private var processes: [ClientProcess] = []
  /// The address of the session's private accessibility bus once ``startAccessibilityBus(timeoutMilliseconds:)``
  /// started it; the programs launched from then on find it as `AT_SPI_BUS_ADDRESS`.
  public internal(set) var accessibilityBusAddress: String?

  /// - Parameter configuration: The compositor's configuration; its frame callbacks default to a 16 ms
  ///   repaint timer here, because real clients redraw on every frame callback.
  /// - Throws: A file system error or a ``/TactileFakeSeat/FakeSeatError``.
  public init(configuration: FakeCompositor.Configuration = FakeSeatSession.defaultConfiguration) throws {
    directory = NSTemporaryDirectory() + "tactile-fakeseat-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    compositor = try FakeCompositor(configuration: configuration)
    try compositor.listen(at: directory + "/" + socketName)
    runner = ScriptRunner(compositor: compositor, screenshotDirectory: directory)
  }

  deinit {
    for process in processes { process.stop() }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The default configuration with a 16 ms repaint timer.
  public static var defaultConfiguration: FakeCompositor.Configuration {
    var configuration = FakeCompositor.Configuration()
    configuration.frameCallbacks = .automatic(intervalMilliseconds: 16)
    return configuration
  }

  /// The environment that points a client at this compositor (and at the accessibility bus, once
  /// started).
  public var environment: [String: String] {
    var environment = ["WAYLAND_DISPLAY": socketName, "XDG_RUNTIME_DIR": directory]
    environment["AT_SPI_BUS_ADDRESS"] = accessibilityBusAddress
    return environment
  }

  /// Starts a program connected to the compositor; its output goes to ``logPath(of:)``.
  ///
  /// - Throws: ``/TactileFakeSeat/FakeSeatError/systemCallFailed(call:errno:)`` if it cannot start.
  @discardableResult
  public func launch(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ClientProcess
  {
    let process = try ClientProcess(
      arguments: arguments, environment: environment.merging(extra) { $1 },
      outputPath: logPath(of: arguments[0]))
    processes.append(process)
    return process
  }

  /// Where the output of a program started by ``launch(_:environment:)`` goes.
  public func logPath(of program: String) -> String {
    directory + "/" + (program as NSString).lastPathComponent + ".log"
  }

  /// The output of a program so far.
  public func log(of program: String) -> String {
    (try? TextFile.read(atPath: logPath(of: program))) ?? ""
  }

  /// Waits until a toplevel is mapped and has committed `commits` times.
  ///
  /// - Returns: The first mapped window.
  /// - Throws: ``/TactileFakeSeat/FakeSeatError/timedOut(waitingFor:)``.
  public func waitForWindow(commits: Int = 1, timeoutMilliseconds: Int = 10_000) throws -> SurfaceInfo {
    try compositor.pump(until: "a mapped window", timeoutMilliseconds: timeoutMilliseconds) {
      compositor.windows.first.map { $0.commitCount >= commits } ?? false
    }
    return compositor.windows[0]
  }

  /// Runs fake-seat script text (see ``/TactileFakeSeat/Script``).
  ///
  /// - Throws: ``/TactileFakeSeat/ScriptError`` with the failing line.
  public func run(_ script: String) throws {
    try runner.run(Script(parsing: script))
  }
}
