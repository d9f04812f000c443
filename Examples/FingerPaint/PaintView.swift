import Tactile

/// One finger's line: its points in the view's coordinates, its colour and width.
struct Stroke {
  var points: [Point]
  var color: Color
  var width: Double
}

/// The drawing surface: every finger down on it draws its own stroke in its own colour; its Clear button
/// stays in the top-right corner whatever the view's size.
///
/// A finger keeps the colour it got when it touched down (the first palette colour no other finger on the
/// view is using), so simultaneous fingers never share one. The stroke is as wide as the contact when the
/// compositor reports its size (`wl_touch.shape`), ``defaultWidth`` otherwise.
@MainActor final class PaintView: View {
  /// The finished and live strokes, oldest first (the model tests read through ``onChange``).
  private(set) var strokes: [Stroke] = []
  /// Called after a stroke ends or the canvas is cleared.
  var onChange: (PaintView) -> Void = { _ in }
  /// The stroke width without a contact size, in points.
  let defaultWidth = 8.0
  /// The button that wipes the canvas (its owner adds the action).
  let clearButton = Button(frame: Rect(x: 0, y: 8, width: 88, height: 44))
  private var live: [ObjectIdentifier: Int] = [:]

  static let palette: [Color] = [
    Color(red8: 0xE7, green8: 0x4C, blue8: 0x3C), Color(red8: 0x27, green8: 0xAE, blue8: 0x60),
    Color(red8: 0x29, green8: 0x80, blue8: 0xB9), Color(red8: 0xF3, green8: 0x9C, blue8: 0x12),
    Color(red8: 0x8E, green8: 0x44, blue8: 0xAD),
  ]

  override init(frame: Rect) {
    super.init(frame: frame)
    isMultipleTouchEnabled = true
    backgroundColor = .white
    clearButton.setTitle("Clear", for: .normal)
    clearButton.backgroundColor = Color(white: 0.9)
    addSubview(clearButton)
  }

  override func layoutSubviews() {
    clearButton.frame.origin.x = bounds.width - 96
  }

  /// Forgets every stroke.
  func clear() {
    strokes = []
    live = [:]
    setNeedsDisplay()
    onChange(self)
  }

  // Step 1: a new finger starts a stroke with the first colour no live finger uses.
  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    // Left to right, so simultaneous fingers get the same colours on every run.
    let ordered = touches.sorted {
      ($0.location(in: self).x, $0.location(in: self).y) < ($1.location(in: self).x, $1.location(in: self).y)
    }
    for touch in ordered {
      let used = Set(live.values.map { strokes[$0].color })
      let color =
        Self.palette.first { !used.contains($0) } ?? Self.palette[strokes.count % Self.palette.count]
      live[ObjectIdentifier(touch)] = strokes.count
      let point = touch.location(in: self)
      strokes.append(Stroke(points: [point], color: color, width: width(of: touch)))
      setNeedsDisplay(area(from: point, to: point, width: strokes[strokes.count - 1].width))
    }
  }

  // Step 2: moving fingers extend their own strokes; only the new segment's area is drawn again.
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      guard let index = live[ObjectIdentifier(touch)], let last = strokes[index].points.last else { continue }
      let point = touch.location(in: self)
      strokes[index].points.append(point)
      setNeedsDisplay(area(from: last, to: point, width: strokes[index].width))
    }
  }

  // Step 3: a lifted (or cancelled) finger finishes its stroke.
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches { live[ObjectIdentifier(touch)] = nil }
    onChange(self)
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    touchesEnded(touches, with: event)
  }

  // Step 4: draw every stroke as a round-capped polyline, or a dot for a tap.
  override func draw(in canvas: Canvas) {
    for stroke in strokes {
      let start = stroke.points[0]
      guard stroke.points.count > 1 else {
        let radius = stroke.width / 2
        let dot = Rect(x: start.x - radius, y: start.y - radius, width: stroke.width, height: stroke.width)
        canvas.fillEllipse(in: dot, with: .color(stroke.color))
        continue
      }
      var path = Path()
      path.move(to: start)
      for point in stroke.points.dropFirst() { path.addLine(to: point) }
      let style = StrokeStyle(width: stroke.width, cap: .round, join: .round)
      canvas.stroke(path, style: style, with: .color(stroke.color))
    }
  }

  /// What a segment of a stroke `width` wide covers: the box of its ends grown by half the width (round
  /// caps and joins reach that far around each end) and a pixel of antialiasing.
  private func area(from start: Point, to end: Point, width: Double) -> Rect {
    let margin = width / 2 + 1
    return Rect(
      x: min(start.x, end.x) - margin, y: min(start.y, end.y) - margin,
      width: abs(end.x - start.x) + 2 * margin, height: abs(end.y - start.y) + 2 * margin)
  }

  /// The contact's diameter when the platform measured it (clamped to 2…60 points), else
  /// ``defaultWidth`` (an unmeasured radius is nominal: its tolerance is as large as itself).
  private func width(of touch: Touch) -> Double {
    let radius = touch.majorRadius
    guard radius > 0, touch.majorRadiusTolerance < radius else { return defaultWidth }
    return min(60, max(2, radius * 2))
  }
}
