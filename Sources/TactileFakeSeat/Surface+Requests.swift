import CWaylandServer
import CWaylandServerProtocols

extension Surface {
  /// The `wl_surface` request table (version 5).
  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_surface_interface> = {
    let table = UnsafeMutablePointer<wl_surface_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_surface_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        attach: { _, resource, buffer, x, y in Surface.from(resource).attach(buffer, x: x, y: y) },
        damage: { _, resource, x, y, width, height in
          Surface.from(resource).damage(x, y, width, height, inBufferCoordinates: false)
        },
        frame: { client, resource, id in Surface.from(resource).frame(client: client, id: id) },
        set_opaque_region: { _, _, _ in },  // Opaque regions only optimize; compositing ignores them.
        set_input_region: { _, resource, region in
          Surface.from(resource).pending.inputRegion = .some(
            region.map { RegionResource.from($0).shape })
        },
        commit: { _, resource in Surface.from(resource).commit() },
        set_buffer_transform: { _, resource, transform in
          Surface.from(resource).setBufferTransform(transform)
        },
        set_buffer_scale: { _, resource, scale in Surface.from(resource).setBufferScale(scale) },
        damage_buffer: { _, resource, x, y, width, height in
          Surface.from(resource).damage(x, y, width, height, inBufferCoordinates: true)
        },
        offset: { _, resource, x, y in
          let surface = Surface.from(resource)
          surface.pending.offsetX = x
          surface.pending.offsetY = y
        }))
    return table
  }()

  func attach(_ buffer: OpaquePointer?, x: Int32, y: Int32) {
    if x != 0 || y != 0, version >= WL_SURFACE_OFFSET_SINCE_VERSION {
      postError(code: WL_SURFACE_ERROR_INVALID_OFFSET.rawValue, "attach offset must be 0 since v5")
      return
    }
    pending.attachment = .some(buffer.map { compositor.bufferRecord(for: $0) })
    pending.offsetX = x
    pending.offsetY = y
    compositor.log(.attach(buffer: buffer != nil, x: x, y: y), surface: self)
  }

  func damage(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32, inBufferCoordinates: Bool) {
    compositor.log(
      .damage(x: x, y: y, width: width, height: height, inBufferCoordinates: inBufferCoordinates),
      surface: self)
    pending.damage.add(
      Damage.Rectangle(x: Int(x), y: Int(y), width: Int(width), height: Int(height)),
      inBufferCoordinates: inBufferCoordinates)
  }

  func frame(client: OpaquePointer?, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_wl_callback(), version: 1, id: id)
    else { return }
    let callback = FrameCallback(resource: resource, compositor: compositor)
    callback.surface = self
    callback.install(implementation: nil)
    pending.frameCallbacks.append(callback)
    compositor.log(.frame, surface: self)
  }

  func setBufferTransform(_ transform: Int32) {
    guard (0...7).contains(transform) else {
      postError(code: WL_SURFACE_ERROR_INVALID_TRANSFORM.rawValue, "invalid transform \(transform)")
      return
    }
    // Only the normal transform is composited; others are accepted, as the protocol allows any.
  }

  func setBufferScale(_ scale: Int32) {
    guard scale >= 1 else {
      postError(code: WL_SURFACE_ERROR_INVALID_SCALE.rawValue, "buffer scale \(scale) is not positive")
      return
    }
    pending.bufferScale = scale
  }
}
