import CCairo
import TactileCairoReference
import TactileGeometry
import TactileRaster

extension Scene {
  /// Every scene of the benchmark (the rows of `docs/raster-benchmark.md`), in order.
  @MainActor static func all() -> [Scene] {
    basicScenes() + shapeScenes() + pathScenes() + imageScenes() + textScenes() + UIScene.scenes()
      + ParagraphScene.scenes() + LayoutScene.scenes()
  }

  static func fillRects(_ name: String, _ summary: String, _ rects: [ColoredRect]) -> Scene {
    Scene(
      name: name, summary: summary, paintedPixels: SceneContent.area(rects),
      ours: { c in for r in rects { c.fill(r.rect, with: .color(r.color)) } },
      cairo: { cr in
        for r in rects {
          CairoDrawing.setColor(cr, r.color)
          CairoDrawing.rect(cr, r.rect)
          cairo_fill(cr)
        }
      }, blend2d: rects.map(ReferenceContent.rect), thorvg: ReferenceContent.thorvgRects(rects))
  }

  static func basicScenes() -> [Scene] {
    let full = SceneContent.width * SceneContent.height
    let half = Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.5)
    let whole = Rect(x: 0, y: 0, width: SceneContent.width, height: SceneContent.height)
    return [
      Scene(
        name: "S0", summary: "clear", paintedPixels: full,
        ours: { $0.clear(Color(red: 0.1, green: 0.2, blue: 0.3)) },
        cairo: { cr in
          cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
          cairo_set_source_rgba(cr, 0.1, 0.2, 0.3, 1)
          cairo_paint(cr)
        }, blend2d: ["all 26 51 77 255"],
        thorvg: ReferenceContent.thorvgRects([
          ColoredRect(rect: whole, color: Color(red: 0.1, green: 0.2, blue: 0.3))
        ])),
      fillRects("S1", "full-screen 50 % srcover", [ColoredRect(rect: whole, color: half)]),
      fillRects(
        "S2a", "1000 aligned rects opaque",
        SceneContent.rects(count: 1000, seed: 2, sizes: 8...256, whole: true, alpha: 1)),
      fillRects(
        "S2b", "1000 aligned rects 50 %",
        SceneContent.rects(count: 1000, seed: 2, sizes: 8...256, whole: true, alpha: 0.5)),
      fillRects(
        "S3a", "1000 fractional rects opaque",
        SceneContent.rects(count: 1000, seed: 3, sizes: 8...256, whole: false, alpha: 1)),
      fillRects(
        "S3b", "1000 fractional rects 50 %",
        SceneContent.rects(count: 1000, seed: 3, sizes: 8...256, whole: false, alpha: 0.5)),
    ]
  }

  static func roundedRects(
    _ name: String, _ summary: String, alpha: Double, stroke: Double?, clip: Rect? = nil
  ) -> Scene {
    let rects = SceneContent.rects(count: 1000, seed: 4, sizes: 8...256, whole: false, alpha: alpha)
    let area = clip.map { c in
      rects.reduce(0) { $0 + $1.rect.intersection(c).width * $1.rect.intersection(c).height }
    }
    return Scene(
      name: name, summary: summary, paintedPixels: area ?? SceneContent.area(rects),
      ours: { c in
        if let clip { c.clip(to: clip) }
        for r in rects {
          let shape = RoundedRect(rect: r.rect, cornerRadius: 8)
          if let stroke {
            c.stroke(shape, width: stroke, with: .color(r.color))
          } else {
            c.fill(shape, with: .color(r.color))
          }
        }
      },
      cairo: { cr in
        if let clip {
          CairoDrawing.rect(cr, clip)
          cairo_clip(cr)
        }
        if let stroke { cairo_set_line_width(cr, stroke) }
        for r in rects {
          CairoDrawing.setColor(cr, r.color)
          CairoDrawing.roundedRect(cr, r.rect, radius: min(8, r.rect.width / 2, r.rect.height / 2))
          if stroke != nil { cairo_stroke(cr) } else { cairo_fill(cr) }
        }
      },
      thorvg: { t in
        if let clip { t.viewport(clip) }
        ReferenceContent.thorvgRects(rects, radius: 8, stroke: stroke)(t)
      })
  }

  static func fillEllipses(_ name: String, _ summary: String, _ ellipses: [ColoredRect]) -> Scene {
    Scene(
      name: name, summary: summary, paintedPixels: SceneContent.area(ellipses),
      ours: { c in for e in ellipses { c.fillEllipse(in: e.rect, with: .color(e.color)) } },
      cairo: { cr in
        for e in ellipses {
          CairoDrawing.setColor(cr, e.color)
          CairoDrawing.ellipse(cr, in: e.rect)
          cairo_fill(cr)
        }
      }, blend2d: ellipses.map(ReferenceContent.ellipse),
      thorvg: { t in
        for e in ellipses {
          let s = t.shape(filledWith: e.color)
          _ = t.appendCircle(
            s, Float(e.rect.midX), Float(e.rect.midY), Float(e.rect.width / 2), Float(e.rect.height / 2), true
          )
          t.add(s)
        }
      })
  }

  static func shapeScenes() -> [Scene] {
    var random = SceneRandom(seed: 6)
    let ellipses: [ColoredRect] = (0..<1000).map { i in
      let rx = random.double(4...128)
      let ry = i % 2 == 0 ? rx : random.double(4...128)
      let cx = random.double(0...SceneContent.width)
      let cy = random.double(0...SceneContent.height)
      return ColoredRect(
        rect: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry), color: random.color(alpha: 0.8))
    }
    var circleRandom = SceneRandom(seed: 16)
    let circles: [ColoredRect] = (0..<1000).map { _ in
      let r = circleRandom.double(4...128)
      let cx = circleRandom.double(0...SceneContent.width)
      let cy = circleRandom.double(0...SceneContent.height)
      return ColoredRect(
        rect: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r), color: circleRandom.color(alpha: 0.8))
    }
    return [
      roundedRects("S4a", "1000 AA rounded rects r 8 opaque", alpha: 1, stroke: nil),
      roundedRects("S4b", "1000 AA rounded rects r 8 50 %", alpha: 0.5, stroke: nil),
      roundedRects("S5a", "S4 stroked 1 px", alpha: 1, stroke: 1),
      roundedRects("S5b", "S4 stroked 1.5 px", alpha: 1, stroke: 1.5),
      fillEllipses("S6", "1000 circles/ellipses r 4–128", ellipses),
      fillEllipses("S6c", "1000 circles r 4–128", circles),
      roundedRects(
        "S10", "S4 under a 960×540 clip", alpha: 1, stroke: nil,
        clip: Rect(x: 480, y: 270, width: 960, height: 540)),
    ]
  }
}
