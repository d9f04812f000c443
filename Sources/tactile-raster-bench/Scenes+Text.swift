import CCairo
import CFreeType
import TactileGeometry
import TactileRaster

extension Scene {
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
