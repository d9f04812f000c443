import CSystem
import CWaylandClient
import CWaylandProtocols
import Foundation
import TactileFakeSeat
import TactileTesting
import TactileTrace
import Testing

/// Who may drive the seat over `tactile_fake_seat_v1`, and what they may make the compositor read
/// and write.
@Suite struct ControlPolicyTests {
  /// A control client's result listener: the answer, once it came.
  final class Answer {
    var text: String??
    nonisolated(unsafe) static var listener = tactile_fake_seat_result_v1_listener(
      done: { data, _ in Unmanaged<Answer>.fromOpaque(data!).takeUnretainedValue().text = .some(nil) },
      failed: { data, _, message in
        Unmanaged<Answer>.fromOpaque(data!).takeUnretainedValue().text = .some(String(cString: message!))
      })
  }

  /// Sends `send(control)` from an authorised client, runs the control queue and returns the answer
  /// (`nil` for done, the message for failed).
  func ask(
    _ compositor: FakeCompositor, _ client: WireClient, _ send: (OpaquePointer) -> OpaquePointer?
  ) throws -> String? {
    let control = client.bind("tactile_fake_seat_v1", tactile_iface_tactile_fake_seat_v1(), version: 1)
    let answer = Answer()
    let result = try #require(send(control))
    tactile_fake_seat_result_v1_add_listener(
      result, &Answer.listener, Unmanaged.passUnretained(answer).toOpaque())
    let runner = ScriptRunner(compositor: compositor)
    for _ in 0..<100 where answer.text == nil {
      client.roundtrip()
      compositor.runControlCommands(with: runner)
      client.roundtrip()
    }
    wl_proxy_destroy(result)
    return try #require(answer.text)
  }

  @Test func theControlGlobalIsOfferedOnlyToAuthorisedClients() throws {
    let compositor = try FakeCompositor()
    compositor.enableControlProtocol()
    let app = try WireClient(compositor)
    let injector = try WireClient(compositor, authorised: true)
    #expect(app.globals["tactile_fake_seat_v1"] == nil)
    #expect(injector.globals["tactile_fake_seat_v1"] != nil)
  }

  @Test func anOrdinaryClientBindingTheControlGlobalByItsNameIsRefused() throws {
    let compositor = try FakeCompositor()
    let injector = try WireClient(compositor, authorised: true)
    let name = try #require(injector.globals["tactile_fake_seat_v1"]?.name)
    let app = try WireClient(compositor)
    _ = app.own(OpaquePointer(wl_registry_bind(app.registry, name, tactile_iface_tactile_fake_seat_v1(), 1)))
    app.roundtrip()
    #expect(app.protocolError != nil)
  }

  @Test func aReplayLineFromTheWireIsRefusedWithoutOpeningTheFile() throws {
    let compositor = try FakeCompositor()
    let injector = try WireClient(compositor, authorised: true)
    let answer = try ask(compositor, injector) { tactile_fake_seat_v1_run($0, "replay /etc/passwd") }
    #expect(answer?.contains("replay reads no file named on the wire") == true)
    #expect(answer?.contains("root") == false)
  }

  @Test func aTraceSentAsADescriptorIsReplayedOntoTheFirstWindow() throws {
    let compositor = try FakeCompositor()
    let app = try WireClient(compositor)
    app.makeWindow().map()
    _ = app.listenToTouch(app.bindSeat())
    app.roundtrip()
    app.events = []
    let trace = InputTrace(entries: [
      .init(time: 1, event: .touchDown(surface: 0, id: 3, x: 5, y: 6)), .init(time: 1, event: .touchFrame),
      .init(time: 2, event: .touchUp(id: 3)),
    ])
    var ends: [Int32] = [0, 0]
    #expect(tactile_pipe(&ends, 0) == 0)
    let bytes = Array(trace.text.utf8)
    #expect(write(ends[1], bytes, bytes.count) == bytes.count)
    close(ends[1])
    let injector = try WireClient(compositor, authorised: true)
    let answer = try ask(compositor, injector) { tactile_fake_seat_v1_replay($0, ends[0]) }
    close(ends[0])
    app.roundtrip()
    #expect(answer == nil)
    #expect(app.events.map { $0.split(separator: " ")[0] } == ["touch.down", "touch.frame", "touch.up"])
  }

  @Test func aTraceDescriptorThatIsADeviceIsRefusedAtOnce() throws {
    let compositor = try FakeCompositor()
    let injector = try WireClient(compositor, authorised: true)
    let zero = open("/dev/zero", O_RDONLY)
    defer { close(zero) }
    let answer = try ask(compositor, injector) { tactile_fake_seat_v1_replay($0, zero) }
    #expect(answer == "the trace must come as a regular file or a pipe")
  }

  @Test func aPipeThatIsNeverClosedDoesNotBlockTheCompositor() throws {
    let compositor = try FakeCompositor()
    let injector = try WireClient(compositor, authorised: true)
    let app = try WireClient(compositor)
    var ends: [Int32] = [0, 0]
    #expect(tactile_pipe(&ends, 0) == 0)
    defer { close(ends[1]) }
    let control = injector.bind("tactile_fake_seat_v1", tactile_iface_tactile_fake_seat_v1(), version: 1)
    _ = injector.own(tactile_fake_seat_v1_replay(control, ends[0]))
    close(ends[0])
    injector.roundtrip()
    app.makeWindow().map()  // other clients are served meanwhile
    #expect(compositor.windows.count == 1)
    #expect(!compositor.hasControlCommands)
  }

  @Test func aTracePipeStillBeingReadIsClosedWhenTheCompositorGoesAway() throws {
    var ends: [Int32] = [0, 0]
    #expect(tactile_pipe(&ends, 0) == 0)
    defer { close(ends[1]) }
    do {
      let compositor = try FakeCompositor()
      let injector = try WireClient(compositor, authorised: true)
      let control = injector.bind("tactile_fake_seat_v1", tactile_iface_tactile_fake_seat_v1(), version: 1)
      _ = injector.own(tactile_fake_seat_v1_replay(control, ends[0]))
      close(ends[0])
      injector.roundtrip()
    }
    // The compositor's copy of the read end was its last: the writer now has no reader.
    var poller = pollfd(fd: ends[1], events: Int16(POLLOUT), revents: 0)
    #expect(poll(&poller, 1, 0) == 1)
    #expect(poller.revents & Int16(POLLERR) != 0)
  }

  @Test func screenshotNamesThatLeaveTheDirectoryAreErrors() throws {
    for name in ["../escape", "a/b", ".hidden", "/etc/x"] {
      #expect(throws: ScriptError.self) { try Script(parsing: "screenshot \(name)") }
    }
    #expect(try Script(parsing: "screenshot after-tap_2.v1").lines.count == 1)
  }

  @Test func aScreenshotDoesNotFollowALinkPlantedAtItsName() throws {
    let directory = NSTemporaryDirectory() + "tactile-shots-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let target = directory + "/target"
    try "keep".write(toFile: target, atomically: true, encoding: .utf8)
    #expect(symlink(target, directory + "/shot.png") == 0)
    let compositor = try FakeCompositor()
    let runner = ScriptRunner(compositor: compositor, screenshotDirectory: directory)
    #expect(throws: ScriptError.self) { try runner.run(Script(parsing: "screenshot shot")) }
    #expect(try TextFile.read(atPath: target) == "keep")
  }
}

/// The sockets the compositor listens on, and the sizes it accepts.
@Suite struct SocketAndSizeTests {
  func scratchDirectory() throws -> String {
    let directory = NSTemporaryDirectory() + "tactile-sockets-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func aPathThatIsARegularFileIsRefusedAndLeftAlone() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/wayland-9"
    try "data".write(toFile: path, atomically: true, encoding: .utf8)
    let compositor = try FakeCompositor()
    #expect(throws: FakeSeatError.notASocket(path: path)) { try compositor.listen(at: path) }
    #expect(try TextFile.read(atPath: path) == "data")
  }

  @Test func aSecondCompositorDoesNotTakeOverALiveSocket() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/wayland-9"
    let first = try FakeCompositor()
    try first.listen(at: path)
    let second = try FakeCompositor()
    #expect(throws: FakeSeatError.socketInUse(path: path)) { try second.listen(at: path) }
    _ = first
  }

  @Test func theSocketAndItsLockFileAreRemovedWhenTheCompositorGoesAway() throws {
    let directory = try scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/wayland-9"
    do {
      let compositor = try FakeCompositor()
      try compositor.listen(at: path)
      #expect(FileManager.default.fileExists(atPath: path + ".lock"))
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    let again = try FakeCompositor()
    try again.listen(at: path)
  }

  @Test func anOutputLargerThanTheLimitIsClampedToIt() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.outputWidth = 100_000
    configuration.outputHeight = 100_000
    let compositor = try FakeCompositor(configuration: configuration)
    #expect(compositor.configuration.outputWidth == FakeCompositor.maximumOutputSide)
    compositor.setOutputSize(width: .max, height: .max)
    let shot = compositor.screenshot()
    #expect((shot.width, shot.height) == (8192, 8192))
  }

  @Test func theExecutableRefusesASizeBeyondTheLimit() throws {
    let harness = try FakeSeatSession()
    let process = try harness.launch([
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-9", "--size",
      "100000x100000",
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 64)
  }
}

/// Scripts that cannot pass by accident.
@Suite struct ScriptFalseGreenTests {
  @Test func aScriptFailsNamingTheLineWhenTheClientItDrivesIsDisconnected() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    _ = client.listenToTouch(client.bindSeat())
    client.roundtrip()
    // A request the compositor answers with a protocol error arrives while the line runs.
    xdg_surface_ack_configure(window.xdgSurface, 999_999)
    wl_display_flush(client.display)
    let runner = ScriptRunner(compositor: compositor)
    do {
      try runner.run(Script(parsing: "# a comment\ntap 10 10\ntap 10 10"))
      Issue.record("the script passed although its client was disconnected")
    } catch {
      #expect(error.line == 2)
      #expect(error.message.contains("the client was disconnected"))
      #expect(error.message.contains("ack_configure"))
    }
  }

  @Test func longOnScreenKeyboardTextIsSplitIntoCommitsThatFitTheWire() throws {
    let compositor = try FakeCompositor()
    let client = try textInputClient(compositor)
    client.events = []
    let text = String(repeating: "é", count: 5_000)  // 10,000 bytes
    try ScriptRunner(compositor: compositor).run(Script(parsing: "osk commit \(text)"))
    client.roundtrip()
    #expect(client.protocolError == nil)
    let commits = client.events.filter { $0.hasPrefix("text.commit ") }.map {
      $0.dropFirst("text.commit ".count)
    }
    #expect(commits.count == 3)
    #expect(commits.joined() == text)
  }

  /// A window with an enabled text input and the keyboard focus.
  private func textInputClient(_ compositor: FakeCompositor) throws -> WireClient {
    let client = try WireClient(compositor)
    client.makeWindow().map()
    _ = client.listenToKeyboard(client.bindSeat())
    client.listenToTextInput(client.bindSeat())
    client.roundtrip()
    try compositor.keyboardEnter(surface: compositor.windows[0].id)
    client.roundtrip()
    return client
  }

  @Test func aScriptFailsNamingTheLineWhenItsClientIsDroppedForAFullSocket() throws {
    let compositor = try FakeCompositor()
    let client = try textInputClient(compositor)
    // A request waits on the wire; the client reads nothing more.
    _ = client.own(wl_display_sync(client.display))
    wl_display_flush(client.display)
    let text = String(repeating: "a", count: 1 << 20)
    do {
      try ScriptRunner(compositor: compositor).run(Script(parsing: "# the burst\nosk commit \(text)\nkey a"))
      Issue.record("the script passed although its client was dropped")
    } catch {
      #expect(error.line == 2)
      #expect(error.message.contains("socket stayed full"))
    }
    #expect(compositor.droppedClientCount == 1)
  }

  @Test func aClientThatFellBehindIsCountedAsDroppedWhenItReadsAgain() throws {
    let compositor = try FakeCompositor()
    let client = try textInputClient(compositor)
    compositor.textInputCommit(String(repeating: "a", count: 1 << 20))
    compositor.pump()
    #expect(compositor.clientCount == 1)
    // The client catches up: the compositor can write again and finds it lost events.
    client.roundtrip()
    compositor.pump()
    #expect(compositor.clientCount == 0)
    #expect(compositor.droppedClientCount == 1)
  }

  @Test func aClientThatHangsUpWithEventsUnreadIsNoDrop() throws {
    let compositor = try FakeCompositor()
    let client = try textInputClient(compositor)
    compositor.textInputCommit(String(repeating: "a", count: 100_000))
    compositor.pump()
    client.disconnect()
    try compositor.pump(until: "the hang-up") { compositor.clientCount == 0 }
    #expect(compositor.droppedClientCount == 0)
  }

  @Test func aPreeditLongerThanOneEventIsAnError() throws {
    #expect(throws: ScriptError.self) {
      try Script(parsing: "osk preedit " + String(repeating: "a", count: 4001))
    }
  }
}
