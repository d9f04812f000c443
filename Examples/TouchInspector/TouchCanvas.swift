import Tactile

/// The full-window surface the inspector watches: every touch that begins on it is followed until it
/// lifts, drawn as its contact ellipse with a label, its samples as dots and its predicted samples as
/// hollow dots.
///
/// A touch is numbered when it begins (``InspectedTouch/number``; fingers landing together left to
/// right) and forgotten when it ends or is
/// cancelled. At each delivery the touches of the event that did not change here (stationary ones) take
/// their new phase too. ``onChange`` runs after every delivery.
@MainActor final class TouchCanvas: View {
  /// The live touches, by number.
  var touches: [InspectedTouch] { live.values.map(\.inspected).sorted { $0.number < $1.number } }
  /// The live touches themselves (for the recognizers that hold them), in no order.
  var liveTouches: [Touch] { live.values.map(\.touch) }
  /// Called after every delivery of touches.
  var onChange: () -> Void = {}

  /// The size of a sample's dot, and of a predicted sample's ring, in points.
  static let sampleRadius = 2.5
  static let predictedRadius = 3.5
  static let palette: [Color] = [
    Color(red8: 0xE7, green8: 0x4C, blue8: 0x3C), Color(red8: 0x29, green8: 0x80, blue8: 0xB9),
    Color(red8: 0x27, green8: 0xAE, blue8: 0x60), Color(red8: 0xF3, green8: 0x9C, blue8: 0x12),
    Color(red8: 0x8E, green8: 0x44, blue8: 0xAD),
  ]

  private var live: [ObjectIdentifier: (touch: Touch, inspected: InspectedTouch)] = [:]

  override init(frame: Rect) {
    super.init(frame: frame)
    isMultipleTouchEnabled = true
    backgroundColor = Color(white: 0.97)
  }

  /// The number of `touch` while it is live here.
  func number(of touch: Touch) -> Int? { live[ObjectIdentifier(touch)]?.inspected.number }

  /// The colour `number` is drawn in.
  static func color(of number: Int) -> Color { palette[(number - 1) % palette.count] }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    // Fingers landing in one event are numbered left to right (then top to bottom).
    let ordered = touches.sorted {
      ($0.location(in: self).x, $0.location(in: self).y) < ($1.location(in: self).x, $1.location(in: self).y)
    }
    for touch in ordered {
      let used = Set(live.values.map(\.inspected.number))
      let number = (1...).first { !used.contains($0) }!
      live[ObjectIdentifier(touch)] = (touch, InspectedTouch(number: number, touch: touch, in: self))
    }
    delivered(touches, with: event)
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      live[ObjectIdentifier(touch)]?.inspected.update(from: touch, event: event, in: self)
    }
    delivered(touches, with: event)
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches { live[ObjectIdentifier(touch)] = nil }
    delivered(touches, with: event)
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    touchesEnded(touches, with: event)
  }

  /// Takes the new phase of the event's other live touches, redraws and reports the change.
  private func delivered(_ touches: Set<Touch>, with event: Event?) {
    for touch in event?.touches(for: self).subtracting(touches) ?? [] {
      live[ObjectIdentifier(touch)]?.inspected.update(from: touch, event: event, in: self)
    }
    setNeedsDisplay()
    onChange()
  }

  override func draw(in canvas: Canvas) {
    for touch in touches { draw(touch, in: canvas) }
  }

  /// One touch: its ellipse (filled faintly, outlined), its samples, its predictions, its label.
  private func draw(_ touch: InspectedTouch, in canvas: Canvas) {
    let color = Self.color(of: touch.number)
    let (major, minor) = touch.drawnRadii
    canvas.withSavedState {
      canvas.translate(x: touch.location.x, y: touch.location.y)
      canvas.rotate(by: touch.orientation)
      let ellipse = Rect(x: -minor, y: -major, width: 2 * minor, height: 2 * major)
      canvas.fillEllipse(in: ellipse, with: .color(color.withAlpha(0.2)))
      canvas.strokeEllipse(in: ellipse, width: touch.isContactMeasured ? 2 : 1, with: .color(color))
    }
    for sample in touch.samples {
      canvas.fillEllipse(in: Self.square(around: sample, radius: Self.sampleRadius), with: .color(color))
    }
    for sample in touch.predicted {
      canvas.strokeEllipse(
        in: Self.square(around: sample, radius: Self.predictedRadius), width: 1.5, with: .color(color))
    }
    for (index, line) in touch.labelLines.enumerated() {
      canvas.draw(
        line,
        at: Point(x: touch.location.x + major + 10, y: touch.location.y - major + 12 + 15 * Double(index)),
        font: .system(size: 12), with: .color(Color(white: 0.15)))
    }
  }

  static func square(around point: Point, radius: Double) -> Rect {
    Rect(x: point.x - radius, y: point.y - radius, width: 2 * radius, height: 2 * radius)
  }
}
