import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting

/// The fake compositor every benchmark runs its clients in, with one frame-pacing policy for all.
///
/// Frame callbacks are answered as soon as the commit that carried them is handled (at the end of the
/// same dispatch: ``FakeCompositor/FrameCallbackMode/automatic(intervalMilliseconds:)`` with 0), as an
/// infinitely fast display would. A client that throttles its drawing to frame callbacks therefore
/// never waits for one, and the latency measured is the client's own work from event to commit, not a
/// refresh phase. Buffers are released at once (the compositor copies the pixels on commit), and
/// `wp_presentation` feedback reports each commit presented as soon as it is handled
/// (``TactileFakeSeat/PresentationTiming/immediate``). Nanosecond input times are offered
/// (`zwp_input_timestamps_manager_v1`), as weston offers them.
final class BenchCompositor {
  let session: FakeSeatSession
  /// Called for every commit of any surface with its id and arrival time (see ``FakeCompositor/onCommit``).
  var commitHandler: ((_ surfaceID: Int, _ receivedNanoseconds: UInt64) -> Void)?
  /// When the latest commit of any surface arrived (`CLOCK_MONOTONIC` nanoseconds, 0 before any).
  private(set) var latestCommit: UInt64 = 0

  var compositor: FakeCompositor { session.compositor }

  /// - Parameters:
  ///   - outputWidth: The output's width in pixels (scale 1).
  ///   - outputHeight: Its height.
  /// - Throws: A file system error or a fake-seat error.
  init(outputWidth: Int32, outputHeight: Int32) throws {
    var configuration = FakeCompositor.Configuration()
    configuration.outputWidth = outputWidth
    configuration.outputHeight = outputHeight
    configuration.frameCallbacks = .automatic(intervalMilliseconds: 0)
    configuration.presentation = .immediate
    configuration.requestLogLimit = 10_000
    session = try FakeSeatSession(configuration: configuration)
    session.compositor.onCommit = { [unowned self] surface, received in
      latestCommit = received
      commitHandler?(surface, received)
    }
  }

  /// Starts a client and waits until it maps a toplevel that was not there before.
  ///
  /// - Parameters:
  ///   - client: The program.
  ///   - started: Called with the process as soon as it was spawned, before any request of it is
  ///     handled.
  /// - Returns: The process and its window.
  /// - Throws: ``BenchError/clientFailed(name:log:)`` if it exits or maps nothing within 30 s.
  func launch(_ client: BenchClient, started: (ClientProcess) -> Void = { _ in }) throws -> (
    ClientProcess, SurfaceInfo
  ) {
    let known = Set(compositor.windows.map(\.id))
    let process = try session.launch(client.arguments, environment: client.environment)
    started(process)
    let failed = {
      BenchError.clientFailed(name: client.name, log: self.session.log(of: client.arguments[0]))
    }
    do {
      try compositor.pump(until: "\(client.name)'s window", timeoutMilliseconds: 30_000) {
        process.exitStatus != nil || compositor.windows.contains { !known.contains($0.id) }
      }
    } catch { throw failed() }
    guard process.exitStatus == nil, let window = compositor.windows.first(where: { !known.contains($0.id) })
    else { throw failed() }
    return (process, window)
  }

  /// Starts the clients one after another, configures each one's window to `width × height` and lets
  /// it settle (a client that keeps its own size keeps it).
  ///
  /// - Returns: One target per client, in order.
  /// - Throws: What ``launch(_:started:)`` throws; fake-seat errors.
  func launchTargets(_ clients: [BenchClient], width: Int32, height: Int32) throws -> [Target] {
    var targets: [Target] = []
    for client in clients {
      let (process, window) = try launch(client)
      try compositor.configureWindow(window.id, width: width, height: height)
      settle()
      targets.append(Target(client: client, process: process, surfaceID: window.id))
    }
    settle()
    return targets
  }

  /// The size of a target's surface now, (0, 0) once it is gone.
  func size(of target: Target) -> (width: Int32, height: Int32) {
    info(of: target.surfaceID).map { ($0.width, $0.height) } ?? (0, 0)
  }

  /// Writes each target's last committed buffer into `directory` as `NAME.png` (the client's name, spaces
  /// as dashes).
  ///
  /// - Throws: A PNG or file system error.
  func writeLastBuffers(of targets: [Target], to directory: String) throws {
    for target in targets {
      guard let image = try compositor.contents(ofSurface: target.surfaceID) else { continue }
      let path = directory + "/" + target.client.name.replacingOccurrences(of: " ", with: "-") + ".png"
      try Data(PNGCodec.encode(image)).write(to: URL(fileURLWithPath: path))
    }
  }

  /// Handles requests until no surface has committed for `quietMilliseconds` (at most `timeoutMilliseconds`).
  func settle(quietMilliseconds: Int = 300, timeoutMilliseconds: Int = 10_000) {
    try? compositor.pump(until: "the clients to settle", timeoutMilliseconds: timeoutMilliseconds) {
      monotonicNanoseconds() - latestCommit > UInt64(quietMilliseconds) * 1_000_000
    }
  }

  /// The surface's current info, if it still exists.
  func info(of surfaceID: Int) -> SurfaceInfo? {
    compositor.surfaceInfos.first { $0.id == surfaceID }
  }
}
