import CCairo
import TactileCairoReference
import TactileGeometry
import TactileRaster

extension Scene {
  struct ColoredPath {
    var path: Path
    var color: Color
    var bounds: Rect
  }

  static func fillPaths(_ name: String, _ summary: String, _ paths: [ColoredPath], rule: FillRule) -> Scene {
    let polygons = paths.compactMap { ReferenceContent.polygon($0.path, $0.color) }
    return Scene(
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
      },
      // blend2d-py fills polygons by the nonzero rule only, and has no curves.
      blend2d: rule == .nonZero && polygons.count == paths.count ? polygons : nil,
      thorvg: { t in
        for p in paths {
          let s = t.shape(filledWith: p.color)
          _ = t.setFillRule(s, rule == .evenOdd ? ThorVG.evenOdd : 0)
          t.append(p.path, to: s)
          t.add(s)
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
      },
      thorvg: { t in
        for l in lines {
          let s = t.shape(strokedWith: l.color, width: width)
          t.append(l.path, to: s)
          t.add(s)
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
}
