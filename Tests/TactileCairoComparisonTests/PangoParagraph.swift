import CPangoCairo

/// A paragraph laid out by Pango (through pangocairo, as GTK lays text out) at a width, in a font map
/// that sees only the comparison's font directory (``ComparisonFonts``), with Tactile's rendering settings
/// (`tactile_pango_context`: grey anti-aliasing, slight hinting, unhinted metrics, unrounded positions).
///
/// Positions are in pixels: the font's size is absolute (device units), and Pango's units are 1/1024 of
/// one.
final class PangoParagraph {
  private let map: UnsafeMutablePointer<PangoFontMap>
  private let context: OpaquePointer
  let layout: OpaquePointer
  let lines: [ParagraphLine]

  /// Lays `text` out in the family of the file `fontFile` at `size` pixels, `width` pixels wide, broken
  /// between words (Pango's default, `PANGO_WRAP_WORD`).
  init(_ text: String, family: String, size: Double, width: Double, fontDirectory: String) {
    map = tactile_pango_font_map(fontDirectory)
    context = tactile_pango_context(map)
    layout = pango_layout_new(context)
    let description = pango_font_description_new()
    pango_font_description_set_family(description, family)
    pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.down)))
    pango_layout_set_text(layout, text, -1)

    let scalars = Array(text.unicodeScalars)
    let characterOf = ParagraphLine.characters(of: text)
    // The scalar offset of each UTF-8 byte offset.
    var scalarAt = [Int](repeating: 0, count: text.utf8.count + 1)
    var byte = 0
    for (i, scalar) in scalars.enumerated() {
      let length = String(scalar).utf8.count
      for b in byte...(byte + length) { scalarAt[b] = i + (b == byte ? 0 : 1) }
      byte += length
    }
    let unit = 1 / Double(PANGO_SCALE)
    var lines = [ParagraphLine]()
    for index in 0..<pango_layout_get_line_count(layout) {
      let line = pango_layout_get_line_readonly(layout, index)!.pointee
      var glyphs = [ParagraphGlyph]()
      var pen = 0.0
      var run = line.runs
      while let node = run {
        let item = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
        let analysis = item.item.pointee
        var faceIndex: Int32 = 0
        let file = String(cString: tactile_pango_font_file(analysis.analysis.font, &faceIndex))
        let string = item.glyphs.pointee
        for g in 0..<Int(string.num_glyphs) {
          let info = string.glyphs[g]
          let advance = Double(info.geometry.width) * unit
          let scalar = scalarAt[Int(analysis.offset + string.log_clusters[g])]
          glyphs.append(
            ParagraphGlyph(
              glyph: info.glyph, x: pen + Double(info.geometry.x_offset) * unit,
              y: -Double(info.geometry.y_offset) * unit, advance: advance,
              scalar: scalar, character: characterOf[scalar], file: file, faceIndex: Int(faceIndex)))
          pen += advance
        }
        run = node.pointee.next
      }
      // Pango keeps the spaces a line ends with (the last one's width zeroed); Tactile's lines leave them
      // out (`FontSystem.wrapped`), so their glyphs are left out here too.
      let start = scalarAt[Int(line.start_index)]
      var end = scalarAt[Int(line.start_index + line.length)]
      while end > start, scalars[end - 1] == " " { end -= 1 }
      lines.append(ParagraphLine(start: start, glyphs: glyphs.filter { $0.scalar < end }))
    }
    self.lines = lines
  }

  deinit {
    tactile_g_object_unref(UnsafeMutableRawPointer(layout))
    tactile_g_object_unref(UnsafeMutableRawPointer(context))
    tactile_g_object_unref(map)
  }

  /// Draws line `index` in black with its left end and baseline at (`x`, `baseline`) into the cairo
  /// context `cr`.
  func drawLine(_ index: Int, x: Double, baseline: Double, in cr: OpaquePointer) {
    cairo_set_source_rgb(cr, 0, 0, 0)
    cairo_move_to(cr, x, baseline)
    pango_cairo_show_layout_line(cr, pango_layout_get_line_readonly(layout, Int32(index)))
  }
}
