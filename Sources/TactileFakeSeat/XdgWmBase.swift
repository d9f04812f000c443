import CWaylandServer
import CWaylandServerProtocols

/// One client's `xdg_wm_base`: the factory of xdg surfaces and positioners, and the ping/pong channel.
final class XdgWmBase: ResourceObject {
  /// Serials of pings not yet answered.
  var unansweredPings: [UInt32] = []

  override func resourceDestroyed() {
    compositor.wmBases[ObjectIdentifier(self)] = nil
  }

  func getXdgSurface(client: OpaquePointer?, id: UInt32, surface: Surface) {
    guard case .none = surface.role else {
      postError(code: XDG_WM_BASE_ERROR_ROLE.rawValue, "wl_surface already has a role")
      return
    }
    guard surface.image == nil, surface.pending.attachment == nil else {
      postError(
        code: XDG_WM_BASE_ERROR_INVALID_SURFACE_STATE.rawValue,
        "get_xdg_surface on a wl_surface with a buffer attached or committed")
      return
    }
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_xdg_surface(), version: version, id: id)
    else { return }
    let xdg = XdgSurface(resource: resource, compositor: compositor)
    xdg.surface = surface
    xdg.wmBase = self
    xdg.install(implementation: XdgSurface.implementation)
    surface.role = .xdg(xdg)
  }

  func pong(_ serial: UInt32) {
    compositor.log(.pong(serial: serial), surface: nil)
    unansweredPings.removeAll { $0 == serial }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<xdg_wm_base_interface> = {
    let table = UnsafeMutablePointer<xdg_wm_base_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_wm_base_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        create_positioner: { client, resource, id in
          let base = XdgWmBase.from(resource)
          guard
            let positioner = createResource(
              client: client, interface: tactile_iface_xdg_positioner(), version: base.version, id: id)
          else { return }
          XdgPositioner(resource: positioner, compositor: base.compositor)
            .install(implementation: XdgPositioner.implementation)
        },
        get_xdg_surface: { client, resource, id, surface in
          XdgWmBase.from(resource).getXdgSurface(client: client, id: id, surface: Surface.from(surface))
        },
        pong: { _, resource, serial in XdgWmBase.from(resource).pong(serial) }))
    return table
  }()
}

extension FakeCompositor {
  func bindWmBase(client: OpaquePointer?, version: UInt32, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_xdg_wm_base(), version: Int32(version), id: id)
    else { return }
    let base = XdgWmBase(resource: resource, compositor: self)
    base.install(implementation: XdgWmBase.implementation)
    wmBases[ObjectIdentifier(base)] = base
  }

  /// Sends `xdg_wm_base.ping` to every client that bound `xdg_wm_base`.
  ///
  /// - Returns: The serial of the ping (one serial for all clients).
  @discardableResult
  public func ping() -> UInt32 {
    let serial = nextSerial()
    for base in wmBases.values {
      base.unansweredPings.append(serial)
      xdg_wm_base_send_ping(base.resource, serial)
    }
    return serial
  }

  /// Pings not yet answered with `pong`, over all clients.
  public var unansweredPingCount: Int { wmBases.values.reduce(0) { $0 + $1.unansweredPings.count } }
}
