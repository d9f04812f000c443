import Tactile

/// One finger's or pen's line: its points in the view's coordinates, its colour and (latest) width.
struct Stroke {
  var points: [Point]
  var color: Color
  var width: Double
  /// Whether a pen's eraser drew it: it paints the canvas's white over what is there.
  var isEraser = false
}

/// The drawing surface: every finger down on it draws its own stroke in its own colour; its Clear button
/// stays in the top-right corner whatever the view's size.
///
/// A finger keeps the colour it got when it touched down (the first palette colour no other finger on the
/// view is using), so simultaneous fingers never share one. The stroke is as wide as the contact when the
/// compositor reports its size (`wl_touch.shape`), ``defaultWidth`` otherwise.
///
/// A pen (a ``Touch/TouchType/pencil`` touch) draws like a finger, but each segment is as wide as the
/// pen pressed when it drew it (``pencilWidth(of:)``, from 1 to 16 points); the pen's eraser end paints
/// the canvas's white, ``eraserWidth`` wide. While a pen is near the window, fingers draw nothing: the
/// window rejects them as a resting palm (``Window/palmRejection``, on by default).
///
/// Every sample the compositor sent goes into the stroke (``Event/coalescedTouches(for:)``), and the
/// finger's predicted path over the next frame (``Event/predictedTouches(for:)``) is drawn faintly
/// ahead of it until the next motion replaces it. A motion costs the same however long the strokes
/// are: only the damaged rectangles are redrawn, and the segments under them are found in a
/// ``SegmentGrid`` instead of stroking whole paths (``segmentsDrawn`` counts them).
@MainActor final class PaintView: View {
  /// The finished and live strokes, oldest first (the model tests read through ``onChange``).
  private(set) var strokes: [Stroke] = []
  /// Called after a stroke ends or the canvas is cleared.
  var onChange: (PaintView) -> Void = { _ in }
  /// The stroke width without a contact size, in points.
  let defaultWidth = 8.0
  /// The width the eraser wipes, in points.
  static let eraserWidth = 24.0
  /// The button that wipes the canvas (its owner adds the action).
  let clearButton = Button(frame: Rect(x: 0, y: 8, width: 88, height: 44))
  /// How much of a predicted segment's colour shows over the canvas.
  static let predictionAlpha = 0.35
  /// The segments rasterized so far, real and predicted: what drawing has cost.
  private(set) var segmentsDrawn = 0

  /// A finger on the canvas: the stroke it draws and its predicted segments, drawn provisionally.
  private struct LiveStroke {
    var index: Int
    var predicted: [Segment] = []
  }

  private var live: [ObjectIdentifier: LiveStroke] = [:]
  private var grid = SegmentGrid()

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
    grid.removeAll()
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
      let used = Set(live.values.map { strokes[$0.index].color })
      let isEraser = touch.pencilTool == .eraser
      let color =
        isEraser
        ? backgroundColor ?? .white
        : Self.palette.first { !used.contains($0) } ?? Self.palette[strokes.count % Self.palette.count]
      live[ObjectIdentifier(touch)] = LiveStroke(index: strokes.count)
      let point = touch.location(in: self)
      strokes.append(Stroke(points: [point], color: color, width: width(of: touch), isEraser: isEraser))
      add(Segment(from: point, to: point, color: color, width: strokes[strokes.count - 1].width))
      predict(touch, with: event)
    }
  }

  // Step 2: moving fingers extend their own strokes through every sample of the motion, and draw their
  // predicted path anew; only the areas of new and replaced segments are drawn again.
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      guard let index = live[ObjectIdentifier(touch)]?.index else { continue }
      for sample in event?.coalescedTouches(for: touch) ?? [touch] {
        let point = sample.location(in: self)
        guard let last = strokes[index].points.last else { continue }
        strokes[index].points.append(point)
        if touch.type == .pencil { strokes[index].width = width(of: sample) }
        add(Segment(from: last, to: point, color: strokes[index].color, width: strokes[index].width))
      }
      predict(touch, with: event)
    }
  }

  // Step 3: a lifted (or cancelled) finger finishes its stroke; its prediction is wiped.
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      guard let finger = live.removeValue(forKey: ObjectIdentifier(touch)) else { continue }
      for segment in finger.predicted { setNeedsDisplay(segment.area) }
    }
    onChange(self)
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    touchesEnded(touches, with: event)
  }

  /// Files a real segment and marks its area for drawing.
  private func add(_ segment: Segment) {
    grid.append(segment)
    setNeedsDisplay(segment.area)
  }

  /// Replaces the finger's predicted segments with the ones `event` predicts from its stroke's end.
  private func predict(_ touch: Touch, with event: Event?) {
    guard var finger = live[ObjectIdentifier(touch)], var last = strokes[finger.index].points.last else {
      return
    }
    for segment in finger.predicted { setNeedsDisplay(segment.area) }
    finger.predicted = []
    for predicted in event?.predictedTouches(for: touch) ?? [] {
      let point = predicted.location(in: self)
      let stroke = strokes[finger.index]
      finger.predicted.append(Segment(from: last, to: point, color: stroke.color, width: stroke.width))
      last = point
    }
    for segment in finger.predicted { setNeedsDisplay(segment.area) }
    live[ObjectIdentifier(touch)] = finger
  }

  // Step 4: draw the segments under the damaged rectangle, then the predictions, faint, on top.
  override func draw(in canvas: Canvas) {
    let damaged = canvas.transform.inverted()?.apply(to: canvas.deviceClipBounds) ?? bounds
    for segment in grid.segments(meeting: damaged) { draw(segment, in: canvas) }
    canvas.withSavedState {
      canvas.globalAlpha *= Self.predictionAlpha
      for finger in live.values {
        for segment in finger.predicted where segment.area.intersects(damaged) { draw(segment, in: canvas) }
      }
    }
  }

  /// Strokes one segment as a round-capped line, or a dot when its ends are one point.
  private func draw(_ segment: Segment, in canvas: Canvas) {
    segmentsDrawn += 1
    guard segment.from != segment.to else {
      let radius = segment.width / 2
      let dot = Rect(
        x: segment.from.x - radius, y: segment.from.y - radius, width: segment.width, height: segment.width)
      return canvas.fillEllipse(in: dot, with: .color(segment.color))
    }
    var path = Path()
    path.move(to: segment.from)
    path.addLine(to: segment.to)
    canvas.stroke(path, style: StrokeStyle(width: segment.width, cap: .round), with: .color(segment.color))
  }

  /// A pen's width at the force it presses with: 1 point at none, 16 at the most it can.
  static func pencilWidth(of touch: Touch) -> Double {
    let force = touch.force ?? 0
    let maximum = touch.maximumPossibleForce
    return 1 + 15 * (maximum > 0 ? min(1, max(0, force / maximum)) : 0)
  }

  /// For the eraser ``eraserWidth``; for a pen ``pencilWidth(of:)``; for a finger the contact's diameter
  /// when the platform measured it (clamped to 2…60 points), else ``defaultWidth`` (an unmeasured radius
  /// is nominal: its tolerance is as large as itself).
  private func width(of touch: Touch) -> Double {
    if touch.type == .pencil {
      return touch.pencilTool == .eraser ? Self.eraserWidth : Self.pencilWidth(of: touch)
    }
    let radius = touch.majorRadius
    guard radius > 0, touch.majorRadiusTolerance < radius else { return defaultWidth }
    return min(60, max(2, radius * 2))
  }
}
