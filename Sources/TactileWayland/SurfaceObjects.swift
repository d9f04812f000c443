import CWaylandClient
import CWaylandProtocols

/// The Wayland objects behind one ``WaylandWindow``, created together and destroyed together in the
/// order the protocols demand (role extensions before their role, roles before the surface).
@MainActor
final class SurfaceObjects {
  let surface: OpaquePointer
  let xdgSurface: OpaquePointer
  let toplevel: OpaquePointer
  /// Present when the compositor offers xdg-decoration.
  let decoration: OpaquePointer?
  /// Present (both) when the compositor offers fractional-scale-v1 and viewporter.
  let viewport: OpaquePointer?
  let fractionalScale: OpaquePointer?
  /// The outstanding `wl_surface.frame` callback, if any.
  var frameCallback: OpaquePointer? {
    didSet { if let oldValue, oldValue != frameCallback { wl_callback_destroy(oldValue) } }
  }
  private let display: WaylandDisplay

  init(display: WaylandDisplay) {
    self.display = display
    surface = wl_compositor_create_surface(display.compositor)
    xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
    let toplevel = xdg_surface_get_toplevel(xdgSurface)!
    self.toplevel = toplevel
    decoration = display.decorationManager.map {
      zxdg_decoration_manager_v1_get_toplevel_decoration($0, toplevel)
    }
    if let manager = display.fractionalScaleManager, let viewporter = display.viewporter {
      viewport = wp_viewporter_get_viewport(viewporter, surface)
      fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
    } else {
      viewport = nil
      fractionalScale = nil
    }
  }

  isolated deinit {
    frameCallback = nil
    if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
    if let viewport { wp_viewport_destroy(viewport) }
    if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
    xdg_toplevel_destroy(toplevel)
    xdg_surface_destroy(xdgSurface)
    wl_surface_destroy(surface)
  }

  /// Attaches the window's listeners; `data` is the unretained window, which destroys these objects
  /// before it goes away.
  func addListeners(data: UnsafeMutableRawPointer) {
    wl_surface_add_listener(surface, WaylandWindow.surfaceListener, data)
    xdg_surface_add_listener(xdgSurface, WaylandWindow.xdgSurfaceListener, data)
    xdg_toplevel_add_listener(toplevel, WaylandWindow.toplevelListener, data)
    if let decoration {
      zxdg_toplevel_decoration_v1_add_listener(decoration, WaylandWindow.decorationListener, data)
      zxdg_toplevel_decoration_v1_set_mode(
        decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
    }
    if let fractionalScale {
      wp_fractional_scale_v1_add_listener(fractionalScale, WaylandWindow.fractionalListener, data)
    }
  }
}
