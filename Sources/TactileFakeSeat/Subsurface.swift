import CWaylandServer
import CWaylandServerProtocols

/// A `wl_subsurface`: a surface drawn relative to its parent, in the parent's family stack.
///
/// Position and stacking changes apply at once rather than at the parent's next commit (a simplification
/// no test client has needed to tell apart); synchronized mode caches the child's commits until the
/// parent commits, as the protocol says.
final class Subsurface: ResourceObject {
  weak var surface: Surface?
  weak var parent: Surface?
  var x: Int32 = 0
  var y: Int32 = 0
  var synchronized = true

  /// Synchronized itself or through any ancestor subsurface.
  var isEffectivelySynchronized: Bool {
    synchronized || (parent?.subsurface?.isEffectivelySynchronized ?? false)
  }

  override func resourceDestroyed() {
    guard let surface else { return }
    parent?.familyStack.removeAll { $0 === surface }
    surface.role = .none
    if let cached = surface.cached {
      surface.cached = nil
      surface.apply(cached)
    }
  }

  /// Moves this subsurface's surface directly above or below `sibling` in the parent's family stack.
  func place(relativeTo sibling: OpaquePointer?, above: Bool) {
    guard let surface, let parent, let siblingResource = sibling else { return }
    let target = Surface.from(siblingResource)
    guard target !== surface, parent.familyStack.contains(where: { $0 === target }) else {
      postError(code: WL_SUBSURFACE_ERROR_BAD_SURFACE.rawValue, "sibling is not a sibling or the parent")
      return
    }
    parent.familyStack.removeAll { $0 === surface }
    let index = parent.familyStack.firstIndex { $0 === target }!
    parent.familyStack.insert(surface, at: above ? index + 1 : index)
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_subsurface_interface> = {
    let table = UnsafeMutablePointer<wl_subsurface_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_subsurface_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_position: { _, resource, x, y in
          let sub = Subsurface.from(resource)
          sub.x = x
          sub.y = y
        },
        place_above: { _, resource, sibling in
          Subsurface.from(resource).place(relativeTo: sibling, above: true)
        },
        place_below: { _, resource, sibling in
          Subsurface.from(resource).place(relativeTo: sibling, above: false)
        },
        set_sync: { _, resource in Subsurface.from(resource).synchronized = true },
        set_desync: { _, resource in
          let sub = Subsurface.from(resource)
          sub.synchronized = false
          if !sub.isEffectivelySynchronized, let surface = sub.surface, let cached = surface.cached {
            surface.cached = nil
            surface.apply(cached)
          }
        }))
    return table
  }()

  nonisolated(unsafe) static let subcompositorImplementation:
    UnsafeMutablePointer<wl_subcompositor_interface> = {
      let table = UnsafeMutablePointer<wl_subcompositor_interface>.allocate(capacity: 1)
      table.initialize(
        to: wl_subcompositor_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          get_subsurface: { client, resource, id, surface, parent in
            PlainResource.from(resource).compositor.createSubsurface(
              client: client, manager: resource, id: id, surface: Surface.from(surface),
              parent: Surface.from(parent))
          }))
      return table
    }()
}

extension FakeCompositor {
  func createSubsurface(
    client: OpaquePointer?, manager: OpaquePointer?, id: UInt32, surface: Surface, parent: Surface
  ) {
    var ancestor: Surface? = parent
    while let current = ancestor {
      if current === surface {
        tactile_resource_post_error(
          manager, WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue, "a surface cannot be its own ancestor")
        return
      }
      ancestor = current.subsurface?.parent
    }
    guard case .none = surface.role else {
      tactile_resource_post_error(
        manager, WL_SUBCOMPOSITOR_ERROR_BAD_SURFACE.rawValue, "wl_surface already has a role")
      return
    }
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_wl_subsurface(), version: 1, id: id)
    else { return }
    let sub = Subsurface(resource: resource, compositor: self)
    sub.surface = surface
    sub.parent = parent
    sub.install(implementation: Subsurface.implementation)
    surface.role = .subsurface(sub)
    parent.familyStack.append(surface)
  }
}
