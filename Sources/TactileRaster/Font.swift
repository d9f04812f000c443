/// A font file (and face index inside a collection) that text can be drawn with.
public struct FontFace: Hashable, Sendable {
  /// The path of a TrueType, OpenType or collection file.
  public var path: String
  /// The face inside a collection (`.ttc`); 0 for single-face files.
  public var index: Int

  public init(path: String, index: Int = 0) {
    self.path = path
    self.index = index
  }

  /// DejaVu Sans (Debian's `fonts-dejavu-core`), the default face.
  public static let dejaVuSans = FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
  /// DejaVu Sans Bold.
  public static let dejaVuSansBold = FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")

  /// Faces tried, in order, for characters the chosen face lacks: the CJK fonts Debian installs at
  /// fixed paths (`fonts-wqy-microhei`, `fonts-wqy-zenhei`, `fonts-noto-cjk`, `fonts-droid-fallback`).
  /// Files that do not exist are skipped when they are used.
  public static let cjkFallbacks: [FontFace] = [
    FontFace(path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    FontFace(path: "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    FontFace(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", index: 2),
    FontFace(path: "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
  ]
}

/// A face at a size: what text is measured and drawn with.
public struct Font: Hashable, Sendable {
  public var face: FontFace
  /// The em size in user units (pixels at scale 1), as CSS `font-size`.
  public var size: Double

  public init(face: FontFace = .dejaVuSans, size: Double) {
    self.face = face
    self.size = size
  }

  /// DejaVu Sans at `size`.
  public static func system(size: Double) -> Font { Font(size: size) }

  /// DejaVu Sans Bold at `size`.
  public static func boldSystem(size: Double) -> Font { Font(face: .dejaVuSansBold, size: size) }

  /// Sizes outside `0 < size ≤ maximumSize` (or non-finite) draw and measure as nothing.
  public static let maximumSize = 1024.0

  var isUsable: Bool { size > 0 && size <= Font.maximumSize }
}

/// Vertical metrics of a font, in user units: distances from the baseline, as the font designer set
/// them.
public struct FontMetrics: Hashable, Sendable {
  /// Height above the baseline (positive).
  public var ascent: Double
  /// Depth below the baseline (positive).
  public var descent: Double
  /// Recommended distance between baselines of consecutive lines.
  public var lineHeight: Double
}
