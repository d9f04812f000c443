import TactileGeometry
import TactileRaster

/// SplitMix64: the fixed-seed generator every scene's content comes from, so both engines draw the
/// same thing in every run.
struct SceneRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `range`.
  mutating func double(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  /// An opaque colour, then given `alpha`.
  mutating func color(alpha: Double = 1) -> Color {
    Color(red: double(0...1), green: double(0...1), blue: double(0...1), alpha: alpha)
  }

  /// A rectangle of side `sizes` inside a `width × height` screen, whole or fractional coordinates.
  mutating func rect(sizes: ClosedRange<Double>, width: Double, height: Double, whole: Bool) -> Rect {
    var w = double(sizes)
    var h = double(sizes)
    var x = double(0...(width - w))
    var y = double(0...(height - h))
    if whole { (x, y, w, h) = (x.rounded(), y.rounded(), w.rounded(), h.rounded()) }
    return Rect(x: x, y: y, width: w, height: h)
  }
}

/// A filled or stroked shape with its colour, as scenes store them.
struct ColoredRect {
  var rect: Rect
  var color: Color
}
