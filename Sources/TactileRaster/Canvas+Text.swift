import TactileGeometry

/// How text that does not fit is handled by ``Canvas/draw(_:in:font:with:lineBreak:alignment:)``.
public enum LineBreakMode: Sendable {
  /// One line, cut at the end with "…".
  case truncatingTail
  /// As many lines as fit, broken between words (and CJK characters).
  case wordWrapping
}

/// Horizontal placement of lines within a rectangle.
public enum TextAlignment: Sendable {
  case left
  case center
  case right
}

extension Canvas {
  /// Draws one line of text with its baseline starting at `origin` (user space).
  ///
  /// Under a transform that only translates and scales uniformly, glyphs come from the glyph cache,
  /// rendered at the device size and placed at quarter-pixel positions (baseline on a whole pixel).
  /// Colour glyphs (emoji) are images scaled from their font's bitmap strike and drawn on whole pixels
  /// as they are: the paint's alpha fades them, its colour does not tint them.
  /// Under rotation, shear or unequal scaling each glyph's outline is filled as a path instead, and
  /// colour glyphs, which have no outline, are drawn as images through the transform.
  public func draw(_ text: String, at origin: Point, font: Font, with paint: Paint) {
    drawLine(
      text, at: origin, font: font, with: paint,
      glyphs: { fonts.forEachGlyph(in: text, font: font, pixelSize: $0, start: $1, $2) })
  }

  /// Draws a line laid out by ``FontSystem/line(_:font:paragraphRightToLeft:)`` with its baseline
  /// starting at `origin`, as ``draw(_:at:font:with:)`` draws its text (without laying it out again when
  /// this canvas's font system made it).
  public func draw(_ line: TextLine, at origin: Point, with paint: Paint) {
    drawLine(
      line.text, at: origin, font: line.font, with: paint,
      glyphs: { fonts.forEachGlyph(of: line, pixelSize: $0, start: $1, $2) })
  }

  /// Draws a line's glyph images, which `glyphs` gives for a pixel size and device start, or draws
  /// `text` transformed (``drawTransformed(_:at:font:with:)``) under rotation, shear or unequal
  /// scaling.
  private func drawLine(
    _ text: String, at origin: Point, font: Font, with paint: Paint,
    glyphs: (Double, Double, (GlyphImage, Int, Int) -> Void) -> Void
  ) {
    guard origin.isFinite, font.isUsable, var sink = makeSink(paint) else { return }
    let t = state.transform
    guard t.b == 0, t.c == 0, t.a == t.d, t.a > 0 else {
      return drawTransformed(text, at: origin, font: font, with: paint)
    }
    let pixelSize = font.size * t.a
    guard pixelSize <= Font.maximumSize else { return }
    let start = t.apply(to: origin)
    let baseline = start.y.rounded()
    guard abs(start.x) < 1e9, abs(baseline) < 1e9 else { return }
    glyphs(pixelSize, start.x) { image, x, up in
      let (left, top) = (x + image.left, Int(baseline) - up - image.top)
      switch image {
      case .coverage(let bitmap): blit(bitmap, x: left, y: top, into: &sink)
      case .color(let color): blit(color, x: left, y: top, into: &sink)
      }
    }
  }

  /// Fills `text`'s outlines at `origin` through the transform, then draws its colour glyphs, which
  /// have no outlines, as images through it: rendered for the transform's mean scale (the square root
  /// of its determinant), placed as an untransformed draw places them, bilinear-filtered, faded by the
  /// paint's alpha.
  private func drawTransformed(_ text: String, at origin: Point, font: Font, with paint: Paint) {
    fill(fonts.outline(of: text, at: origin, font: font), with: paint)
    let scale = abs(state.transform.determinant).squareRoot()
    let pixelSize = font.size * scale
    guard scale > 0, pixelSize <= Font.maximumSize else { return }
    var images = [(glyph: ColorGlyph, x: Int, up: Int)]()
    fonts.forEachGlyph(in: text, font: font, pixelSize: pixelSize, start: 0) { image, x, up in
      if case .color(let glyph) = image { images.append((glyph, x, up)) }
    }
    guard !images.isEmpty else { return }
    withSavedState {
      if case .color(let color) = paint { globalAlpha *= color.alpha }
      for (glyph, x, up) in images {
        let rect = Rect(
          x: origin.x + Double(x + glyph.left) / scale, y: origin.y - Double(up + glyph.top) / scale,
          width: Double(glyph.width) / scale, height: Double(glyph.height) / scale)
        draw(Image(unchecked: glyph.width, height: glyph.height, pixels: glyph.pixels), in: rect)
      }
    }
  }

  /// Draws `text` inside `rect` (user space): the first baseline one ascent below the top, lines
  /// `lineHeight` apart; lines that would cross the bottom are not drawn. A wrapped line runs in its
  /// paragraph's direction (``FontSystem/line(_:font:paragraphRightToLeft:)``).
  public func draw(
    _ text: String, in rect: Rect, font: Font, with paint: Paint, lineBreak: LineBreakMode = .truncatingTail,
    alignment: TextAlignment = .left
  ) {
    guard rect.isFinite, rect.width > 0, font.isUsable else { return }
    let metrics = fonts.metrics(of: font)
    let lines: [(text: String, rightToLeft: Bool?)] =
      lineBreak == .truncatingTail
      ? [(fonts.truncated(text, toWidth: rect.width, font: font), nil)]
      : fonts.wrappedLines(text, width: rect.width, font: font).map { ($0.text, $0.rightToLeft) }
    for (i, (line, rightToLeft)) in lines.enumerated() {
      let baseline = rect.minY + metrics.ascent + Double(i) * metrics.lineHeight
      guard i == 0 || baseline + metrics.descent <= rect.maxY else { break }
      // Left-aligned lines need no measuring.
      let x: Double
      switch alignment {
      case .left: x = rect.minX
      case .center: x = rect.minX + max(0, rect.width - fonts.advance(of: line, font: font)) / 2
      case .right: x = rect.minX + max(0, rect.width - fonts.advance(of: line, font: font))
      }
      drawLine(
        line, at: Point(x: x, y: baseline), font: font, with: paint,
        glyphs: {
          fonts.forEachGlyph(
            in: line, font: font, pixelSize: $0, start: $1, paragraphRightToLeft: rightToLeft, $2)
        })
    }
  }

  /// The pixels of the `width` × `height` box with its top-left pixel at (`x`, `y`) that the clip
  /// keeps, as half-open bounds; `nil` when it keeps none.
  private func clipped(x: Int, y: Int, width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    let clip = state.clip
    let box = (
      x0: max(x, clip.x0), y0: max(y, clip.y0), x1: min(x + width, clip.x1), y1: min(y + height, clip.y1)
    )
    return box.x0 < box.x1 && box.y0 < box.y1 ? box : nil
  }

  /// Composites a colour glyph's pixels with its top-left pixel at (`x`, `y`), clipped: as they are,
  /// faded by the paint's alpha and global alpha (`PaintSink.pixels`).
  private func blit(_ glyph: ColorGlyph, x: Int, y: Int, into sink: inout PaintSink) {
    guard let box = clipped(x: x, y: y, width: glyph.width, height: glyph.height) else { return }
    glyph.pixels.withUnsafeBufferPointer { pixels in
      sink.pixels(
        y: box.y0, x: box.x0, width: box.x1 - box.x0, height: box.y1 - box.y0,
        source: pixels.baseAddress! + (box.y0 - y) * glyph.width + (box.x0 - x), sourceStride: glyph.width)
    }
  }

  /// Composites a glyph's coverage with its top-left pixel at (`x`, `y`), clipped.
  private func blit(_ bitmap: GlyphBitmap, x: Int, y: Int, into sink: inout PaintSink) {
    guard let box = clipped(x: x, y: y, width: bitmap.width, height: bitmap.height) else { return }
    bitmap.coverage.withUnsafeBufferPointer { coverage in
      sink.image(
        y: box.y0, x: box.x0, width: box.x1 - box.x0, height: box.y1 - box.y0,
        coverages: coverage.baseAddress! + (box.y0 - y) * bitmap.width + (box.x0 - x),
        coverageStride: bitmap.width)
    }
  }
}
