import CWaylandServer
import CWaylandServerProtocols
import TactileGeometry

/// An `xdg_toplevel`: a window. It is placed with its window geometry's origin at ``x``, ``y`` on the output
/// (0, 0 unless moved with ``FakeCompositor/moveWindow(_:x:y:)``) and configured with size 0×0 ("choose
/// yourself") and the activated state, unless maximized or fullscreen. `move` and `resize` with the
/// serial of a held press are carried out (`FakeCompositor+InteractiveGrabs.swift`) and, like
/// `set_minimized`, recorded in the request log; the size limits are kept (see
/// ``SurfaceInfo/minimumSize``) and enforced only by interactive resizes.
final class XdgToplevel: ResourceObject {
  weak var xdgSurface: XdgSurface?
  var title: String?
  var appID: String?
  var x: Int32 = 0
  var y: Int32 = 0
  var maximized = false
  var fullscreen = false
  /// Whether an interactive resize is in progress (the `resizing` state).
  var resizing = false
  /// The size of the next configure; nil lets the client choose (0×0) unless maximized or fullscreen.
  var requestedSize: (width: Int32, height: Int32)?
  /// The latest `set_min_size` and `set_max_size` (0 on a side: no limit; recorded, not enforced).
  var minimumSize = Size(width: 0, height: 0)
  var maximumSize = Size(width: 0, height: 0)

  override func resourceDestroyed() {
    if let xdg = xdgSurface, case .toplevel = xdg.role {
      xdg.role = .none
      if let surface = xdg.surface {
        surface.image = nil
        compositor.surfaceCommitted(surface)
      }
    }
  }

  func sendRoleConfigure() {
    var states = wl_array()
    wl_array_init(&states)
    defer { wl_array_release(&states) }
    var list = [XDG_TOPLEVEL_STATE_ACTIVATED]
    if maximized { list.append(XDG_TOPLEVEL_STATE_MAXIMIZED) }
    if fullscreen { list.append(XDG_TOPLEVEL_STATE_FULLSCREEN) }
    if resizing { list.append(XDG_TOPLEVEL_STATE_RESIZING) }
    for state in list {
      wl_array_add(&states, 4)!.storeBytes(of: state.rawValue, as: UInt32.self)
    }
    let configuration = compositor.configuration
    let size =
      maximized || fullscreen
      ? (configuration.outputWidth, configuration.outputHeight) : requestedSize ?? (0, 0)
    if version >= XDG_TOPLEVEL_WM_CAPABILITIES_SINCE_VERSION {
      var capabilities = wl_array()
      wl_array_init(&capabilities)
      defer { wl_array_release(&capabilities) }
      for capability in [XDG_TOPLEVEL_WM_CAPABILITIES_MAXIMIZE, XDG_TOPLEVEL_WM_CAPABILITIES_FULLSCREEN] {
        wl_array_add(&capabilities, 4)!.storeBytes(of: capability.rawValue, as: UInt32.self)
      }
      xdg_toplevel_send_wm_capabilities(resource, &capabilities)
    }
    xdg_toplevel_send_configure(resource, size.0, size.1, &states)
  }

  /// Records a request about this window.
  func log(_ kind: LoggedRequest.Kind) {
    compositor.log(kind, surface: xdgSurface?.surface)
  }

  /// `move` (`edges` nil) or `resize`: logged, then begun if the serial names a held press; an edge
  /// value outside `xdg_toplevel.resize_edge` is the protocol error `invalid_resize_edge`.
  func interactive(seat: OpaquePointer?, serial: UInt32, edges: UInt32?) {
    log(edges.map { .resize(serial: serial, edges: $0) } ?? .move(serial: serial))
    if let edges, !FakeCompositor.resizeEdges.contains(edges) {
      postError(code: XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE.rawValue, "resize edge \(edges)")
      return
    }
    guard let seat else { return }
    compositor.beginGrab(of: self, seat: SeatResource.from(seat).seatState, serial: serial, edges: edges)
  }

  /// Changes a window state the client asked for and answers with a configure.
  func update(_ change: (XdgToplevel) -> Void) {
    change(self)
    if let xdg = xdgSurface, xdg.sentInitialConfigure { xdg.sendConfigure() }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<xdg_toplevel_interface> = {
    let table = UnsafeMutablePointer<xdg_toplevel_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_toplevel_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_parent: { _, _, _ in },
        set_title: { _, resource, title in
          XdgToplevel.from(resource).title = title.map { String(cString: $0) }
        },
        set_app_id: { _, resource, id in XdgToplevel.from(resource).appID = id.map { String(cString: $0) } },
        show_window_menu: { _, _, _, _, _, _ in },
        move: { _, resource, seat, serial in
          XdgToplevel.from(resource).interactive(seat: seat, serial: serial, edges: nil)
        },
        resize: { _, resource, seat, serial, edges in
          XdgToplevel.from(resource).interactive(seat: seat, serial: serial, edges: edges)
        },
        set_max_size: { _, resource, width, height in
          XdgToplevel.from(resource).maximumSize = Size(width: Double(width), height: Double(height))
        },
        set_min_size: { _, resource, width, height in
          XdgToplevel.from(resource).minimumSize = Size(width: Double(width), height: Double(height))
        },
        set_maximized: { _, resource in XdgToplevel.from(resource).update { $0.maximized = true } },
        unset_maximized: { _, resource in XdgToplevel.from(resource).update { $0.maximized = false } },
        set_fullscreen: { _, resource, _ in XdgToplevel.from(resource).update { $0.fullscreen = true } },
        unset_fullscreen: { _, resource in XdgToplevel.from(resource).update { $0.fullscreen = false } },
        set_minimized: { _, resource in XdgToplevel.from(resource).log(.minimize) }))
    return table
  }()
}

extension XdgSurface {
  func getToplevel(client: OpaquePointer?, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_xdg_toplevel(), version: version, id: id)
    else { return }
    let toplevel = XdgToplevel(resource: resource, compositor: compositor)
    toplevel.xdgSurface = self
    toplevel.install(implementation: XdgToplevel.implementation)
    _ = assignRole(.toplevel(toplevel))
  }
}
