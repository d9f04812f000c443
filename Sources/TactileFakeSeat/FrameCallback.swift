import CWaylandServer

/// A `wl_callback` from `wl_surface.frame`: pending until its surface commits, then committed until
/// the compositor repaints the (visible) surface and answers it with `done` (which destroys it).
final class FrameCallback: ResourceObject {
  /// The surface that requested it; nil once the surface is gone.
  weak var surface: Surface?

  override func resourceDestroyed() {
    surface?.pending.frameCallbacks.removeAll { $0 === self }
    surface?.committedFrameCallbacks.removeAll { $0 === self }
  }

  /// Sends `done` with the compositor's time and destroys the callback (as the protocol requires).
  func fire() {
    wl_callback_send_done(resource, compositor.now)
    wl_resource_destroy(resource)
  }
}
