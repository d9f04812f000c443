import CWaylandClient
import CWaylandProtocols
import Foundation
import Glibc
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// Frame callbacks, buffer releases, leftovers, disconnects and long runs.
@Suite struct LifecycleTests {
  func compositor(
    frames: FakeCompositor.FrameCallbackMode, releases: FakeCompositor.BufferReleaseMode
  ) throws -> FakeCompositor {
    var configuration = FakeCompositor.Configuration()
    configuration.frameCallbacks = frames
    configuration.bufferReleases = releases
    return try FakeCompositor(configuration: configuration)
  }

  @Test func automaticModeReleasesBuffersAndAnswersFrameCallbacks() throws {
    let compositor = try compositor(frames: .automatic(intervalMilliseconds: 0), releases: .automatic)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    client.own(wl_surface_frame(window.surface))
    window.map()
    client.roundtrip()
    #expect(window.releasedBuffers == 1)
    #expect(compositor.pendingFrameCallbackCount == 0)
    #expect(compositor.finish().isClean)
  }

  @Test func withheldFrameCallbacksAndBuffersAreReportedByFinish() throws {
    let compositor = try compositor(frames: .withheld, releases: .withheld)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    client.own(wl_surface_frame(window.surface))
    window.map()
    client.roundtrip()
    let report = compositor.finish()
    #expect(report.unreleasedBuffers == 1)
    #expect(report.pendingFrameCallbacks == 1)
    #expect(!report.isClean)
    #expect(report.description == "1 unreleased buffer(s); 1 pending frame callback(s)")
  }

  @Test func manualModeReleasesAndAnswersOnlyWhenTheTestSays() throws {
    let compositor = try compositor(frames: .manual, releases: .manual)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    client.own(wl_surface_frame(window.surface))
    window.map()
    #expect(window.releasedBuffers == 0)
    #expect(compositor.pendingFrameCallbackCount == 1)
    compositor.releaseBuffers()
    compositor.fireFrameCallbacks()
    client.roundtrip()
    #expect(window.releasedBuffers == 1)
    #expect(compositor.finish().isClean)
  }

  @Test func frameCallbacksOfAHiddenSurfaceStayPending() throws {
    let compositor = try compositor(frames: .automatic(intervalMilliseconds: 0), releases: .automatic)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    wl_surface_attach(window.surface, nil, 0, 0)
    client.own(wl_surface_frame(window.surface))
    wl_surface_commit(window.surface)
    client.roundtrip()
    #expect(compositor.windows.isEmpty)
    #expect(compositor.pendingFrameCallbackCount == 1)
  }

  @Test func aClientThatDisconnectsMidFrameIsCleanedUp() throws {
    let compositor = try compositor(frames: .manual, releases: .manual)
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map(argb: 0xFFFF_FFFF)
    let seat = client.bindSeat()
    _ = client.listenToTouch(seat)
    client.roundtrip()
    try compositor.touchDown(id: 3, at: .output(x: 5, y: 5))
    client.own(wl_surface_frame(window.surface))
    wl_surface_attach(window.surface, window.makeBuffer(width: 100, height: 80, argb: 0xFF00_0000), 0, 0)
    wl_display_flush(client.display)  // the commit never comes: the client goes away mid-frame
    client.disconnect()
    // The hang-up is seen once no process holds the client's end: a child being spawned by a parallel
    // test holds a copy of every descriptor between its fork and exec, so wait for it rather than pump once.
    try compositor.pump(until: "the client's disconnection", timeoutMilliseconds: 5_000) {
      compositor.clientCount == 0
    }
    #expect(compositor.surfaceInfos.isEmpty)
    #expect(compositor.windows.isEmpty)
    #expect(compositor.screenshot()[5, 5] == PremultipliedColor(argb: 0xFF00_0000))
    let report = compositor.finish()
    #expect(report.isClean, "\(report)")
    let next = try WireClient(compositor)
    next.makeWindow().map()
    #expect(compositor.windows.count == 1)
  }

  /// Resident memory is process-wide and other tests run in parallel, so the measurement runs in a
  /// child process that runs only this test (the test bundle again, with a filter).
  @Test func tenThousandInjectedEventsKeepMemoryFlat() throws {
    guard ProcessInfo.processInfo.environment["TACTILE_MEMORY_PROBE"] == nil else {
      return try measureTenThousandEvents()
    }
    let harness = try FakeSeatSession()
    let probe = try harness.launch(
      [
        CommandLine.arguments[0], "--testing-library", "swift-testing", "--filter",
        "tenThousandInjectedEventsKeepMemoryFlat",
      ], environment: ["TACTILE_MEMORY_PROBE": "1"])
    try harness.compositor.pump(until: "the memory probe", timeoutMilliseconds: 120_000) {
      probe.exitStatus != nil
    }
    let log = harness.log(of: CommandLine.arguments[0])
    #expect(probe.exitStatus == 0, "\(log)")
    #expect(log.contains("1 test"), "\(log)")
  }

  func measureTenThousandEvents() throws {
    let compositor = try compositor(frames: .automatic(intervalMilliseconds: 0), releases: .automatic)
    let client = try WireClient(compositor)
    client.makeWindow().map()
    let seat = client.bindSeat()
    _ = client.listenToTouch(seat)
    _ = client.listenToPointer(seat)
    client.roundtrip()
    func inject(rounds: Int) throws {
      for round in 0..<rounds {
        let id = Int32(round % 5)
        try compositor.touchDown(id: id, at: .output(x: 10, y: 10))
        for step in 0..<6 {
          try compositor.touchMotion(id: id, to: .output(x: Double(10 + step), y: 10))
          compositor.touchFrame()
        }
        try compositor.touchUp(id: id)
        try compositor.pointerMotion(to: .output(x: Double(round % 50), y: 5))
        compositor.pointerFrame()
        client.exchange()
        client.events.removeAll(keepingCapacity: true)
      }
    }
    try inject(rounds: 200)  // warm up allocator pools and the connection buffers
    let start = residentKilobytes()
    try inject(rounds: 625)  // 16 events a round: 10,000 events
    let middle = residentKilobytes()
    try inject(rounds: 625)  // 10,000 more: a leak would grow again
    let end = residentKilobytes()
    #expect(middle - start < 512, "first 10,000 events: +\(middle - start) kB")
    #expect(end - middle < 256, "second 10,000 events: +\(end - middle) kB")
    #expect(compositor.requestLog.count < 10)
    #expect(compositor.finish().isClean)
  }

  /// Resident set size of this process in kilobytes (/proc/self/statm).
  func residentKilobytes() -> Int {
    let statm = (try? TextFile.read(atPath: "/proc/self/statm")) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }
}

@Suite struct EventLoopDescriptorTests {
  @Test func theEventLoopDescriptorBecomesReadableWhenAClientSendsARequest() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    var poller = pollfd(fd: compositor.eventLoopFileDescriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&poller, 1, 0) == 0)
    client.own(wl_display_sync(client.display))
    wl_display_flush(client.display)
    #expect(poll(&poller, 1, 1000) == 1)
    compositor.pump()
    #expect(poll(&poller, 1, 0) == 0)
  }
}
