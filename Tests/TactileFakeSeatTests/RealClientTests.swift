import Foundation
import TactileFakeSeat
import TactileRaster
import TactileTesting
import Testing

/// Unmodified programs that know nothing of Tactile run on the fake compositor.
@Suite struct RealClientTests {
  @Test func westonSimpleShmMapsAndItsPixelsAreInTheScreenshot() throws {
    let harness = try FakeSeatSession()
    try harness.launch(["weston-simple-shm"])
    let window = try harness.waitForWindow(commits: 3)
    #expect((window.width, window.height) == (250, 250))
    let contents = try #require(try harness.compositor.contents(ofSurface: window.id))
    let screen = harness.compositor.screenshot()
    for (x, y) in [(125, 125), (30, 60), (200, 100), (249, 249)] {
      #expect(screen[x, y] == contents[x, y])
    }
    #expect(Set((0..<250).map { screen[$0, 125] }).count > 10)
  }

  @Test func westonSimpleTouchDrawsWhereTheScriptTouches() throws {
    let harness = try FakeSeatSession()
    try harness.launch(["weston-simple-touch"])
    _ = try harness.waitForWindow()
    let before = harness.compositor.screenshot()
    let commits = harness.compositor.totalCommits
    let runner = ScriptRunner(compositor: harness.compositor)
    try runner.run(Script(parsing: "touch down 1 100 100\ntouch frame\ntouch up 1\nwait commit"))
    #expect(harness.compositor.totalCommits > commits)
    let after = harness.compositor.screenshot()
    #expect(before[100, 100] != after[100, 100])
    #expect(before[300, 300] == after[300, 300])
  }

  @Test func waitDrawnReturnsOnceTheClientHasDrawnWhatTheInputChanged() throws {
    let harness = try FakeSeatSession()
    try harness.launch(["weston-simple-touch"])
    _ = try harness.waitForWindow()
    let before = harness.compositor.screenshot()
    let runner = ScriptRunner(compositor: harness.compositor)
    // No fixed wait: the screenshot follows `wait drawn` at once, however slowly the client runs.
    try runner.run(Script(parsing: "touch down 1 100 100\ntouch frame\ntouch up 1\nwait drawn"))
    let after = harness.compositor.screenshot()
    #expect(before[100, 100] != after[100, 100])
    #expect(harness.compositor.unansweredPingCount == 0)
    // With nothing new to draw it returns after one quiet round trip.
    let commits = harness.compositor.totalCommits
    try runner.run(Script(parsing: "wait drawn"))
    #expect(harness.compositor.totalCommits == commits)
  }

  @Test func westonEventdemoLogsInjectedPointerAndKeys() throws {
    let harness = try FakeSeatSession()
    // stdbuf: eventdemo's printf output is block-buffered into the log file otherwise.
    try harness.launch(["stdbuf", "-oL", "weston-eventdemo"])
    let window = try harness.waitForWindow()
    let runner = ScriptRunner(compositor: harness.compositor)
    let x = Double(window.x! + window.width / 2)
    let y = Double(window.y! + window.height / 2)
    try runner.run(Script(parsing: "click \(x) \(y)\nfocus\nkey a\nwait 300ms"))
    let log = harness.log(of: "stdbuf")
    #expect(log.contains("button: 272"))
    #expect(log.contains("key key:"))
  }

  @Test func theExecutableExitsWithItsClientsStatus() throws {
    let harness = try FakeSeatSession()
    let executable = productsDirectory + "/tactile-compositor"
    let process = try harness.launch([
      executable, "--socket", harness.directory + "/nested-0", "--", "sh", "-c", "exit 3",
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 3)
  }

  @Test func theExecutableRejectsAMalformedScriptWithTheLineNumber() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/bad.script"
    try "wait 10ms\ntap 10\n".write(toFile: script, atomically: true, encoding: .utf8)
    let executable = productsDirectory + "/tactile-compositor"
    let process = try harness.launch([
      executable, "--socket", harness.directory + "/nested-1", "--script", script,
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 2)
    #expect(harness.log(of: executable).contains("line 2: missing y"))
  }

  @Test func tactileInjectRunsAScriptLineInARunningCompositor() throws {
    let harness = try FakeSeatSession()
    try harness.compositor.listenForControl(at: harness.directory + "/" + harness.socketName + ".control")
    let runner = ScriptRunner(compositor: harness.compositor)
    let inject = productsDirectory + "/tactile-inject"
    let process = try harness.launch([inject, "capabilities", "keyboard"])
    try harness.compositor.pump(until: "tactile-inject to finish") {
      harness.compositor.runControlCommands(with: runner)
      return process.exitStatus != nil
    }
    #expect(process.exitStatus == 0)
    #expect(harness.compositor.capabilities == .keyboard)
    let failing = try harness.launch([inject, "tap", "x"])
    try harness.compositor.pump(until: "tactile-inject to finish") {
      harness.compositor.runControlCommands(with: runner)
      return failing.exitStatus != nil
    }
    #expect(failing.exitStatus == 1)
    #expect(harness.log(of: inject).contains("x 'x' is not a number"))
  }
}

@Suite struct ExecutableTests {
  @Test func theExecutableWritesScreenshotsOfItsClientAtNamedPoints() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/shot.script"
    try "wait window\nwait commit\nscreenshot mapped\n".write(
      toFile: script, atomically: true, encoding: .utf8)
    let process = try harness.launch([
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-2", "--script",
      script,
      "--screenshots", harness.directory, "--size", "320x240", "--end-with-script", "--", "weston-simple-shm",
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 0)
    let data = try Data(contentsOf: URL(fileURLWithPath: harness.directory + "/mapped.png"))
    let image = try PNGCodec.decode([UInt8](data))
    #expect((image.width, image.height) == (320, 240))
    #expect(image[125, 125] != PremultipliedColor(argb: 0xFF00_0000))
    #expect(image[300, 230] == PremultipliedColor(argb: 0xFF00_0000))
  }
}

extension ExecutableTests {
  @Test func aScreenshotIntoAMissingDirectoryIsOneClearLine() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/shot.script"
    try "screenshot first\n".write(toFile: script, atomically: true, encoding: .utf8)
    let executable = productsDirectory + "/tactile-compositor"
    let process = try harness.launch([
      executable, "--socket", harness.directory + "/nested-7", "--script", script, "--screenshots",
      harness.directory + "/missing",
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 2)
    let log = harness.log(of: executable)
    #expect(log.split(separator: "\n").count == 1)
    let file = harness.directory + "/missing/first.png"
    #expect(log.contains("line 1: cannot write \(file): No such file or directory"))
  }

  @Test func aScreenshotBeforeAnyWindowIsTheBlackOutput() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/shot.script"
    try "screenshot empty\n".write(toFile: script, atomically: true, encoding: .utf8)
    let process = try harness.launch([
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-8", "--script",
      script, "--screenshots", harness.directory, "--size", "64x48",
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 0)
    let data = try Data(contentsOf: URL(fileURLWithPath: harness.directory + "/empty.png"))
    let image = try PNGCodec.decode([UInt8](data))
    #expect((image.width, image.height) == (64, 48))
    #expect(image.pixels.allSatisfy { $0 == 0xFF00_0000 })
  }
}

@Suite struct ExecutableProcessGroupTests {
  /// The process ids of a process's children (from /proc).
  func children(of pid: Int32) -> [Int32] {
    let text = (try? TextFile.read(atPath: "/proc/\(pid)/task/\(pid)/children")) ?? ""
    return text.split(separator: " ").compactMap { Int32($0) }
  }

  /// Whether a process is gone or only a zombie waiting to be reaped.
  func isDead(_ pid: Int32) -> Bool {
    guard let stat = try? TextFile.read(atPath: "/proc/\(pid)/stat") else { return true }
    return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
  }

  @Test func killingTheExecutablesProcessGroupKillsItsClient() throws {
    let harness = try FakeSeatSession()
    let process = try harness.launch([
      // sleep ignores the compositor going away: only the process group can end it.
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-3", "--", "sleep",
      "600",
    ])
    try harness.compositor.pump(until: "the executable's client") { !children(of: process.pid).isEmpty }
    let client = children(of: process.pid)[0]
    process.terminate()
    try harness.compositor.pump(until: "the client to die") { isDead(client) }
  }

  /// The pid a client's shell wrote to `path`, once it has.
  func pid(writtenTo path: String) -> Int32? {
    (try? TextFile.read(atPath: path)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
  }

  @Test func theEndOfTheScriptStopsTheClientsWholeProcessGroup() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/window.script"
    try "wait window\n".write(toFile: script, atomically: true, encoding: .utf8)
    let pidFile = harness.directory + "/grandchild"
    let process = try harness.launch([
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-4", "--script",
      script, "--end-with-script", "--",
      // The sleep is the client's child: killing the client alone would leave it running.
      "sh", "-c", "sleep 600 & echo $! > \(pidFile); exec weston-simple-shm",
    ])
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 0)
    let grandchild = try #require(pid(writtenTo: pidFile))
    try harness.compositor.pump(until: "the client's child to die", timeoutMilliseconds: 5_000) {
      isDead(grandchild)
    }
  }

  @Test func sigtermToTheExecutableStopsItsClientGracefullyAndRemovesTheSocket() throws {
    let harness = try FakeSeatSession()
    let socket = harness.directory + "/nested-5"
    let pidFile = harness.directory + "/grandchild"
    let executable = productsDirectory + "/tactile-compositor"
    let process = try harness.launch([
      executable, "--socket", socket, "--",
      "sh", "-c", "trap 'echo stopped by TERM; exit 0' TERM; sleep 600 & echo $! > \(pidFile); wait",
    ])
    try harness.compositor.pump(until: "the client's child") { pid(writtenTo: pidFile) != nil }
    let grandchild = try #require(pid(writtenTo: pidFile))
    kill(process.pid, SIGTERM)
    try harness.compositor.pump(until: "the executable to exit") { process.exitStatus != nil }
    #expect(process.exitStatus == 128 + SIGTERM)
    #expect(harness.log(of: executable).contains("stopped by TERM"))
    #expect(isDead(grandchild))
    #expect(access(socket, F_OK) != 0)
    #expect(access(socket + ".lock", F_OK) != 0)
    #expect(access(socket + ".control", F_OK) != 0)
  }

  @Test func aScriptWaitForAClientThatHasExitedFailsAtOnceWithItsStatus() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/window.script"
    try "wait window\n".write(toFile: script, atomically: true, encoding: .utf8)
    let executable = productsDirectory + "/tactile-compositor"
    let process = try harness.launch([
      executable, "--socket", harness.directory + "/nested-6", "--script", script, "--", "sh", "-c", "exit 4",
    ])
    try harness.compositor.pump(until: "the executable to exit", timeoutMilliseconds: 8_000) {
      process.exitStatus != nil
    }
    #expect(process.exitStatus == 2)
    #expect(harness.log(of: executable).contains("line 1: the client has exited with status 4"))
  }
}

extension ExecutableTests {
  @Test func aSessionTheExecutableRecordedReplaysAsItsScriptToTheSamePicture() throws {
    let harness = try FakeSeatSession()
    let script = harness.directory + "/touch.script"
    let recording = harness.directory + "/session.script"
    try "wait window\nwait drawn\ndrag 100 100 220 160 100ms\ntap 150 60\nwait drawn\nscreenshot first\n"
      .write(
        toFile: script, atomically: true, encoding: .utf8)
    let first = try harness.launch([
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-10", "--script",
      script, "--record-session", recording, "--screenshots", harness.directory, "--size", "320x240",
      "--end-with-script", "--", "weston-simple-touch",
    ])
    try harness.compositor.pump(until: "the first run to exit") { first.exitStatus != nil }
    #expect(first.exitStatus == 0)
    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    let lines = recorded.split(separator: "\n").map(String.init)
    #expect(lines.first == "# tactile-compositor session, output 320x240")
    let input = lines.dropFirst().filter { !$0.hasPrefix("wait ") }
    let path = (1...10).flatMap { ["touch move 0 \(100 + 12 * $0) \(100 + 6 * $0)", "touch frame"] }
    #expect(
      Array(input)
        == ["touch down 0 100 100", "touch frame"] + path + [
          "touch up 0", "touch down 0 150 60", "touch frame", "touch up 0",
        ])
    let replay = harness.directory + "/replay.script"
    try ("wait window\nwait drawn\n" + recorded + "wait drawn\nscreenshot second\n").write(
      toFile: replay, atomically: true, encoding: .utf8)
    let second = try harness.launch([
      productsDirectory + "/tactile-compositor", "--socket", harness.directory + "/nested-11", "--script",
      replay, "--screenshots", harness.directory, "--size", "320x240", "--end-with-script", "--",
      "weston-simple-touch",
    ])
    try harness.compositor.pump(until: "the replay to exit") { second.exitStatus != nil }
    #expect(second.exitStatus == 0)
    let pictures = try ["first", "second"].map { name in
      try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: harness.directory + "/\(name).png"))))
    }
    #expect(pictures[0] == pictures[1])
    #expect(pictures[0][160, 130] != pictures[0][10, 230], "the drag drew on the window")
  }
}
