// tactile-raster-bench: the scenes of the rasterizer benchmark drawn by Tactile's canvas, by cairo and,
// when given, by Blend2D (through blend2d-py, in a helper process) and ThorVG (its C library, loaded at
// run time), interleaved round by round, each on one thread. Build in release:
//
//   swift run -c release tactile-raster-bench [--rounds N] [--only S4a,S6] [--dump DIRECTORY]
//       [--blend2d PYTHON [--blend2d-script FILE] | --blend2d-missing REASON]
//       [--thorvg LIBTHORVG | --thorvg-missing REASON]
//
// Prints, per scene, the median time of each engine with its ratio to the fastest, Tactile's ratio to
// each other engine, and how far the pictures differ (mean |d| per channel; % of pixels off by more
// than 16 from cairo's). A reference that was not given or cannot be loaded is a column of "n/a" with
// the reason below the table; "—" marks a scene its API cannot draw.
import Glibc

var rounds = 9
var only: Set<String>?
var dump: String?
var blend2dPython: String?
var blend2dScript = "Benchmarks/blend2d-replay.py"
var blend2dMissing = "not given (--blend2d PYTHON)"
var thorvgLibrary: String?
var thorvgMissing = "not given (--thorvg LIBTHORVG)"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--rounds": rounds = max(1, Int(arguments.popFirst() ?? "") ?? rounds)
  case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
  case "--dump": dump = arguments.popFirst()
  case "--blend2d": blend2dPython = arguments.popFirst()
  case "--blend2d-script": blend2dScript = arguments.popFirst() ?? blend2dScript
  case "--blend2d-missing": blend2dMissing = arguments.popFirst() ?? blend2dMissing
  case "--thorvg": thorvgLibrary = arguments.popFirst()
  case "--thorvg-missing": thorvgMissing = arguments.popFirst() ?? thorvgMissing
  default:
    print(
      "usage: tactile-raster-bench [--rounds N] [--only S0,S4a,...] [--dump DIRECTORY] "
        + "[--blend2d PYTHON [--blend2d-script FILE] | --blend2d-missing REASON] "
        + "[--thorvg LIBTHORVG | --thorvg-missing REASON]")
    exit(2)
  }
}

var harness = Harness(rounds: rounds, dumpDirectory: dump)
var references = [String]()
if let blend2dPython {
  do throws(Blend2DReplay.Unavailable) {
    let replay = try Blend2DReplay(python: blend2dPython, script: blend2dScript)
    harness.blend2d = replay
    references.append("Blend2D: \(replay.version), through \(blend2dScript)")
  } catch { blend2dMissing = error.reason }
}
if harness.blend2d == nil { references.append("Blend2D: n/a — \(blend2dMissing)") }
if let thorvgLibrary {
  do throws(ThorVG.Unavailable) {
    let engine = try ThorVG(library: thorvgLibrary)
    harness.thorvg = engine
    references.append("ThorVG: \(engine.version), \(thorvgLibrary), software canvas, no worker threads")
  } catch { thorvgMissing = error.reason }
}
if harness.thorvg == nil { references.append("ThorVG: n/a — \(thorvgMissing)") }

func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000) }
func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f", a / b) }
func load() -> String {
  guard let file = fopen("/proc/loadavg", "r") else { return "?" }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 64)
  _ = fgets(&buffer, 64, file)
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
    separator: " "
  ).prefix(3).joined(separator: " ")
}

print("\(rounds) interleaved rounds per scene, medians of thread CPU time; load before: \(load())")
print()
print(
  "| scene | what | Tactile ms | cairo ms | Blend2D ms | ThorVG ms | Tactile/cairo | Tactile/Blend2D "
    + "| Tactile/ThorVG | mean abs d cairo · Blend2D · ThorVG | px off >16 cairo |")
print("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
var memsetLine: String?
var overheadLines = [String]()
for scene in Scene.all() where only.map({ $0.contains(scene.name) }) ?? true {
  let r = harness.run(scene, withMemset: scene.name == "S0")
  let (o, c) = (r.oursMedian, r.cairoMedian)
  let b = r.blend2d.isEmpty ? nil : median(r.blend2d)
  let t = r.thorvg.isEmpty ? nil : median(r.thorvg)
  let fastest = [o, c, b ?? .infinity, t ?? .infinity].min()!
  func cell(_ v: Double?, available: Bool) -> String {
    guard let v else { return available ? "—" : "n/a" }
    return "\(ms(v)) (\(ratio(v, fastest)))"
  }
  func versus(_ v: Double?, available: Bool) -> String {
    v.map { ratio(o, $0) } ?? (available ? "—" : "n/a")
  }
  let differences = [r.meanDifference, r.blend2dDifference, r.thorvgDifference].map {
    $0.map { String(format: "%.2f", $0) } ?? "—"
  }
  let (hasBlend2D, hasThorVG) = (harness.blend2d != nil, harness.thorvg != nil)
  print(
    "| \(scene.name) | \(scene.summary) | \(cell(o, available: true)) | \(cell(c, available: true)) | "
      + "\(cell(b, available: hasBlend2D)) | \(cell(t, available: hasThorVG)) | \(ratio(o, c)) | "
      + "\(versus(b, available: hasBlend2D)) | \(versus(t, available: hasThorVG)) | "
      + "\(differences.joined(separator: " · ")) | \(String(format: "%.2f %%", r.farFraction * 100)) |")
  fflush(nil)
  if !r.blend2dOverhead.isEmpty {
    overheadLines.append("\(scene.name) \(ms(median(r.blend2dOverhead))) ms")
  }
  if !r.memset.isEmpty {
    let m = median(r.memset)
    memsetLine =
      "memset of the same frame, in the same rounds as \(scene.name): \(ms(m)) ms (median); "
      + "\(scene.name) Tactile/memset \(String(format: "%.2f", o / m)), cairo/memset \(String(format: "%.2f", c / m))"
  }
}
print()
print("Times in parentheses: the ratio to the fastest engine of the scene. Load after: \(load()).")
for line in references { print("- \(line)") }
if !overheadLines.isEmpty {
  print(
    "- Blend2D's times have the binding's cost subtracted: the same Python loop and calls on empty "
      + "geometry, timed in every round (median: \(overheadLines.joined(separator: ", "))).")
}
if let memsetLine { print("- \(memsetLine)") }
