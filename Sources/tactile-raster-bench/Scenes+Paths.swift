import CCairo
import CFreeType
import TactileGeometry
import TactileRaster

extension Scene {
  struct ColoredPath {
    var path: Path
    var color: Color
    var bounds: Rect
  }

  static func fillPaths(_ name: String, _ summary: String, _ paths: [ColoredPath], rule: FillRule) -> Scene {
    Scene(
      name: name, summary: summary,
      paintedPixels: paths.reduce(0) { $0 + $1.bounds.width * $1.bounds.height },
      ours: { c in for p in paths { c.fill(p.path, rule: rule, with: .color(p.color)) } },
      cairo: { cr in
        cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        for p in paths {
          CairoDrawing.setColor(cr, p.color)
          CairoDrawing.path(cr, p.path)
          cairo_fill(cr)
        }
      })
  }

  static func strokeLines(_ name: String, _ summary: String, _ lines: [ColoredPath], width: Double) -> Scene {
    Scene(
      name: name, summary: summary,
      paintedPixels: lines.reduce(0) { $0 + ($1.bounds.width + $1.bounds.height) * width },
      ours: { c in
        for l in lines { c.stroke(l.path, style: StrokeStyle(width: width), with: .color(l.color)) }
      },
      cairo: { cr in
        cairo_set_line_width(cr, width)
        for l in lines {
          CairoDrawing.setColor(cr, l.color)
          CairoDrawing.path(cr, l.path)
          cairo_stroke(cr)
        }
      })
  }

  static func pathScenes() -> [Scene] {
    var random = SceneRandom(seed: 7)
    let polygons: [ColoredPath] = (0..<1000).map { _ in
      let box = random.rect(
        sizes: 16...256, width: SceneContent.width, height: SceneContent.height, whole: false)
      var path = Path()
      for i in 0..<10 {
        let p = Point(x: random.double(box.minX...box.maxX), y: random.double(box.minY...box.maxY))
        if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
      }
      path.closeSubpath()
      return ColoredPath(path: path, color: random.color(alpha: 0.7), bounds: box)
    }
    var curveRandom = SceneRandom(seed: 8)
    let curves: [ColoredPath] = (0..<200).map { _ in
      let box = curveRandom.rect(
        sizes: 64...512, width: SceneContent.width, height: SceneContent.height, whole: false)
      func point() -> Point {
        Point(x: curveRandom.double(box.minX...box.maxX), y: curveRandom.double(box.minY...box.maxY))
      }
      var path = Path()
      path.move(to: point())
      for i in 0..<4 {
        if i % 2 == 0 {
          path.addQuadCurve(to: point(), control: point())
        } else {
          path.addCurve(to: point(), control1: point(), control2: point())
        }
      }
      path.closeSubpath()
      return ColoredPath(path: path, color: curveRandom.color(alpha: 0.7), bounds: box)
    }
    var lineRandom = SceneRandom(seed: 9)
    let lines: [ColoredPath] = (0..<2000).map { _ in
      let a = Point(
        x: lineRandom.double(0...SceneContent.width), y: lineRandom.double(0...SceneContent.height))
      let b = a + Point(x: lineRandom.double(-150...150), y: lineRandom.double(-150...150))
      var path = Path()
      path.move(to: a)
      path.addLine(to: b)
      let bounds = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
      return ColoredPath(path: path, color: lineRandom.color(), bounds: bounds)
    }
    return [
      fillPaths("S7a", "1000 random 10-gons nonzero", polygons, rule: .nonZero),
      fillPaths("S7b", "1000 random 10-gons even-odd", polygons, rule: .evenOdd),
      fillPaths("S8", "200 quadratic/cubic shapes 64–512 px", curves, rule: .nonZero),
      strokeLines("S9a", "2000 lines 1 px", lines, width: 1),
      strokeLines("S9b", "2000 lines 2 px", lines, width: 2),
    ]
  }

  static func imageScenes() -> [Scene] {
    var random = SceneRandom(seed: 11)
    let icon = SceneContent.icon
    let cairoIcon = CairoImage(icon)
    let spots: [Point] = (0..<1000).map { _ in
      Point(x: Double(random.int(0...(1920 - 64))), y: Double(random.int(0...(1080 - 64))))
    }
    let scaled: [Rect] = (0..<100).map { _ in
      random.rect(sizes: 32...256, width: SceneContent.width, height: SceneContent.height, whole: false)
    }
    var gradientRandom = SceneRandom(seed: 12)
    let gradients: [(RoundedRect, LinearGradient)] = (0..<1000).map { _ in
      let r = gradientRandom.rect(
        sizes: 8...256, width: SceneContent.width, height: SceneContent.height, whole: false)
      let g = LinearGradient(
        start: Point(x: r.minX, y: r.minY), end: Point(x: r.minX, y: r.maxY),
        stops: [
          GradientStop(location: 0, color: gradientRandom.color()),
          GradientStop(location: 1, color: gradientRandom.color(alpha: 0.6)),
        ])
      return (RoundedRect(rect: r, cornerRadius: 8), g)
    }
    return [
      Scene(
        name: "S11a", summary: "1000 64×64 icon blits", paintedPixels: 1000 * 64 * 64,
        ours: { c in for p in spots { c.draw(icon, at: p) } },
        cairo: { cr in
          for p in spots {
            cairo_set_source_surface(cr, cairoIcon.surface, p.x, p.y)
            cairo_rectangle(cr, p.x, p.y, 64, 64)
            cairo_fill(cr)
          }
        }),
      Scene(
        name: "S11b", summary: "100 bilinear-scaled blits",
        paintedPixels: scaled.reduce(0) { $0 + $1.width * $1.height },
        ours: { c in for r in scaled { c.draw(icon, in: r, filter: .bilinear) } },
        cairo: { cr in
          for r in scaled {
            cairo_save(cr)
            cairo_translate(cr, r.minX, r.minY)
            cairo_scale(cr, r.width / 64, r.height / 64)
            cairo_set_source_surface(cr, cairoIcon.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_rectangle(cr, 0, 0, 64, 64)
            cairo_fill(cr)
            cairo_restore(cr)
          }
        }),
      Scene(
        name: "S12", summary: "1000 rounded rects, 2-stop gradient",
        paintedPixels: gradients.reduce(0) { $0 + $1.0.rect.width * $1.0.rect.height },
        ours: { c in for (shape, g) in gradients { c.fill(shape, with: .linearGradient(g)) } },
        cairo: { cr in
          for (shape, g) in gradients {
            let pattern = CairoDrawing.linearGradient(g)
            cairo_set_source(cr, pattern)
            let r = shape.rect
            CairoDrawing.roundedRect(cr, r, radius: min(8, r.width / 2, r.height / 2))
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
          }
        }),
    ]
  }

  static func textScenes() -> [Scene] {
    var random = SceneRandom(seed: 13)
    var runs = [(String, Point)]()
    var glyphs = 0
    while glyphs < 2000 {
      let text = SceneContent.label(&random)
      runs.append((text, Point(x: random.double(0...1700).rounded(), y: random.double(20...1070).rounded())))
      glyphs += text.count
    }
    let font = Font.system(size: 14)
    let warmFace = CairoFonts.shared.face()
    func scene(_ name: String, _ summary: String, cold: Bool) -> Scene {
      Scene(
        name: name, summary: summary, paintedPixels: Double(glyphs) * 8 * 14, coldFonts: cold,
        ours: { c in for (text, p) in runs { c.draw(text, at: p, font: font, with: .color(.black)) } },
        cairo: { cr in
          // A new FreeType face makes a new cairo font face, whose glyph cache starts empty.
          let face = cold ? CairoFonts.shared.face() : warmFace
          cairo_set_font_face(cr, face)
          cairo_set_font_size(cr, 14)
          cairo_set_source_rgba(cr, 0, 0, 0, 1)
          for (text, p) in runs {
            cairo_move_to(cr, p.x, p.y)
            cairo_show_text(cr, text)
          }
        })
    }
    return [
      scene("S13a", "2000 glyphs 14 px, warm cache", cold: false),
      scene("S13b", "2000 glyphs 14 px, cold cache", cold: true),
    ]
  }
}

/// DejaVu Sans as cairo font faces over FreeType faces. Faces are never freed: a freed face's address
/// could be reused and hit cairo's cache, which would make "cold" runs warm.
final class CairoFonts {
  nonisolated(unsafe) static let shared = CairoFonts()
  private var library: FT_Library?

  init() { FT_Init_FreeType(&library) }

  /// A fresh cairo font face for DejaVu Sans.
  func face() -> OpaquePointer {
    var face: FT_Face?
    FT_New_Face(library, FontFace.dejaVuSans.path, 0, &face)
    return cairo_ft_font_face_create_for_ft_face(face, 0)
  }
}
