import CCairo
import TactileCairoReference
import TactileGeometry
import TactileRaster

/// S14–S16: a UI frame of cards with borders, labels, icons and gradients; a small view moving over
/// it with damage tracking (ours through the view tree and renderer, ``DamageScene``; cairo clipped to the
/// same rectangles, drawing the items that meet them); the frame at 2× scale.
enum UIScene {
  enum Item {
    case card(Rect, border: Color)
    case label(String, Point, bounds: Rect)
    case icon(Point)
    case gradient(Rect, LinearGradient)

    var bounds: Rect {
      switch self {
      case .card(let r, _): return r.insetBy(dx: -1, dy: -1)
      case .label(_, _, let b): return b
      case .icon(let p): return Rect(x: p.x, y: p.y, width: 64, height: 64)
      case .gradient(let r, _): return r
      }
    }
  }

  static let background = Color(white: 0.94)
  static let font = Font.system(size: 13)

  static let items: [Item] = {
    var random = SceneRandom(seed: 14)
    var items = [Item]()
    for _ in 0..<200 {
      let r = random.rect(sizes: 80...260, width: 1920, height: 1080, whole: true)
      items.append(.card(r, border: Color(white: random.double(0.5...0.8))))
    }
    for _ in 0..<400 {
      let text = SceneContent.label(&random)
      let p = Point(x: random.double(0...1780).rounded(), y: random.double(16...1075).rounded())
      let width = FontSystem.shared.advance(of: text, font: font)
      items.append(.label(text, p, bounds: Rect(x: p.x - 2, y: p.y - 14, width: width + 4, height: 19)))
    }
    for _ in 0..<50 {
      items.append(.icon(Point(x: Double(random.int(0...1856)), y: Double(random.int(0...1016)))))
    }
    for _ in 0..<20 {
      let r = random.rect(sizes: 40...300, width: 1920, height: 1080, whole: true)
      let g = LinearGradient(
        start: Point(x: r.minX, y: r.minY), end: Point(x: r.maxX, y: r.minY),
        stops: [
          GradientStop(location: 0, color: random.color()), GradientStop(location: 1, color: random.color()),
        ])
      items.append(.gradient(r, g))
    }
    return items
  }()

  static func draw(_ items: [Item], on c: Canvas, within damage: Rect? = nil) {
    for item in items where damage.map({ $0.intersects(item.bounds) }) ?? true { draw(item, on: c) }
  }

  static func draw(_ item: Item, on c: Canvas) {
    switch item {
    case .card(let r, let border):
      let shape = RoundedRect(rect: r, cornerRadius: 8)
      c.fill(shape, with: .color(.white))
      c.stroke(shape, width: 1, with: .color(border))
    case .label(let text, let p, _): c.draw(text, at: p, font: font, with: .color(.black))
    case .icon(let p): c.draw(SceneContent.icon, at: p)
    case .gradient(let r, let g): c.fill(r, with: .linearGradient(g))
    }
  }

  static func draw(
    _ items: [Item], on cr: OpaquePointer, icon: CairoImage, face: OpaquePointer, within damage: Rect? = nil
  ) {
    cairo_set_font_face(cr, face)
    cairo_set_font_size(cr, font.size)
    cairo_set_line_width(cr, 1)
    for item in items where damage.map({ $0.intersects(item.bounds) }) ?? true {
      switch item {
      case .card(let r, let border):
        CairoDrawing.roundedRect(cr, r, radius: 8)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_fill_preserve(cr)
        CairoDrawing.setColor(cr, border)
        cairo_stroke(cr)
      case .label(let text, let p, _):
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_move_to(cr, p.x, p.y)
        cairo_show_text(cr, text)
      case .icon(let p):
        cairo_set_source_surface(cr, icon.surface, p.x, p.y)
        cairo_rectangle(cr, p.x, p.y, 64, 64)
        cairo_fill(cr)
      case .gradient(let r, let g):
        let pattern = CairoDrawing.linearGradient(g)
        cairo_set_source(cr, pattern)
        CairoDrawing.rect(cr, r)
        cairo_fill(cr)
        cairo_pattern_destroy(pattern)
      }
    }
  }

  /// The moving view of S15 in frame `f`: 64×64, 8 px further right each frame, wrapping.
  static func viewRect(frame f: Int) -> Rect {
    Rect(x: Double((100 + 8 * f) % 1800), y: 500, width: 64, height: 64)
  }

  @MainActor static func scenes() -> [Scene] {
    let icon = CairoImage(SceneContent.icon)
    let face = CairoFonts.shared.face()
    let area = items.reduce(0) { $0 + $1.bounds.width * $1.bounds.height }
    let frames = 200
    let damages = (1...frames).map { viewRect(frame: $0 - 1).union(viewRect(frame: $0)).integral }
    let damageScene = DamageScene()
    return [
      Scene(
        name: "S14", summary: "UI frame: 200 cards, 400 labels, 50 icons, 20 gradients", paintedPixels: area,
        ours: { c in
          c.clear(background)
          draw(items, on: c)
        },
        cairo: { cr in
          cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
          CairoDrawing.setColor(cr, background)
          cairo_paint(cr)
          cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
          draw(items, on: cr, icon: icon, face: face)
        },
        oursSetup: nil, cairoSetup: nil),
      Scene(
        name: "S15", summary: "64×64 view moving 8 px/frame over S14 as views, 200 damage frames",
        paintedPixels: damages.reduce(0) { $0 + $1.width * $1.height },
        ours: { c in
          for f in 1...frames { damageScene.draw(frame: f, on: c) }
        },
        cairo: { cr in
          for (f, damage) in damages.enumerated() {
            cairo_save(cr)
            CairoDrawing.rect(cr, damage)
            cairo_clip(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            CairoDrawing.setColor(cr, background)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            draw(items, on: cr, icon: icon, face: face, within: damage)
            CairoDrawing.setColor(cr, DamageScene.moverColor)
            CairoDrawing.roundedRect(cr, viewRect(frame: f + 1), radius: 12)
            cairo_fill(cr)
            cairo_restore(cr)
          }
        },
        oursSetup: { c in damageScene.reset(on: c) },
        cairoSetup: { cr in
          cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
          CairoDrawing.setColor(cr, background)
          cairo_paint(cr)
          cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
          draw(items, on: cr, icon: icon, face: face)
        }),
      Scene(
        name: "S16", summary: "S14 at 3840×2160 (scale 2)", width: 3840, height: 2160,
        paintedPixels: 4 * area,
        ours: { c in
          c.clear(background)
          c.scale(x: 2, y: 2)
          draw(items, on: c)
        },
        cairo: { cr in
          cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
          CairoDrawing.setColor(cr, background)
          cairo_paint(cr)
          cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
          cairo_scale(cr, 2, 2)
          draw(items, on: cr, icon: icon, face: face)
        },
        oursSetup: nil, cairoSetup: nil),
    ]
  }
}
