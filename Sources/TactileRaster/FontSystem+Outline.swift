import CFreeType
import TactileGeometry

extension FontSystem {
  /// The outlines of `text` as one path in user units, baseline starting at `origin`; for text drawn
  /// under rotation, shear or unequal scaling. Unhinted, at the font's size.
  public func outline(of text: String, at origin: Point, font: Font) -> Path {
    guard font.isUsable else { return Path() }
    let placed = layout(text, font: font, pixelSize: font.size).glyphs
    return state.withLock { s in
      var path = Path()
      for glyph in placed {
        let face = s.handles[glyph.faceID]
        guard Self.setSize(glyph.faceID, Int((font.size * 64).rounded()), &s),
          FT_Load_Glyph(face, glyph.glyph, Int32(tactile_ft_load_no_hinting | tactile_ft_load_no_bitmap)) == 0
        else { continue }
        Self.appendOutline(
          of: face.pointee.glyph, to: &path, origin: Point(x: origin.x + glyph.x, y: origin.y - glyph.y))
      }
      return path
    }
  }

  /// Decomposes the loaded glyph's outline (26.6 pixels, y up) into `path` (y down, from `origin`).
  private static func appendOutline(of slot: FT_GlyphSlot, to path: inout Path, origin: Point) {
    guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return }
    final class Builder {
      var path: Path
      let origin: Point
      init(path: Path, origin: Point) {
        self.path = path
        self.origin = origin
      }
      func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return origin }
        return Point(x: origin.x + Double(v.pointee.x) / 64, y: origin.y - Double(v.pointee.y) / 64)
      }
    }
    func builder(_ user: UnsafeMutableRawPointer?) -> Builder {
      Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
    }
    var funcs = FT_Outline_Funcs(
      move_to: { to, user in
        let b = builder(user)
        b.path.closeSubpath()
        b.path.move(to: b.point(to))
        return 0
      },
      line_to: { to, user in
        let b = builder(user)
        b.path.addLine(to: b.point(to))
        return 0
      },
      conic_to: { control, to, user in
        let b = builder(user)
        b.path.addQuadCurve(to: b.point(to), control: b.point(control))
        return 0
      },
      cubic_to: { c1, c2, to, user in
        let b = builder(user)
        b.path.addCurve(to: b.point(to), control1: b.point(c1), control2: b.point(c2))
        return 0
      },
      shift: 0, delta: 0)
    let b = Builder(path: path, origin: origin)
    withExtendedLifetime(b) {
      _ = FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(b).toOpaque())
    }
    b.path.closeSubpath()
    path = b.path
  }
}
