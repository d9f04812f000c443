import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_surface`: the configure/ack handshake shared by toplevels and popups.
///
/// State machine: *created* → role assigned (`get_toplevel`/`get_popup`) → initial commit (the compositor
/// answers with a configure) → first `ack_configure` (buffers may be attached from now on) → mapped once a
/// buffer is committed. Attaching before the first ack and acking a serial never sent are protocol errors.
final class XdgSurface: ResourceObject {
  weak var surface: Surface?
  /// The factory, where xdg_wm_base errors about this surface are posted.
  weak var wmBase: XdgWmBase?
  enum Role {
    case none
    case toplevel(XdgToplevel)
    case popup(XdgPopup)
  }
  var role: Role = .none
  /// Configure serials sent and not yet acked, oldest first.
  var unackedSerials: [UInt32] = []
  private(set) var hasAckedConfigure = false
  private(set) var sentInitialConfigure = false
  /// `set_window_geometry`, applied (for simplicity) at once rather than on the next commit.
  var geometry: (x: Int32, y: Int32, width: Int32, height: Int32)?

  /// Whether a committed buffer makes this surface visible.
  var isMappable: Bool {
    guard hasAckedConfigure else { return false }
    if case .none = role { return false }
    return true
  }

  override func resourceDestroyed() {
    if case .popup(let popup) = role { popup.xdgSurface = nil }
    if case .toplevel(let toplevel) = role { toplevel.xdgSurface = nil }
    if let surface, case .xdg = surface.role {
      surface.role = .none
      surface.image = nil
      compositor.surfaceCommitted(surface)
    }
  }

  /// Sends the role's configure and `xdg_surface.configure` with a fresh serial.
  ///
  /// - Returns: The serial.
  @discardableResult
  func sendConfigure() -> UInt32 {
    switch role {
    case .toplevel(let toplevel): toplevel.sendRoleConfigure()
    case .popup(let popup): popup.sendRoleConfigure()
    case .none: break
    }
    let serial = compositor.nextSerial()
    unackedSerials.append(serial)
    xdg_surface_send_configure(resource, serial)
    return serial
  }

  /// The wl_surface committed: the first commit after the role is set gets the initial configure.
  func surfaceCommitted() {
    if case .none = role { return }
    if !sentInitialConfigure {
      sentInitialConfigure = true
      sendConfigure()
    }
  }

  func ackConfigure(_ serial: UInt32) {
    guard let index = unackedSerials.firstIndex(of: serial) else {
      compositor.log(.ackConfigure(serial: serial, known: false), surface: surface)
      postError(
        code: XDG_SURFACE_ERROR_INVALID_SERIAL.rawValue, "ack_configure of serial \(serial), never sent")
      return
    }
    compositor.log(.ackConfigure(serial: serial, known: true), surface: surface)
    unackedSerials.removeFirst(index + 1)
    hasAckedConfigure = true
  }

  func assignRole(_ newRole: Role) -> Bool {
    guard case .none = role else {
      postError(code: XDG_SURFACE_ERROR_ALREADY_CONSTRUCTED.rawValue, "xdg_surface already has a role")
      return false
    }
    role = newRole
    return true
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<xdg_surface_interface> = {
    let table = UnsafeMutablePointer<xdg_surface_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_surface_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        get_toplevel: { client, resource, id in XdgSurface.from(resource).getToplevel(client: client, id: id)
        },
        get_popup: { client, resource, id, parent, positioner in
          XdgSurface.from(resource).getPopup(
            client: client, id: id, parent: parent.map { XdgSurface.from($0) },
            positioner: XdgPositioner.from(positioner))
        },
        set_window_geometry: { _, resource, x, y, width, height in
          let xdg = XdgSurface.from(resource)
          guard width > 0, height > 0 else {
            xdg.postError(code: XDG_SURFACE_ERROR_INVALID_SIZE.rawValue, "window geometry \(width)x\(height)")
            return
          }
          xdg.geometry = (x, y, width, height)
        },
        ack_configure: { _, resource, serial in XdgSurface.from(resource).ackConfigure(serial) }))
    return table
  }()
}
