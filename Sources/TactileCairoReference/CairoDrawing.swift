import CCairo
import TactileGeometry
import TactileRaster

/// The same drawing commands as the canvas, spelled in cairo.
public enum CairoDrawing {
  public static func setColor(_ cr: OpaquePointer, _ c: Color) {
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
  }

  public static func rect(_ cr: OpaquePointer, _ r: Rect) {
    cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
  }

  public static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
    let h = Double.pi / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -h, 0)
    cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, h)
    cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, h, 2 * h)
    cairo_arc(cr, r.minX + radius, r.minY + radius, radius, 2 * h, 3 * h)
    cairo_close_path(cr)
  }

  public static func ellipse(_ cr: OpaquePointer, in r: Rect) {
    cairo_save(cr)
    cairo_translate(cr, r.midX, r.midY)
    cairo_scale(cr, r.width / 2, r.height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
    cairo_restore(cr)
  }

  /// A cairo path with the same elements as `path`.
  public static func path(_ cr: OpaquePointer, _ path: Path) {
    cairo_new_path(cr)
    for element in path.elements {
      switch element {
      case .move(let p): cairo_move_to(cr, p.x, p.y)
      case .line(let p): cairo_line_to(cr, p.x, p.y)
      case .quad(let c, let e):
        var x0 = 0.0
        var y0 = 0.0
        cairo_get_current_point(cr, &x0, &y0)
        cairo_curve_to(
          cr, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0), e.x + 2 / 3 * (c.x - e.x),
          e.y + 2 / 3 * (c.y - e.y), e.x, e.y)
      case .cubic(let c1, let c2, let e): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, e.x, e.y)
      case .close: cairo_close_path(cr)
      }
    }
  }

  /// A cairo linear gradient pattern for a two-stop gradient (caller destroys it).
  public static func linearGradient(_ g: LinearGradient) -> OpaquePointer {
    let pattern = cairo_pattern_create_linear(g.start.x, g.start.y, g.end.x, g.end.y)!
    for stop in g.stops {
      let c = stop.color
      cairo_pattern_add_color_stop_rgba(pattern, stop.location, c.red, c.green, c.blue, c.alpha)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    return pattern
  }
}

/// A cairo image surface over an ``Image``'s pixels (same premultiplied ARGB32 layout); destroy it
/// before the image goes away.
public final class CairoImage {
  public let surface: OpaquePointer
  private let storage: UnsafeMutablePointer<UInt32>

  public init(_ image: Image) {
    storage = .allocate(capacity: image.pixels.count)
    storage.initialize(from: image.pixels, count: image.pixels.count)
    surface = cairo_image_surface_create_for_data(
      UnsafeMutableRawPointer(storage).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
      Int32(image.width), Int32(image.height), Int32(image.width * 4))
  }

  deinit {
    cairo_surface_destroy(surface)
    storage.deallocate()
  }
}
