import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileRaster

/// The icon of a drag to other apps: a `wl_surface` showing a drag's lift preview (drawn once by
/// Tactile's renderer, at scale 1), offset so that the point of the preview under the touch stays under
/// it. The compositor moves the surface with the drag; it is destroyed with the icon.
@MainActor
final class DragIcon {
  let surface: OpaquePointer
  private let pool: ShmBufferPool

  /// Draws `preview` onto a new surface, or fails (`nil`) when the buffer's memory cannot be had (the
  /// drag goes on without an icon).
  ///
  /// - Parameters:
  ///   - preview: The view to show (drawn in its own bounds).
  ///   - hotspot: The point of the preview under the touch, in its coordinates.
  ///   - display: The display whose compositor and shm make the surface and buffer.
  init?(preview: View, hotspot: Point, display: WaylandDisplay) {
    let size = BufferLedger.PixelSize(
      width: max(1, min(1024, Int(preview.bounds.width.rounded(.up)))),
      height: max(1, min(1024, Int(preview.bounds.height.rounded(.up)))))
    pool = ShmBufferPool(shm: display.shm, size: size, connection: display.connection)
    guard let buffer = try? pool.acquire(),
      let pixmap = try? Pixmap(
        base: buffer.baseAddress, width: size.width, height: size.height, stride: buffer.stride)
    else { return nil }
    surface = wl_compositor_create_surface(display.compositor)
    let canvas = Canvas(pixmap: pixmap)
    canvas.clear(.clear)
    ViewTreeRenderer.draw(preview, in: canvas)
    let whole = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    pool.attach(buffer, to: surface, damage: DamageRegion(whole))
    let dx = Int32(-hotspot.x.rounded())
    let dy = Int32(-hotspot.y.rounded())
    if wl_surface_get_version(surface) >= 5 {
      wl_surface_offset(surface, dx, dy)
    } else {
      wl_surface_attach(surface, buffer.proxy, dx, dy)
    }
    wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
    wl_surface_commit(surface)
  }

  isolated deinit {
    wl_surface_destroy(surface)
  }
}
