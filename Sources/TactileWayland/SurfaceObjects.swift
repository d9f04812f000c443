import CWaylandClient
import CWaylandProtocols
import TactileGeometry

/// The Wayland objects behind one ``WaylandWindow``, created together and destroyed together in the
/// order the protocols demand (role extensions before their role, roles before the surface).
@MainActor
final class SurfaceObjects {
  /// The role to give the surface.
  enum RoleRequest {
    /// A window (`xdg_toplevel`), with xdg-decoration when the compositor offers it.
    case toplevel
    /// A popup (`xdg_popup`) of the `xdg_surface` `parent`, placed by an `xdg_positioner` made from
    /// `placement`, grabbing input with `grab` (a `wl_seat` and the serial of the triggering event).
    case popup(parent: OpaquePointer, placement: PopupPlacement, grab: (seat: OpaquePointer, serial: UInt32)?)
  }

  /// The role object the surface was given, with what belongs to that role only.
  enum Role {
    /// An `xdg_toplevel`, with its `zxdg_toplevel_decoration_v1` when the compositor offers
    /// xdg-decoration.
    case toplevel(Proxy<XdgToplevel>, decoration: OpaquePointer?)
    /// An `xdg_popup`, with the grab to ask for before the first commit, if any.
    case popup(Proxy<XdgPopup>, grab: (seat: OpaquePointer, serial: UInt32)?)
  }

  let surface: OpaquePointer
  let xdgSurface: OpaquePointer
  let role: Role
  /// The `xdg_toplevel`, when the role is a toplevel.
  var toplevel: OpaquePointer? {
    if case .toplevel(let toplevel, _) = role { toplevel.raw } else { nil }
  }
  /// The toplevel's decoration object, when the compositor offers xdg-decoration.
  var decoration: OpaquePointer? {
    if case .toplevel(_, let decoration) = role { decoration } else { nil }
  }
  /// Present (both) when the compositor offers fractional-scale-v1 and viewporter.
  let viewport: OpaquePointer?
  let fractionalScale: OpaquePointer?
  /// The outstanding `wl_surface.frame` callback, if any.
  var frameCallback: OpaquePointer? {
    didSet { if let oldValue, oldValue != frameCallback { wl_callback_destroy(oldValue) } }
  }
  private let display: WaylandDisplay

  init(display: WaylandDisplay, role: RoleRequest) {
    self.display = display
    surface = wl_compositor_create_surface(display.compositor)
    xdgSurface = xdg_wm_base_get_xdg_surface(display.wmBase, surface)
    switch role {
    case .toplevel:
      let toplevel = xdg_surface_get_toplevel(xdgSurface)!
      let decoration = display.decorationManager.flatMap {
        zxdg_decoration_manager_v1_get_toplevel_decoration($0, toplevel)
      }
      self.role = .toplevel(Proxy(toplevel), decoration: decoration)
    case .popup(let parent, let placement, let grab):
      let positioner = Self.positioner(display: display, placement: placement)
      let popup = xdg_surface_get_popup(xdgSurface, parent, positioner)!
      xdg_positioner_destroy(positioner)
      self.role = .popup(Proxy(popup), grab: grab)
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
    // Explicit: property observers do not run for assignments in a deinit, so `frameCallback = nil`
    // would leave the proxy alive, and its `done` would reach the freed window (a crash seen when a
    // popup closes with a frame pending).
    if let frameCallback { wl_callback_destroy(frameCallback) }
    if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
    if let viewport { wp_viewport_destroy(viewport) }
    switch role {
    case .toplevel(let toplevel, let decoration):
      if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
      xdg_toplevel_destroy(toplevel.raw)
    case .popup(let popup, _): xdg_popup_destroy(popup.raw)
    }
    xdg_surface_destroy(xdgSurface)
    wl_surface_destroy(surface)
  }

  /// Attaches the window's listeners (and, for a popup, asks for its grab: both must precede the first
  /// commit); `data` is the unretained window, which destroys these objects before it goes away.
  func addListeners(data: UnsafeMutableRawPointer) {
    wl_surface_add_listener(surface, WaylandWindow.surfaceListener, data)
    xdg_surface_add_listener(xdgSurface, WaylandWindow.xdgSurfaceListener, data)
    switch role {
    case .toplevel(let toplevel, let decoration):
      xdg_toplevel_add_listener(toplevel.raw, WaylandWindow.toplevelListener, data)
      if let decoration {
        zxdg_toplevel_decoration_v1_add_listener(decoration, WaylandWindow.decorationListener, data)
        zxdg_toplevel_decoration_v1_set_mode(
          decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
      }
    case .popup(let popup, let grab):
      xdg_popup_add_listener(popup.raw, WaylandWindow.popupListener, data)
      if let grab { xdg_popup_grab(popup.raw, grab.seat, grab.serial) }
    }
    if let fractionalScale {
      wp_fractional_scale_v1_add_listener(fractionalScale, WaylandWindow.fractionalListener, data)
    }
  }

  /// An `xdg_positioner` describing `placement`, in whole logical units (xdg-shell's are integers; sizes
  /// are at least 1, which the protocol requires; non-finite values become 0).
  private static func positioner(display: WaylandDisplay, placement: PopupPlacement) -> OpaquePointer {
    let positioner = xdg_wm_base_create_positioner(display.wmBase)!
    let whole = { (value: Double) -> Int32 in
      value.isFinite ? Int32(clamping: Int(max(min(value, 1e9), -1e9).rounded())) : 0
    }
    let rect = placement.anchorRect
    xdg_positioner_set_size(
      positioner, max(1, whole(placement.size.width)), max(1, whole(placement.size.height)))
    xdg_positioner_set_anchor_rect(
      positioner, whole(rect.minX), whole(rect.minY), max(1, whole(rect.width)), max(1, whole(rect.height)))
    xdg_positioner_set_anchor(positioner, placement.anchor.rawValue)
    xdg_positioner_set_gravity(positioner, placement.gravity.rawValue)
    xdg_positioner_set_offset(positioner, whole(placement.offset.x), whole(placement.offset.y))
    xdg_positioner_set_constraint_adjustment(positioner, placement.adjustment.rawValue)
    return positioner
  }
}
