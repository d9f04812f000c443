import CFreeType
import Testing

@testable import TactileRaster

/// Each glyph is loaded and hinted once per face and size, and its quarter-pixel offsets are rendered
/// from that outline, moved: the pixels are FreeType's own for the glyph loaded with the offset as its
/// transform (how every offset was loaded, hinted and rendered before).
@Suite struct GlyphRenderingTests {
  /// A glyph image as FreeType renders it.
  struct Rendering: Equatable {
    var width: Int
    var height: Int
    var left: Int
    var top: Int
    var coverage: [UInt8]
  }

  /// FreeType's rendering of `glyph` of `face` at `size64` (1/64 px) with light hinting, loaded with the
  /// transform moving it `subpixel` quarters of a pixel right.
  static func loadedWithOffset(_ face: FT_Face, glyph: UInt32, size64: Int, subpixel: Int) -> Rendering? {
    guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return nil }
    var delta = FT_Vector(x: FT_Pos(subpixel * 16), y: 0)
    FT_Set_Transform(face, nil, &delta)
    defer { FT_Set_Transform(face, nil, nil) }
    guard FT_Load_Glyph(face, glyph, Int32(tactile_ft_load_target_light)) == 0,
      FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
    else { return nil }
    let slot = face.pointee.glyph.pointee
    let bitmap = slot.bitmap
    let (width, height) = (Int(bitmap.width), Int(bitmap.rows))
    guard width > 0, height > 0, let buffer = bitmap.buffer else {
      return Rendering(width: 0, height: 0, left: 0, top: 0, coverage: [])
    }
    var coverage = [UInt8]()
    for y in 0..<height {
      coverage += UnsafeBufferPointer(start: buffer + y * Int(bitmap.pitch), count: width)
    }
    return Rendering(
      width: width, height: height, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), coverage: coverage
    )
  }

  /// The font system's image for `key`, without the bytes after the last row.
  static func cached(_ fonts: FontSystem, _ key: GlyphKey) -> Rendering {
    guard let image = fonts.bitmap(key) else {
      return Rendering(width: 0, height: 0, left: 0, top: 0, coverage: [])
    }
    return Rendering(
      width: image.width, height: image.height, left: image.left, top: image.top,
      coverage: Array(image.coverage.prefix(image.width * image.height)))
  }

  @Test func everyQuarterPixelOffsetEqualsFreeTypesRenderingOfTheGlyphLoadedAtThatOffset() throws {
    var library: FT_Library?
    var face: FT_Face?
    try #require(FT_Init_FreeType(&library) == 0)
    defer { FT_Done_FreeType(library) }
    try #require(FT_New_Face(library, FontFace.dejaVuSans.path, 0, &face) == 0)
    let fonts = FontSystem(fallbacks: [])
    let text = String((0x21...0x7E).map { Character(Unicode.Scalar($0)!) }) + "éß€ŁΩж"
    var compared = 0
    var differing = [String]()
    for size in [9.0, 14, 17.5, 33] {
      let size64 = Int((size * 64).rounded())
      for placed in fonts.layout(text, font: .system(size: size), pixelSize: size).glyphs {
        for subpixel in 0..<4 {
          let key = GlyphKey(face: placed.faceID, glyph: placed.glyph, size: size64, subpixel: subpixel)
          let expected = try #require(
            Self.loadedWithOffset(face!, glyph: placed.glyph, size64: size64, subpixel: subpixel))
          if Self.cached(fonts, key) != expected {
            differing.append("glyph \(placed.glyph) \(size) px +\(subpixel)/4")
          }
          compared += 1
        }
      }
    }
    #expect(compared == 4 * 4 * 100)
    #expect(differing.isEmpty, "\(differing)")
  }

  @Test func theFourOffsetsOfAGlyphShareOneHintedOutlineAndDiffer() {
    let fonts = FontSystem(fallbacks: [])
    let placed = fonts.layout("a", font: .system(size: 14), pixelSize: 14).glyphs[0]
    let keys = (0..<4).map { GlyphKey(face: placed.faceID, glyph: placed.glyph, size: 14 * 64, subpixel: $0) }
    let images = keys.map { Self.cached(fonts, $0) }
    #expect(fonts.state.withLock { $0.outlines.count } == 1)
    #expect(Set(images.map(\.coverage)).count == 4)
    // In the reverse order the images are the same: rendering an offset leaves the kept outline where
    // it was.
    let again = FontSystem(fallbacks: [])
    #expect(again.layout("a", font: .system(size: 14), pixelSize: 14).glyphs[0].faceID == placed.faceID)
    #expect(keys.reversed().map { Self.cached(again, $0) } == images.reversed())
  }
}
