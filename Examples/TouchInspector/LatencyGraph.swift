import Foundation
import Tactile

/// The overlay that plots the input-to-presentation latency of the latest presented frames that
/// answered input (``Window/presentationStatistics``), one bar per frame, newest on the right, with
/// the latest and median values and a line at one 60 Hz frame.
@MainActor final class LatencyGraph: View {
  /// The latencies plotted, in seconds, oldest first.
  private(set) var latencies: [Double] = []
  private var median: Double?

  /// The latency the graph's height stands for, in seconds (taller bars are cut off).
  static let scale = 0.05
  /// The width of one frame's bar, in points.
  static let barWidth = 2.0

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(white: 1, alpha: 0.85)
    isUserInteractionEnabled = false
  }

  /// Plots `statistics`' recent latencies.
  func show(_ statistics: PresentationStatistics) {
    latencies = statistics.recentLatencies
    median = statistics.medianLatency
    setNeedsDisplay()
  }

  /// The caption: the latest and median latency in milliseconds, or a hint before the first frame.
  var caption: String {
    guard let latest = latencies.last, let median else { return "input → presented: touch to measure" }
    return String(format: "latency %.1f ms, median %.1f ms", latest * 1000, median * 1000)
  }

  override func draw(in canvas: Canvas) {
    canvas.draw(caption, at: Point(x: 8, y: 18), font: .system(size: 12), with: .color(.black))
    let plot = Rect(x: 8, y: 26, width: bounds.width - 16, height: bounds.height - 32)
    canvas.fill(plot, with: .color(Color(white: 0.92)))
    let frame = plot.maxY - plot.height * (1 / 60.0) / Self.scale
    canvas.fill(Rect(x: plot.minX, y: frame, width: plot.width, height: 1), with: .color(Color(white: 0.6)))
    let shown = latencies.suffix(Int(plot.width / Self.barWidth))
    for (index, latency) in shown.enumerated() {
      let height = plot.height * min(1, max(0, latency) / Self.scale)
      let x = plot.maxX - Double(shown.count - index) * Self.barWidth
      canvas.fill(
        Rect(x: x, y: plot.maxY - height, width: Self.barWidth - 0.5, height: height),
        with: .color(Color(red8: 0x29, green8: 0x80, blue8: 0xB9)))
    }
  }
}
