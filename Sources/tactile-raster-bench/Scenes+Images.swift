import CCairo
import TactileCairoReference
import TactileGeometry
import TactileRaster

extension Scene {
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
    /// The icon as a ThorVG picture (its pixels copied: the same premultiplied ARGB layout).
    func thorvgIcon(_ t: ThorVG) -> ThorVG.Paint {
      let picture = t.pictureNew()!
      _ = icon.pixels.withUnsafeBufferPointer { pixels in
        t.pictureLoadRaw(picture, pixels.baseAddress!, 64, 64, ThorVG.argb8888, true)
      }
      return picture
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
        },
        thorvg: { t in
          for p in spots {
            let picture = thorvgIcon(t)
            _ = t.translate(picture, Float(p.x), Float(p.y))
            t.add(picture)
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
        },
        thorvg: { t in
          for r in scaled {
            let picture = thorvgIcon(t)
            _ = t.pictureSetFilter(picture, ThorVG.bilinear)
            _ = t.pictureSetSize(picture, Float(r.width), Float(r.height))
            _ = t.translate(picture, Float(r.minX), Float(r.minY))
            t.add(picture)
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
        },
        thorvg: { t in
          for (shape, g) in gradients {
            let s = t.shapeNew()!
            let r = shape.rect
            let radius = Float(min(8, r.width / 2, r.height / 2))
            _ = t.appendRect(
              s, Float(r.minX), Float(r.minY), Float(r.width), Float(r.height), radius, radius, true)
            _ = t.setGradient(s, t.gradient(g))
            t.add(s)
          }
        }),
    ]
  }
}
