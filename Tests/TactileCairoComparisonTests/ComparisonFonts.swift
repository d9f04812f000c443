import Glibc
import TactileRaster

/// The fonts both Tactile and Pango lay the comparison's text out with: a directory (made once per
/// process) holding links to DejaVu Sans (`fonts-dejavu-core`: Latin, Arabic, Hebrew), WenQuanYi Micro
/// Hei (`fonts-wqy-microhei`: Chinese) and Lohit Devanagari (`fonts-lohit-deva`), and nothing else.
/// Tactile's fallback (``TactileRaster/FontFallback/init(fontDirectories:)``) and Pango's font map
/// (`tactile_pango_font_map`) see only these files, so the fallback faces are the same whatever else
/// the machine has installed.
enum ComparisonFonts {
  static let files = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf",
  ]

  /// The directory of links.
  static let directory: String = {
    var template = Array("/tmp/tactile-pango-fonts-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    for file in files {
      let name = file.split(separator: "/").last!
      symlink(file, "\(made)/\(name)")
    }
    return made
  }()

  /// DejaVu Sans, by its link in ``directory`` (the path Pango reports for its glyphs).
  static var dejaVuSans: FontFace { FontFace(path: "\(directory)/DejaVuSans.ttf") }

  /// A font system that falls back only to the faces in ``directory``.
  static func fontSystem() -> FontSystem {
    FontSystem(fallbacks: [], fontFallback: FontFallback(fontDirectories: [directory]))
  }
}
