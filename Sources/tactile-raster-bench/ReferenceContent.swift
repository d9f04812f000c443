import Glibc
import TactileGeometry
import TactileRaster

/// Scene content spelled for the references: lines of Blend2D's replay protocol, and ThorVG shapes.
enum ReferenceContent {
  /// A colour as the replay protocol's four bytes, not premultiplied.
  static func bytes(_ c: Color) -> String {
    let (r, g, b, a) = ThorVG.bytes(c)
    return "\(r) \(g) \(b) \(a)"
  }

  static func rect(_ r: ColoredRect) -> String {
    "rect \(r.rect.minX) \(r.rect.minY) \(r.rect.width) \(r.rect.height) \(bytes(r.color))"
  }

  /// A circle, or an ellipse as the polygon through points on it no more than 0.05 px inside it
  /// (blend2d-py has circles and polygons but no ellipses).
  static func ellipse(_ e: ColoredRect) -> String {
    let (rx, ry) = (e.rect.width / 2, e.rect.height / 2)
    if rx == ry { return "circle \(e.rect.midX) \(e.rect.midY) \(rx) \(bytes(e.color))" }
    let sides = Int((Double.pi / acos(1 - 0.05 / max(rx, ry))).rounded(.up))
    let points = (0..<sides).map { i in
      let angle = 2 * Double.pi * Double(i) / Double(sides)
      return Point(x: e.rect.midX + rx * cos(angle), y: e.rect.midY + ry * sin(angle))
    }
    return polygon(points, e.color)
  }

  static func polygon(_ points: [Point], _ color: Color) -> String {
    "poly " + points.map { "\($0.x) \($0.y)" }.joined(separator: " ") + " \(bytes(color))"
  }

  /// A path of straight lines as a polygon line (nil when it has curves).
  static func polygon(_ path: Path, _ color: Color) -> String? {
    var points = [Point]()
    for element in path.elements {
      switch element {
      case .move(let p), .line(let p): points.append(p)
      case .close: break
      case .quad, .cubic: return nil
      }
    }
    return polygon(points, color)
  }

  /// Adds filled rectangles with corners of `radius` (clamped to half their sides) to ThorVG's canvas.
  static func thorvgRects(_ rects: [ColoredRect], radius: Double = 0, stroke: Double? = nil) -> (ThorVG) ->
    Void
  {
    { t in
      for r in rects {
        let s = stroke.map { t.shape(strokedWith: r.color, width: $0) } ?? t.shape(filledWith: r.color)
        let rounding = Float(min(radius, r.rect.width / 2, r.rect.height / 2))
        _ = t.appendRect(
          s, Float(r.rect.minX), Float(r.rect.minY), Float(r.rect.width), Float(r.rect.height), rounding,
          rounding, true)
        t.add(s)
      }
    }
  }
}
