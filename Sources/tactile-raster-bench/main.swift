// tactile-raster-bench: the benchmark scenes (docs/raster-benchmark.md) drawn by Tactile's canvas and by
// cairo in one process, interleaved round by round, on one thread. Build in release:
//
//   swift run -c release tactile-raster-bench [--rounds N] [--only S4a,S6] [--dump DIRECTORY]
//
// Prints, per scene, the median time of each engine, the ratio ours/cairo, the painted Mpx/s of each,
// and how far the two pictures differ (mean |d| per channel, % of pixels off by more than 16).
import Glibc

var rounds = 9
var only: Set<String>?
var dump: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--rounds": rounds = max(1, Int(arguments.popFirst() ?? "") ?? rounds)
  case "--only": only = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
  case "--dump": dump = arguments.popFirst()
  default:
    print("usage: tactile-raster-bench [--rounds N] [--only S0,S4a,...] [--dump DIRECTORY]")
    exit(2)
  }
}

let harness = Harness(rounds: rounds, dumpDirectory: dump)
func ms(_ seconds: Double) -> String { String(format: "%.3f", seconds * 1000) }

print(
  "| scene | what | ours ms | cairo ms | ours/cairo | ours Mpx/s | cairo Mpx/s | mean abs d | px off >16 |")
print("|---|---|--:|--:|--:|--:|--:|--:|--:|")
var memsetLine: String?
for scene in Scene.all() where only.map({ $0.contains(scene.name) }) ?? true {
  let r = harness.run(scene, withMemset: scene.name == "S0")
  let (o, c) = (r.oursMedian, r.cairoMedian)
  print(
    "| \(scene.name) | \(scene.summary) | \(ms(o)) | \(ms(c)) | \(String(format: "%.2f", o / c)) | "
      + "\(String(format: "%.0f", scene.paintedPixels / o / 1e6)) | \(String(format: "%.0f", scene.paintedPixels / c / 1e6)) | "
      + "\(String(format: "%.2f", r.meanDifference)) | \(String(format: "%.2f %%", r.farFraction * 100)) |")
  fflush(nil)
  if !r.memset.isEmpty {
    let m = median(r.memset)
    memsetLine =
      "\nmemset of the same frame, in the same rounds as \(scene.name): \(ms(m)) ms (median); "
      + "\(scene.name) ours/memset \(String(format: "%.2f", o / m)), cairo/memset \(String(format: "%.2f", c / m))"
  }
}
if let memsetLine { print(memsetLine) }
