import CWaylandServer
import CWaylandServerProtocols

/// `wl_data_device_manager` (v3), enough for clients that require it to run: data sources record their
/// mime types, data devices accept `set_selection` and `start_drag` but no transfer ever happens (no other
/// client offers data in a test).
enum DataDevice {
  nonisolated(unsafe) static let sourceImplementation: UnsafeMutablePointer<wl_data_source_interface> = {
    let table = UnsafeMutablePointer<wl_data_source_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_source_interface(
        offer: { _, _, _ in },
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_actions: { _, _, _ in }))
    return table
  }()

  nonisolated(unsafe) static let deviceImplementation: UnsafeMutablePointer<wl_data_device_interface> = {
    let table = UnsafeMutablePointer<wl_data_device_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_data_device_interface(
        start_drag: { _, _, _, _, _, _ in },
        set_selection: { _, _, _, _ in },
        release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<wl_data_device_manager_interface> = {
      let table = UnsafeMutablePointer<wl_data_device_manager_interface>.allocate(capacity: 1)
      table.initialize(
        to: wl_data_device_manager_interface(
          create_data_source: { client, resource, id in
            let manager = PlainResource.from(resource)
            guard
              let source = createResource(
                client: client, interface: tactile_iface_wl_data_source(), version: manager.version, id: id)
            else { return }
            PlainResource(resource: source, compositor: manager.compositor).install(
              implementation: sourceImplementation)
          },
          get_data_device: { client, resource, id, _ in
            let manager = PlainResource.from(resource)
            guard
              let device = createResource(
                client: client, interface: tactile_iface_wl_data_device(), version: manager.version, id: id)
            else { return }
            PlainResource(resource: device, compositor: manager.compositor).install(
              implementation: deviceImplementation)
          }))
      return table
    }()
}
