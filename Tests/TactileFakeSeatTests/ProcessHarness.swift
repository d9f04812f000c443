import Foundation
import TactileFakeSeat

/// A fake compositor on a socket in a private runtime directory, for tests that run real client
/// programs. Every process it starts is killed (with its process group) when the harness goes away.
final class ProcessHarness {
  let directory: String
  let socketName = "wayland-0"
  let compositor: FakeCompositor
  private var processes: [ClientProcess] = []

  init(frameIntervalMilliseconds: Int32 = 16) throws {
    directory = NSTemporaryDirectory() + "tactile-fakeseat-" + UUID().uuidString
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var configuration = FakeCompositor.Configuration()
    configuration.frameCallbacks = .automatic(intervalMilliseconds: frameIntervalMilliseconds)
    compositor = try FakeCompositor(configuration: configuration)
    try compositor.listen(at: directory + "/" + socketName)
  }

  deinit {
    for process in processes { process.terminate() }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The environment that points a client at this compositor.
  var environment: [String: String] {
    ["WAYLAND_DISPLAY": socketName, "XDG_RUNTIME_DIR": directory]
  }

  /// Starts a program; its output goes to `<directory>/<name>.log`.
  @discardableResult
  func launch(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> ClientProcess {
    let process = try ClientProcess(
      arguments: arguments, environment: environment.merging(extraEnvironment) { $1 },
      outputPath: logPath(arguments[0]))
    processes.append(process)
    return process
  }

  func logPath(_ program: String) -> String {
    directory + "/" + (program as NSString).lastPathComponent + ".log"
  }

  func log(of program: String) -> String {
    (try? String(contentsOfFile: logPath(program), encoding: .utf8)) ?? ""
  }

  /// The first mapped window, after waiting for it and for `commits` commits of it.
  func waitForWindow(commits: Int = 1) throws -> SurfaceInfo {
    try compositor.pump(until: "a mapped window") {
      compositor.windows.first.map { $0.commitCount >= commits } ?? false
    }
    return compositor.windows[0]
  }

  /// The directory that holds the package's built products (next to the test bundle).
  static var productsDirectory: String {
    (CommandLine.arguments[0] as NSString).deletingLastPathComponent
  }
}
