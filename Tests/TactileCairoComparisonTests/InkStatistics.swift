/// How two pictures of black text on white (ARGB, opaque) differ: their ink boxes, their total ink and
/// the mean coverage difference over the pixels either inks. Coverage is 255 less the blue channel.
struct InkStatistics {
  /// A box of pixels, inclusive.
  struct Box: Equatable, CustomStringConvertible {
    var minX, minY, maxX, maxY: Int
    var description: String { "x \(minX)...\(maxX), y \(minY)...\(maxY)" }
  }

  /// Each picture's ink box (nil: no ink).
  let boxes: (Box?, Box?)
  /// Each picture's sum of coverage.
  let ink: (Double, Double)
  /// The mean absolute coverage difference over the pixels either picture inks.
  let meanDifference: Double

  init(_ a: [UInt32], _ b: [UInt32], width: Int) {
    func coverage(_ pixel: UInt32) -> Int { 255 - Int(pixel & 0xFF) }
    func box(_ pixels: [UInt32]) -> Box? {
      var box: Box?
      for (i, pixel) in pixels.enumerated() where coverage(pixel) > 0 {
        let (x, y) = (i % width, i / width)
        guard var b = box else {
          box = Box(minX: x, minY: y, maxX: x, maxY: y)
          continue
        }
        (b.minX, b.maxX, b.minY, b.maxY) = (min(b.minX, x), max(b.maxX, x), min(b.minY, y), max(b.maxY, y))
        box = b
      }
      return box
    }
    boxes = (box(a), box(b))
    var (inkA, inkB, difference, inked) = (0, 0, 0, 0)
    for (p, q) in zip(a, b) {
      let (x, y) = (coverage(p), coverage(q))
      inkA += x
      inkB += y
      if x > 0 || y > 0 {
        difference += abs(x - y)
        inked += 1
      }
    }
    ink = (Double(inkA), Double(inkB))
    meanDifference = Double(difference) / Double(max(1, inked))
  }

  /// Whether both pictures have ink and their boxes are within `pixels` of each other on every side.
  func boxesWithin(_ pixels: Int) -> Bool {
    guard let a = boxes.0, let b = boxes.1 else { return false }
    return abs(a.minX - b.minX) <= pixels && abs(a.maxX - b.maxX) <= pixels && abs(a.minY - b.minY) <= pixels
      && abs(a.maxY - b.maxY) <= pixels
  }
}
