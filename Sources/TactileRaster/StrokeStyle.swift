/// How a path is stroked, as in Core Graphics: the line width (user units, centred on the path), the
/// shape of the ends of open subpaths and of the corners between segments.
public struct StrokeStyle: Hashable, Sendable {
  /// The ends of open subpaths.
  public enum Cap: Sendable {
    /// The stroke stops at the end point.
    case butt
    /// A half disc around the end point.
    case round
    /// A half square around the end point (the stroke extends by half its width).
    case square
  }

  /// The corners between segments.
  public enum Join: Sendable {
    /// The outer edges extend until they meet, unless that point is further than `miterLimit` half
    /// widths from the corner, where a bevel is used.
    case miter
    /// A disc around the corner.
    case round
    /// The outer corners are joined by a straight line.
    case bevel
  }

  public var width: Double
  public var cap: Cap
  public var join: Join
  /// The longest miter, as a multiple of the line width (Core Graphics' and cairo's default is 10).
  public var miterLimit: Double

  public init(width: Double, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
  }
}
