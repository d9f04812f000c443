// tactile-compositor: Tactile's headless fake compositor as a program.
//
//   tactile-compositor [--socket PATH] [--control-socket PATH] [--script FILE] [--replay TRACE]
//                      [--record-session FILE] [--screenshots DIR] [--size WxH]
//                      [--decorations server-side|client-side|none] [--end-with-script]
//                      [-- COMMAND ARGS...]
//
// Steps: listen on the socket (claimed with PATH.lock as libwayland does: a path in use or that is not a
// socket is refused) and, for tactile-inject only, on the control socket (default: the socket's path with
// ".control" appended; the app under test never sees the control protocol); --size is at most 8192 on a
// side; start COMMAND with WAYLAND_DISPLAY set to it; replay TRACE (recorded by a
// Tactile app run with TACTILE_RECORD=TRACE) onto the first window once one is mapped; run the script
// (waits keep serving clients; `screenshot NAME` writes DIR/NAME.png); keep serving control lines from
// tactile-inject; exit with the client's status once it exits (stop it on a script or replay error: exit
// 2). With --end-with-script, stop the client when the script and replay end and exit 0 (for clients that
// never exit). Without a command, run the script and exit, or, without a script either, serve until
// stopped. The client runs in its own process group; stopping it means SIGTERM to the group, SIGKILL after
// 2 s. SIGTERM, SIGINT or SIGHUP to the compositor stop the client that way and exit 128 + the signal (a
// compositor killed outright still sends its client SIGTERM); the
// socket and lock files are removed on every exit. A script wait for a client that has exited fails at
// once with its status. Client protocol errors are printed as they happen.
// --record-session writes every input the seat injects, from any source, to FILE as script lines
// (created or emptied first; each line written as it happens), which `--script FILE` replays
// (FakeCompositor.startRecordingSession).
// --decorations says how xdg-decoration answers: server-side (the default: clients draw no frame),
// client-side, or none (no xdg-decoration at all, as weston 10 and mutter 43; Tactile apps draw their
// frame in both of the last two).
import Foundation
import TactileFakeSeat
import TactileTrace

struct Options {
  var socket = (ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/tmp") + "/tactile-0"
  var controlSocket: String?
  var script: String?
  var replay: String?
  var recordSession: String?
  var screenshots = "."
  var width: Int32 = 800
  var height: Int32 = 600
  var command: [String] = []
  var endWithScript = false
  var decorations = DecorationMode.serverSide

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--socket": socket = try Self.value(&rest, argument)
      case "--control-socket": controlSocket = try Self.value(&rest, argument)
      case "--script": script = try Self.value(&rest, argument)
      case "--replay": replay = try Self.value(&rest, argument)
      case "--record-session": recordSession = try Self.value(&rest, argument)
      case "--screenshots": screenshots = try Self.value(&rest, argument)
      case "--size":
        let parts = try Self.value(&rest, argument).split(separator: "x").compactMap { Int32($0) }
        let limit = FakeCompositor.maximumOutputSide
        guard parts.count == 2, parts.allSatisfy({ (1...limit).contains($0) }) else {
          throw UsageError("--size takes WxH, each from 1 to \(limit)")
        }
        (width, height) = (parts[0], parts[1])
      case "--decorations":
        let modes: [String: DecorationMode] = [
          "server-side": .serverSide, "client-side": .clientSide, "none": .unsupported,
        ]
        guard let mode = modes[try Self.value(&rest, argument)] else {
          throw UsageError("--decorations takes server-side, client-side or none")
        }
        decorations = mode
      case "--end-with-script": endWithScript = true
      case "--":
        command = Array(rest)
        rest = []
      default: throw UsageError("unknown option \(argument)")
      }
    }
  }

  static func value(_ rest: inout ArraySlice<String>, _ name: String) throws -> String {
    guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
    return value
  }
}

struct UsageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Reports and exits; only before the compositor exists (nothing to clean up yet).
func fail(_ message: String, status: Int32) -> Never {
  report(message)
  exit(status)
}

/// Parses the script file before anything starts, so a malformed line fails fast (exit 2).
func loadScript(_ path: String?) -> Script? {
  guard let path else { return nil }
  do {
    return try Script(parsing: TextFile.read(atPath: path))
  } catch let error as ScriptError {
    fail("\(path): \(error)", status: 2)
  } catch {
    fail("\(error)", status: 2)
  }
}

/// Parses the trace file before anything starts, so a malformed line fails fast (exit 2).
func loadTrace(_ path: String?) -> InputTrace? {
  guard let path else { return nil }
  do {
    return try InputTrace(parsing: TextFile.read(atPath: path))
  } catch let error as InputTraceError {
    fail("\(path): \(error)", status: 2)
  } catch {
    fail("\(error)", status: 2)
  }
}

/// Opens the session recording's file before anything starts, so a path that cannot be written fails
/// fast (exit 2).
func openSessionRecording(_ path: String?) -> FileHandle? {
  guard let path else { return nil }
  guard FileManager.default.createFile(atPath: path, contents: nil),
    let file = FileHandle(forWritingAtPath: path)
  else { fail("\(path): cannot create the session recording", status: 2) }
  return file
}

/// Replays the trace onto the first window (waiting for one), then runs the script (which can wait and
/// take screenshots of the result).
func play(_ script: Script?, _ trace: InputTrace?, _ runner: ScriptRunner) throws {
  if let trace { try runner.replay(trace) }
  if let script { try runner.run(script) }
}

/// Serves clients and control lines until `client` exits (forever without a client) or a stop signal
/// arrives.
///
/// - Returns: The client's exit status, or 128 + the stop signal's number.
func serve(_ compositor: FakeCompositor, _ runner: ScriptRunner, until client: ClientProcess?) -> Int32 {
  while client?.exitStatus == nil, compositor.stopSignal == nil {
    compositor.pump(forMilliseconds: 50)
    compositor.runControlCommands(with: runner)
  }
  if let signal = compositor.stopSignal { return 128 + signal }
  return client?.exitStatus ?? 1
}

/// Prints one line on standard error.
func report(_ message: String) {
  FileHandle.standardError.write(Data("tactile-compositor: \(message)\n".utf8))
}

/// Runs the compositor; every way out stops the client (SIGTERM to its process group, SIGKILL after a
/// grace period) while still serving it, and leaves no socket or lock file behind.
func run(_ options: Options, _ script: Script?, _ trace: InputTrace?, _ recording: FileHandle?) -> Int32 {
  var configuration = FakeCompositor.Configuration()
  configuration.outputWidth = options.width
  configuration.outputHeight = options.height
  configuration.frameCallbacks = .automatic(intervalMilliseconds: 16)
  configuration.requestLogLimit = 10_000
  configuration.decorationMode = options.decorations
  do {
    let compositor = try FakeCompositor(configuration: configuration)
    compositor.onFailure = { report("client error: \($0)") }
    if let recording {
      recording.write(Data("# tactile-compositor session, output \(options.width)x\(options.height)\n".utf8))
      compositor.startRecordingSession { recording.write(Data(($0 + "\n").utf8)) }
    }
    try compositor.stopOnSignals()
    compositor.enableControlProtocol()
    try compositor.listen(at: options.socket)
    try compositor.listenForControl(at: options.controlSocket ?? options.socket + ".control")
    let runner = ScriptRunner(compositor: compositor, screenshotDirectory: options.screenshots)
    let directory = (options.socket as NSString).deletingLastPathComponent
    let client =
      try options.command.isEmpty
      ? nil
      : ClientProcess(
        arguments: options.command,
        environment: ["WAYLAND_DISPLAY": options.socket, "XDG_RUNTIME_DIR": directory],
        stopsWithThread: true)
    runner.client = client
    defer { client?.stop { compositor.pump() } }
    if script != nil || trace != nil {
      do { try play(script, trace, runner) } catch {
        if let signal = compositor.stopSignal { return 128 + signal }
        report("\(options.script ?? options.replay!): \(error)")
        return 2
      }
      if options.endWithScript || client == nil { return 0 }
    }
    return serve(compositor, runner, until: client)
  } catch {
    report("\(error)")
    return 1
  }
}

func main() -> Int32 {
  let options: Options
  do { options = try Options(Array(CommandLine.arguments.dropFirst())) } catch {
    fail("\(error)", status: 64)
  }
  return run(
    options, loadScript(options.script), loadTrace(options.replay),
    openSessionRecording(options.recordSession))
}

exit(main())
