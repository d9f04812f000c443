import Tactile

/// The overlay that lists the canvas's gesture recognizers, one row each: its name, its state and the
/// numbers of the touches it holds (from each touch's ``Touch/gestureRecognizers``), e.g.
/// `pan: changed, holds #1`.
@MainActor final class RecognizerPanel: View {
  /// The rows shown under the title.
  private(set) var rows: [String] = []

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(white: 1, alpha: 0.85)
    isUserInteractionEnabled = false
  }

  /// Shows the state of each named recognizer and the touches among `touches` that it holds, numbered
  /// by `number`.
  func show(
    _ recognizers: [(name: String, recognizer: GestureRecognizer)], touches: [Touch], number: (Touch) -> Int?
  ) {
    rows = recognizers.map { name, recognizer in
      let held = touches.filter { touch in touch.gestureRecognizers.contains { $0 === recognizer } }
        .compactMap(number)
        .sorted()
      let holds = held.isEmpty ? "holds none" : "holds " + held.map { "#\($0)" }.joined(separator: " ")
      return "\(name): \(recognizer.state), \(holds)"
    }
    setNeedsDisplay()
  }

  override func draw(in canvas: Canvas) {
    canvas.draw("Recognizers", at: Point(x: 8, y: 18), font: .boldSystem(size: 12), with: .color(.black))
    for (index, row) in rows.enumerated() {
      canvas.draw(
        row, at: Point(x: 8, y: 38 + 18 * Double(index)), font: .system(size: 12),
        with: .color(Color(white: 0.2)))
    }
  }
}
