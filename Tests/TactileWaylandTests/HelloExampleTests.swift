import Foundation
import TactileRaster
import TactileTesting
import Testing

@testable import TactileWayland

/// The Hello example, run as a separate process the way a user runs it.
@MainActor @Suite struct HelloExampleTests {
  /// The built example, next to the test bundle (`swift build --build-tests` builds it).
  static var helloExecutable: URL {
    Bundle.main.executableURL!.deletingLastPathComponent().appending(path: "Hello")
  }

  /// Runs Hello with `environment` and collects its exit and standard error, or kills it after
  /// `seconds` (a guard against hanging).
  static func runHello(environment: [String: String], seconds: Int = 20) throws -> (
    status: Int32, reason: Process.TerminationReason, standardError: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    process.arguments = ["--signal=KILL", "\(seconds)", helloExecutable.path]
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let output = errors.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    return (process.terminationStatus, process.terminationReason, String(decoding: output, as: UTF8.self))
  }

  @Test func withoutACompositorHelloExitsWithOneLineNamingTheSocket() throws {
    #expect(FileManager.default.isExecutableFile(atPath: Self.helloExecutable.path))
    let socket = "/nonexistent-tactile-\(UUID().uuidString)/wayland-0"
    let result = try Self.runHello(environment: ["WAYLAND_DISPLAY": socket])
    #expect(result.reason == .exit)
    #expect(result.status == 1, "1 is Hello's failure status; timeout's kill would give 137")
    #expect(result.standardError == "Hello: no Wayland compositor at \(socket): No such file or directory\n")
  }

  @Test func withoutARuntimeDirectoryHelloNamesTheSocketItCouldNotResolve() throws {
    let result = try Self.runHello(environment: ["WAYLAND_DISPLAY": "wayland-tactile-test"])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Hello: no Wayland compositor at wayland-tactile-test: XDG_RUNTIME_DIR is not set\n")
  }
}

@MainActor @Suite(.enabled(if: Weston.isInstalled, "weston or weston-screenshooter is not installed"))
struct HelloOnWestonTests {
  @Test func helloDrawsItsWindowAndExitsWithOneLineWhenTheCompositorGoesAway() async throws {
    let weston = try await Weston()
    defer { weston.stop() }
    let errors = Pipe()
    let hello = Process()
    hello.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
    hello.arguments = ["--signal=KILL", "60", HelloExampleTests.helloExecutable.path]
    hello.environment = weston.environment
    hello.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    hello.terminationHandler = { _ in exited.signal() }
    try hello.run()

    // Hello's window (640×480 logical, scale 1) appears somewhere on the desktop, in its first colour.
    let blue = Color(red8: 0x2E, green8: 0x86, blue8: 0xDE).premultiplied
    var bluePixels = 0
    for _ in 0..<100 where bluePixels == 0 {
      bluePixels = try weston.screenshotNow().pixels.count { $0 == blue.argb }
    }
    #expect(bluePixels == 640 * 480)

    weston.stop()
    let output = errors.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    #expect(hello.terminationStatus == 1)
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.hasPrefix("Hello: lost the connection to the Wayland compositor: "), "\(text)")
    #expect(text.filter { $0 == "\n" }.count == 1, "\(text)")
  }
}

@MainActor @Suite struct HelloUnderTheFakeSeatTests {
  @Test func aTapSwitchesHellosColour() throws {
    let session = try FakeSeatSession()
    try session.launch([HelloExampleTests.helloExecutable.path])
    let window = try session.waitForWindow()
    let first = Color(red8: 0x2E, green8: 0x86, blue8: 0xDE).premultiplied
    let second = Color(red8: 0x10, green8: 0xAC, blue8: 0x84).premultiplied
    #expect(try session.compositor.contents(ofSurface: window.id)?[0, 0] == first)

    try session.run("tap \(window.x! + 20) \(window.y! + 20)")
    _ = try session.waitForWindow(commits: window.commitCount + 1)
    #expect(try session.compositor.contents(ofSurface: window.id)?[0, 0] == second)
    #expect(session.log(of: "Hello").isEmpty, "\(session.log(of: "Hello"))")
  }
}

@MainActor @Suite struct HelloStartupTests {
  /// An app that does not import Foundation does not load it: the toolkit's library targets use the C
  /// library for maths, the environment and files.
  @Test func helloRunsWithoutLoadingFoundation() throws {
    let session = try FakeSeatSession()
    let hello = try session.launch([HelloExampleTests.helloExecutable.path])
    _ = try session.waitForWindow()
    // Read to the end: a /proc file has no size, so a read sized by it would stop at the first page.
    let file = try #require(FileHandle(forReadingAtPath: "/proc/\(hello.pid)/maps"))
    let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    let libraries = Set(
      maps.split(separator: "\n").compactMap { $0.split(separator: " ").last }.filter { $0.contains(".so") })
    #expect(
      libraries.contains { $0.contains("libswiftCore.so") }, "the maps list Swift's runtime: \(libraries)")
    #expect(!libraries.contains { $0.contains("Foundation") }, "\(libraries.sorted())")
  }
}
