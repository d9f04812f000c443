import CWaylandClient
import CWaylandProtocols
import TactileGeometry
import TactileRaster

/// What a window's ``WaylandWindow/onDraw`` draws into: a pixmap over one free shm buffer (premultiplied
/// ARGB8888), valid only during the call; its previous content is undefined, so draw every pixel.
public struct WindowFrame {
  /// The buffer's pixels, `scale` × the logical size.
  public let pixmap: Pixmap
  /// The window's logical size.
  public let logicalSize: Size
  /// Buffer pixels per logical unit.
  public let scale: Double
}

extension WaylandWindow {
  /// Draws into a free buffer and commits it with a frame callback; called by the ``FramePacer``.
  func render() {
    guard let objects, let pool, let size else { return }
    let buffer: ShmBuffer
    do {
      buffer = try pool.acquire()
    } catch {
      display.loop.fail(error)
      return
    }
    guard
      let pixmap = try? Pixmap(
        base: buffer.baseAddress, width: buffer.size.width, height: buffer.size.height,
        stride: buffer.stride)
    else { preconditionFailure("shm buffer \(buffer.identifier): geometry rejected by Pixmap") }
    onDraw?(
      WindowFrame(
        pixmap: pixmap, logicalSize: Size(width: Double(size.width), height: Double(size.height)),
        scale: scale.factor))
    pool.attach(buffer, to: objects.surface)
    switch scale {
    case .integer(let factor):
      wl_surface_set_buffer_scale(objects.surface, Int32(factor))
    case .fractional:
      wl_surface_set_buffer_scale(objects.surface, 1)
    }
    if let viewport = objects.viewport {
      wp_viewport_set_destination(viewport, Int32(size.width), Int32(size.height))
    }
    wl_surface_damage_buffer(objects.surface, 0, 0, Int32(buffer.size.width), Int32(buffer.size.height))
    let callback = wl_surface_frame(objects.surface)
    objects.frameCallback = callback
    wl_callback_add_listener(callback, Self.frameListener, listenerData(self))
    wl_surface_commit(objects.surface)
    framesCommitted += 1
  }

  /// A frame callback fired; only the one of the latest commit counts.
  func frameDone(_ callback: ProxyKey) {
    guard let objects, let current = objects.frameCallback, ProxyKey(current) == callback else { return }
    objects.frameCallback = nil
    pacer.frameDone()
  }
}
