import CWaylandServer
import CWaylandServerProtocols

/// A `wp_fractional_scale_v1`: gets `preferred_scale` at creation and whenever the scale changes.
final class FractionalScaleResource: ResourceObject {
  weak var surface: Surface?

  override func resourceDestroyed() {
    compositor.fractionalScales.removeAll { $0 === self }
    surface?.fractionalScale = nil
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wp_fractional_scale_v1_interface> = {
    let table = UnsafeMutablePointer<wp_fractional_scale_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: wp_fractional_scale_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<wp_fractional_scale_manager_v1_interface> = {
      let table = UnsafeMutablePointer<wp_fractional_scale_manager_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: wp_fractional_scale_manager_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          get_fractional_scale: { client, resource, id, surfaceResource in
            let manager = PlainResource.from(resource)
            let surface = Surface.from(surfaceResource)
            guard surface.fractionalScale == nil else {
              manager.postError(
                code: WP_FRACTIONAL_SCALE_MANAGER_V1_ERROR_FRACTIONAL_SCALE_EXISTS.rawValue,
                "surface has a fractional scale object")
              return
            }
            guard
              let scale = createResource(
                client: client, interface: tactile_iface_wp_fractional_scale_v1(), version: 1, id: id)
            else { return }
            let object = FractionalScaleResource(resource: scale, compositor: manager.compositor)
            object.surface = surface
            surface.fractionalScale = object
            object.install(implementation: implementation)
            manager.compositor.fractionalScales.append(object)
            wp_fractional_scale_v1_send_preferred_scale(
              scale, manager.compositor.configuration.fractionalScale)
          }))
      return table
    }()
}
