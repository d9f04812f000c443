import CWaylandServer
import CWaylandServerProtocols

/// A `wp_viewport`. The destination size replaces the surface size (at once, not on the next commit: a
/// simplification); the source rectangle is accepted but composited as the whole buffer.
final class ViewportResource: ResourceObject {
  weak var surface: Surface?

  override func resourceDestroyed() {
    surface?.viewportDestination = nil
    surface?.hasViewport = false
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wp_viewport_interface> = {
    let table = UnsafeMutablePointer<wp_viewport_interface>.allocate(capacity: 1)
    table.initialize(
      to: wp_viewport_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_source: { _, _, _, _, _, _ in },
        set_destination: { _, resource, width, height in
          let viewport = ViewportResource.from(resource)
          if width == -1, height == -1 {
            viewport.surface?.viewportDestination = nil
          } else if width > 0, height > 0 {
            viewport.surface?.viewportDestination = (width, height)
          } else {
            viewport.postError(code: WP_VIEWPORT_ERROR_BAD_VALUE.rawValue, "destination \(width)x\(height)")
          }
        }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation: UnsafeMutablePointer<wp_viewporter_interface> = {
    let table = UnsafeMutablePointer<wp_viewporter_interface>.allocate(capacity: 1)
    table.initialize(
      to: wp_viewporter_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        get_viewport: { client, resource, id, surfaceResource in
          let manager = PlainResource.from(resource)
          let surface = Surface.from(surfaceResource)
          guard !surface.hasViewport else {
            manager.postError(code: WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue, "surface has a viewport")
            return
          }
          guard
            let viewport = createResource(
              client: client, interface: tactile_iface_wp_viewport(), version: 1, id: id)
          else { return }
          let object = ViewportResource(resource: viewport, compositor: manager.compositor)
          object.surface = surface
          surface.hasViewport = true
          object.install(implementation: implementation)
        }))
    return table
  }()
}
