// tactile-bench: Tactile's latency, list-scroll, startup/memory and dispatch benchmarks against peers, printed as
// Markdown tables. `bash Benchmarks/run` builds everything in release and runs all of them; see
// docs/benchmarks.md.
//
//   tactile-bench latency  [--motions N] [--size WxH] [--gtk-paint PATH] [--screenshots DIR]
//   tactile-bench startup  [--runs N] [--gtk-hello PATH]
//   tactile-bench list     [--steps N] [--rows N,N...] [--size WxH] [--gtk-list PATH] [--screenshots DIR]
//   tactile-bench dispatch [--rounds N]          (runs itself under valgrind's callgrind)
//   tactile-bench dispatch-scene SCENE ROUNDS    (one scene, as callgrind runs it)
import Foundation
import TactileBench

/// The directory of this executable, where SwiftPM put the examples of the same build.
let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
  .deletingLastPathComponent().path

/// The value after `--name` on the command line, if given.
func option(_ name: String) -> String? {
  guard let index = CommandLine.arguments.firstIndex(of: "--" + name),
    index + 1 < CommandLine.arguments.count
  else { return nil }
  return CommandLine.arguments[index + 1]
}

func intOption(_ name: String, default value: Int) throws -> Int {
  guard let text = option(name) else { return value }
  guard let number = Int(text), number >= 0 else {
    throw BenchError.usage("--\(name) takes a count, not \(text)")
  }
  return number
}

/// `value / reference` with two decimals, "–" without both.
func ratio(_ value: Double?, _ reference: Double?) -> String {
  guard let value, let reference, reference > 0 else { return "–" }
  return formatted(value / reference)
}

/// The window size given by `--size WIDTHxHEIGHT`, if given.
func sizeOption() throws -> (Int32, Int32)? {
  guard let size = option("size") else { return nil }
  let parts = size.split(separator: "x").compactMap { Int32($0) }
  guard parts.count == 2 else { throw BenchError.usage("--size takes WIDTHxHEIGHT, not \(size)") }
  return (parts[0], parts[1])
}

func latency() throws {
  var options = LatencyBenchmark.Options()
  options.motions = try intOption("motions", default: options.motions)
  options.screenshotDirectory = option("screenshots")
  if let size = try sizeOption() { (options.windowWidth, options.windowHeight) = size }
  var clients = [
    BenchClient(
      name: "Tactile FingerPaint", arguments: [buildDirectory + "/FingerPaint"], logsPresentation: true),
    BenchClient(name: "weston-simple-touch", arguments: ["weston-simple-touch"]),
  ]
  if let gtk = option("gtk-paint") {
    clients.append(
      BenchClient(name: "GTK 4 paint", arguments: [gtk], environment: BenchClient.gtkEnvironment))
  }
  let results = try LatencyBenchmark.run(clients, options: options)
  var table = Table(
    header: [
      "client", "surface", "motions shown", "missed", "median ms", "p99 ms", "median / Tactile",
      "p99 / Tactile", "first 100 median ms", "last 100 median ms", "last / first 100",
      "own input→commit median ms", "own input→presented median ms",
    ],
    numeric: [false, false, true, true, true, true, true, true, true, true, true, true, true])
  let reference = results[0].latencies
  for result in results {
    // How the time changes as the stroke grows: the first and the last 100 motions shown.
    let first = Samples(Array(result.latenciesInOrder.prefix(100)))
    let last = Samples(Array(result.latenciesInOrder.suffix(100)))
    table.append([
      result.client, "\(result.surfaceWidth)×\(result.surfaceHeight)", "\(result.latencies.count)",
      "\(result.missed)",
      formatted(result.latencies.median), formatted(result.latencies.percentile(99)),
      ratio(result.latencies.median, reference.median),
      ratio(result.latencies.percentile(99), reference.percentile(99)),
      formatted(first.median), formatted(last.median), ratio(last.median, first.median),
      formatted(result.ownInputToCommit?.median), formatted(result.ownInputToPresented?.median),
    ])
  }
  print(table)
  print(
    "own input→commit, input→presented: the client's own times (Tactile's presentation statistics) from"
      + " each input's nanosecond time to the commit and to the presentation of the frame that answered it"
      + " (presented as soon as committed); – for clients that do not report them.")
}

func list() throws {
  var options = ListScrollBenchmark.Options()
  options.steps = try intOption("steps", default: options.steps)
  options.screenshotDirectory = option("screenshots")
  if let size = try sizeOption() { (options.windowWidth, options.windowHeight) = size }
  let rowsText = option("rows") ?? "1000,100000"
  let rowCounts = rowsText.split(separator: ",").compactMap { Int($0) }
  guard !rowCounts.isEmpty, rowCounts.count == rowsText.split(separator: ",").count else {
    throw BenchError.usage("--rows takes row counts separated by commas, not \(rowsText)")
  }
  // Every toolkit at every row count: (toolkit, rows, client).
  var runs: [(toolkit: String, rows: Int, client: BenchClient)] = []
  for rows in rowCounts {
    runs.append(
      (
        "Tactile TableView", rows,
        BenchClient(name: "Tactile \(rows) rows", arguments: [buildDirectory + "/ListScroll", "\(rows)"])
      ))
    if let gtk = option("gtk-list") {
      runs.append(
        (
          "GTK 4 GtkListView", rows,
          BenchClient(
            name: "GTK 4 \(rows) rows", arguments: [gtk, "\(rows)"], environment: BenchClient.gtkEnvironment)
        ))
    }
  }
  let results = try ListScrollBenchmark.run(runs.map(\.client), options: options)
  var table = Table(
    header: [
      "list", "rows", "surface", "steps shown", "missed", "median ms", "p99 ms",
      "median / Tactile, same rows",
      "median / same list at \(rowCounts[0]) rows",
    ], numeric: [false, true, false, true, true, true, true, true, true])
  let medians = results.map(\.frames.median)
  func median(toolkit: String, rows: Int) -> Double? {
    runs.indices.first { runs[$0].toolkit == toolkit && runs[$0].rows == rows }.flatMap { medians[$0] }
  }
  for (run, result) in zip(runs, results) {
    table.append([
      run.toolkit, "\(run.rows)", "\(result.surfaceWidth)×\(result.surfaceHeight)", "\(result.frames.count)",
      "\(result.missed)", formatted(result.frames.median), formatted(result.frames.percentile(99)),
      ratio(result.frames.median, median(toolkit: "Tactile TableView", rows: run.rows)),
      ratio(result.frames.median, median(toolkit: run.toolkit, rows: rowCounts[0])),
    ])
  }
  print(table)
}

func startup() throws {
  let runs = try intOption("runs", default: 20)
  var clients = [
    BenchClient(name: "Tactile Hello", arguments: [buildDirectory + "/Hello"]),
    BenchClient(name: "weston-simple-shm", arguments: ["weston-simple-shm"]),
  ]
  if let gtk = option("gtk-hello") {
    clients.append(
      BenchClient(name: "GTK 4 hello", arguments: [gtk], environment: BenchClient.gtkEnvironment))
  }
  let results = try StartupBenchmark.run(clients, runs: runs)
  var table = Table(
    header: [
      "program", "surface", "runs", "exec → first frame ms", "/ Tactile", "peak RSS at first frame MiB",
      "/ Tactile", "peak RSS 1 s later MiB", "/ Tactile",
    ], numeric: [false, false, true, true, true, true, true, true, true])
  let reference = results[0]
  for result in results {
    table.append([
      result.client, "\(result.surfaceWidth)×\(result.surfaceHeight)", "\(result.firstFrame.count)",
      formatted(result.firstFrame.median), ratio(result.firstFrame.median, reference.firstFrame.median),
      formatted(result.peakAtFirstFrame.median, digits: 1),
      ratio(result.peakAtFirstFrame.median, reference.peakAtFirstFrame.median),
      formatted(result.peakAfterSecond.median, digits: 1),
      ratio(result.peakAfterSecond.median, reference.peakAfterSecond.median),
    ])
  }
  print(table)
}

func dispatch() throws {
  let rounds = try intOption("rounds", default: 1000)
  var table = Table(
    header: ["scene", "events measured", "instructions per event"], numeric: [false, true, true])
  try Callgrind.withReadableCopy(of: buildDirectory + "/tactile-bench") { executable in
    for scene in DispatchScene.allCases {
      let perEvent = try Callgrind.instructionsPerEvent(scene: scene, rounds: rounds, executable: executable)
      table.append([scene.summary, "\(rounds * scene.eventsPerRound)", formatted(perEvent, digits: 0)])
    }
  }
  print(table)
}

@MainActor func dispatchScene() throws {
  let arguments = CommandLine.arguments
  guard arguments.count == 4, let scene = DispatchScene(rawValue: arguments[2]),
    let rounds = Int(arguments[3])
  else { throw BenchError.usage("dispatch-scene takes SCENE ROUNDS") }
  let round = scene.makeRound()
  for index in 0..<DispatchScene.warmUpRounds { round(index) }
  benchMeasuredRounds(rounds) { round(DispatchScene.warmUpRounds + $0) }
}

do {
  switch CommandLine.arguments.dropFirst().first {
  case "latency": try latency()
  case "startup": try startup()
  case "list": try list()
  case "dispatch": try dispatch()
  case "dispatch-scene": try MainActor.assumeIsolated { try dispatchScene() }
  default:
    throw BenchError.usage("usage: tactile-bench latency|list|startup|dispatch [options] (see main.swift)")
  }
} catch {
  FileHandle.standardError.write(Data("tactile-bench: \(error)\n".utf8))
  exit(1)
}
