import TactileCore
import TactileCoreTesting
import TactileGeometry
import TactileRaster
import Testing

@testable import FingerPaint

/// FingerPaint's drawing in-process, frame by frame as its window's host draws it (damage only): every
/// coalesced sample is in the stroke, predictions are drawn faintly and replaced, and a motion costs the
/// same whether the stroke is short or long.
@MainActor @Suite struct FingerPaintDrawingTests {
  /// A canvas of `size` with a paint view filling it, redrawn like a host redraws its buffer.
  @MainActor final class Scene {
    let app: TestApplication
    let paint: PaintView
    var image: Image
    var layers: [ViewTreeRenderer.Layer] {
      [ViewTreeRenderer.Layer(window: app.window, frame: app.window.bounds)]
    }

    init(width: Int, height: Int) throws {
      app = TestApplication(size: Size(width: Double(width), height: Double(height)))
      paint = PaintView(frame: app.window.bounds)
      app.rootView.addSubview(paint)
      image = try Image(width: width, height: height)
      frame(everything: true)
    }

    /// Redraws what is damaged (or everything); returns how many segments that drew.
    @discardableResult
    func frame(everything: Bool = false) -> Int {
      let before = paint.segmentsDrawn
      var region = ViewTreeRenderer.takeDamage(
        of: layers, scale: 1, pixelWidth: image.width, pixelHeight: image.height)
      if everything {
        region = DamageRegion(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
      }
      image.withPixmap {
        ViewTreeRenderer.repaint(region, of: layers, in: Canvas(pixmap: $0), scale: 1, clearColor: .white)
      }
      return paint.segmentsDrawn - before
    }

    /// What a full redraw of the current state shows.
    func fullRedraw() throws -> Image {
      var full = try Image(width: image.width, height: image.height)
      let everything = DamageRegion(
        Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)))
      full.withPixmap {
        ViewTreeRenderer.repaint(everything, of: layers, in: Canvas(pixmap: $0), scale: 1, clearColor: .white)
      }
      return full
    }

    func deliver(_ phase: TouchPoint.Phase, _ points: [(Double, Double)], at time: Double) {
      app.window.deliver(
        touchFrame: points.enumerated().map { index, point in
          TouchPoint(
            id: 1, phase: phase, location: Point(x: point.0, y: point.1),
            timestamp: time - Double(points.count - 1 - index) * 0.004)
        })
    }
  }

  static let red = PaintView.palette[0].premultiplied

  @Test func everyCoalescedSampleIsInTheStrokeAndTheDamageOnlyFrameEqualsAFullRedraw() throws {
    let scene = try Scene(width: 200, height: 150)
    scene.deliver(.down, [(20, 100)], at: 0)
    scene.frame()
    // One frame with three samples bending down: a stroke through the middle one passes (60, 120).
    scene.deliver(.motion, [(40, 100), (60, 120), (80, 100)], at: 0.024)
    scene.frame()
    #expect(
      scene.paint.strokes.first?.points == [
        Point(x: 20, y: 100), Point(x: 40, y: 100), Point(x: 60, y: 120), Point(x: 80, y: 100),
      ])
    #expect(scene.image[60, 120] == Self.red, "the middle sample is drawn, not cut by a straight line")
    #expect(scene.image.pixels == (try scene.fullRedraw()).pixels)
  }

  @Test func thePredictionIsDrawnFaintlyAheadAndReplacedByTheNextFrameAndTheLift() throws {
    // Below the Clear button (the scene runs no layout pass, so it stays at the top-left).
    let scene = try Scene(width: 300, height: 150)
    scene.deliver(.down, [(20, 100)], at: 0)
    scene.frame()
    // 1,250 points per second to the right: the prediction reaches about 21 points past the finger.
    for step in 1...3 { scene.deliver(.motion, [(20 + 10 * Double(step), 100)], at: 0.008 * Double(step)) }
    scene.frame()
    let ahead = scene.image[60, 100]
    #expect(
      ahead != Self.red && ahead != Color.white.premultiplied,
      "faint: neither the stroke's colour nor the canvas")
    #expect(scene.image.pixels == (try scene.fullRedraw()).pixels)
    scene.deliver(.motion, [(70, 100)], at: 0.032)
    scene.frame()
    #expect(scene.image[60, 100] == Self.red, "the real stroke replaced the prediction")
    scene.deliver(.up, [(70, 100)], at: 0.040)
    scene.frame()
    #expect(scene.image[85, 100] == Color.white.premultiplied, "a lifted finger's prediction is wiped")
    #expect(scene.image.pixels == (try scene.fullRedraw()).pixels)
  }

  @Test func aMotionRasterizesAsFewSegmentsAtTheThousandthMotionAsAtTheFirst() throws {
    // The latency benchmark's serpentine (`MotionPath`): 12 points apart, rows 12 points apart.
    let scene = try Scene(width: 1920, height: 1080)
    let columns = 150
    func point(_ index: Int) -> (Double, Double) {
      let row = index / columns
      let column = row % 2 == 0 ? index % columns : columns - 1 - index % columns
      return (Double(60 + 12 * column), Double(120 + 12 * row))
    }
    scene.deliver(.down, [point(0)], at: 0)
    scene.frame()
    var costs: [Int] = []
    for index in 1...1000 {
      scene.deliver(.motion, [point(index)], at: 0.008 * Double(index))
      costs.append(scene.frame())
    }
    let first = costs.prefix(100)
    let last = costs.suffix(100)
    // Measured: 4 segments for a motion along a row (new segment, prediction, in the rectangles they
    // damage); up to 20 where the path turns down to the next row, whose areas meet both rows' segments.
    #expect(costs.max()! <= 24, "bounded by the strokes near the motion, not by the strokes' length")
    #expect(last.reduce(0, +) <= first.reduce(0, +) * 12 / 10, "motions 901–1000 cost no more than 1–100")
  }
}
