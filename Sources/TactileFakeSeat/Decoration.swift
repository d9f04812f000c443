import CWaylandServer
import CWaylandServerProtocols

/// A `zxdg_toplevel_decoration_v1`. The fake compositor draws no decorations; it answers the mode of its
/// configuration (``FakeCompositor/Configuration/decorationMode``, server-side by default), followed by
/// an `xdg_surface.configure` as the protocol requires.
final class DecorationResource: ResourceObject {
  weak var toplevel: XdgToplevel?

  func answer() {
    zxdg_toplevel_decoration_v1_send_configure(resource, Self.mode(of: compositor))
    if let xdg = toplevel?.xdgSurface, xdg.sentInitialConfigure { xdg.sendConfigure() }
  }

  /// The protocol value of the compositor's configured mode.
  static func mode(of compositor: FakeCompositor) -> UInt32 {
    compositor.configuration.decorationMode == .serverSide
      ? ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
      : ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE.rawValue
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zxdg_toplevel_decoration_v1_interface> =
    {
      let table = UnsafeMutablePointer<zxdg_toplevel_decoration_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zxdg_toplevel_decoration_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          set_mode: { _, resource, _ in DecorationResource.from(resource).answer() },
          unset_mode: { _, resource in DecorationResource.from(resource).answer() }))
      return table
    }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zxdg_decoration_manager_v1_interface> =
      {
        let table = UnsafeMutablePointer<zxdg_decoration_manager_v1_interface>.allocate(capacity: 1)
        table.initialize(
          to: zxdg_decoration_manager_v1_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            get_toplevel_decoration: { client, resource, id, toplevel in
              let manager = PlainResource.from(resource)
              guard
                let decoration = createResource(
                  client: client, interface: tactile_iface_zxdg_toplevel_decoration_v1(), version: 1, id: id)
              else { return }
              let object = DecorationResource(resource: decoration, compositor: manager.compositor)
              object.toplevel = XdgToplevel.from(toplevel)
              object.install(implementation: implementation)
              zxdg_toplevel_decoration_v1_send_configure(decoration, mode(of: manager.compositor))
            }))
        return table
      }()
}
