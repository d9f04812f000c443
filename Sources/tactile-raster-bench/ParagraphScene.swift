import CCairo
import CPangoCairo
import TactileGeometry
import TactileRaster

/// S17: a paragraph of mixed Chinese, Latin and Arabic text (with digits) laid out at a width and drawn,
/// warm, against Pango through cairo doing the same (what a GTK label does): every round lays the text
/// out again — Tactile's `draw(_:in:font:with:lineBreak:alignment:)` wraps and lays out its lines, Pango's
/// layout object is made anew (`pango_layout_new`, `set_width`, `set_text`, `pango_cairo_show_layout`) —
/// while the fonts, their glyph caches and, for Tactile, the shaped words and laid-out lines stay warm
/// from the rounds before. Pango's context is kept, set up as Tactile renders (grey anti-aliasing,
/// slight hinting, unhinted metrics, unrounded positions: `tactile_pango_context`), over the system's
/// fonts as Tactile's fallback is. The cairo column is Pango's time.
enum ParagraphScene {
  static let text =
    "Tactile 是一个为 Wayland 编写的工具包，它的文字由 HarfBuzz 排版、FreeType 光栅化。"
    + "مرحبا بالعالم، هذا نص عربي فيه أرقام 123 و 4567 يلتف على عدة أسطر. "
    + "The quick brown fox jumps over the lazy dog, 42 times in 2026; "
    + "换行可以出现在任意两个汉字之间，也可以出现在英文单词之间。"
    + "وتأتي الفقرة العربية الثانية بعد النص الصيني مع الرقم 89 في وسطها. "
    + "Pack my box with five dozen liquor jugs, then judge my vow: sphinx of black quartz."

  static let size = 16.0
  static let frame = Rect(x: 40, y: 40, width: 640, height: 1000)

  static func scenes() -> [Scene] {
    let map = pango_cairo_font_map_get_default()!
    let context = tactile_pango_context(map)
    let description = pango_font_description_from_string("DejaVu Sans")
    pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
    let font = Font.system(size: size)
    let glyphs = text.count
    return [
      Scene(
        name: "S17",
        summary: "mixed-script paragraph, \(glyphs) characters 16 px, wrapped at 640 px, warm (cairo: Pango)",
        paintedPixels: Double(glyphs) * 8 * size,
        ours: { c in
          c.draw(text, in: frame, font: font, with: .color(.black), lineBreak: .wordWrapping)
        },
        cairo: { cr in
          pango_cairo_update_context(cr, context)
          let layout = pango_layout_new(context)!
          pango_layout_set_font_description(layout, description)
          pango_layout_set_width(layout, Int32(frame.width) * PANGO_SCALE)
          pango_layout_set_text(layout, text, -1)
          cairo_set_source_rgb(cr, 0, 0, 0)
          cairo_move_to(cr, frame.minX, frame.minY)
          pango_cairo_show_layout(cr, layout)
          tactile_g_object_unref(UnsafeMutableRawPointer(layout))
        })
    ]
  }
}
