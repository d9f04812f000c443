import CWaylandServer
import CWaylandServerProtocols

/// A `zwp_relative_pointer_v1`: the motion of its `wl_pointer`'s device as deltas, unaccelerated as
/// sent (the fake seat applies no acceleration), whether or not the pointer itself moves.
final class RelativePointerResource: ResourceObject {
  weak var pointer: DeviceResource?

  override func resourceDestroyed() {
    compositor.desktop.relativePointers.removeAll { $0 === self }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_relative_pointer_v1_interface> = {
    let table = UnsafeMutablePointer<zwp_relative_pointer_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_relative_pointer_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_relative_pointer_manager_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_relative_pointer_manager_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_relative_pointer_manager_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          get_relative_pointer: { client, resource, id, pointer in
            let manager = PlainResource.from(resource)
            guard
              let created = createResource(
                client: client, interface: tactile_iface_zwp_relative_pointer_v1(), version: manager.version,
                id: id)
            else { return }
            let object = RelativePointerResource(resource: created, compositor: manager.compositor)
            object.pointer = DeviceResource.from(pointer)
            object.install(implementation: implementation)
            manager.compositor.desktop.relativePointers.append(object)
          }))
      return table
    }()
}

extension FakeCompositor {
  /// Moves the pointer device by a delta, as a mouse does: `relative_motion` to the relative pointers of
  /// the focused client (on the seat in use), then — unless a pointer lock is active — the pointer moves
  /// by the delta (``pointerMotion(to:)``, held inside an active confinement). Call ``pointerFrame()``
  /// after it.
  ///
  /// - Throws: ``FakeSeatError/missingCapability(_:)``, or the motion's position errors (a delta that
  ///   leaves every surface).
  public func pointerMotion(byX dx: Double, y dy: Double) throws {
    try recording("pointer relative \(SessionRecorder.number(dx)) \(SessionRecorder.number(dy))") {
      try require(.pointer)
      let microseconds = presentationNanoseconds / 1000
      let pointers = focusedPointers()
      for relative in desktop.relativePointers where pointers.contains(where: { $0 === relative.pointer }) {
        let x = wl_fixed_from_double(dx)
        let y = wl_fixed_from_double(dy)
        zwp_relative_pointer_v1_send_relative_motion(
          relative.resource, UInt32(truncatingIfNeeded: microseconds >> 32),
          UInt32(truncatingIfNeeded: microseconds), x, y, x, y)
      }
      guard activeConstraint(on: inputSeat)?.kind != .lock else { return }
      let start = inputSeat.pointerPosition ?? (0, 0)
      try pointerMotion(to: .output(x: start.x + dx, y: start.y + dy))
    }
  }
}
