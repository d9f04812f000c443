import CWaylandServer
import CWaylandServerProtocols

/// A `zxdg_output_v1` (xdg-output, up to version 3): the output's place and size in the compositor's
/// logical space, its name and description.
///
/// The one output sits at 0,0; its logical size is its mode divided by its integer scale. Version 1
/// objects get `logical_position` and `logical_size`, version 2 also `name` and `description`, each
/// followed by `zxdg_output_v1.done`. From version 3 that `done` is deprecated: the events are followed by
/// the `wl_output.done` of the output they describe instead (a `wl_output` older than version 2 has
/// none, and then nothing follows), and a change of the output (size, scale) sends them again before
/// the `wl_output.done` that ends it.
final class XdgOutputResource: ResourceObject {
  /// The `wl_output` this object describes; nil once the client released it.
  weak var output: OutputResource?

  override func resourceDestroyed() {
    compositor.desktop.xdgOutputs.removeAll { $0 === self }
  }

  /// Sends the description; `zxdg_output_v1.done` too below version 3 (from 3 the caller sends
  /// `wl_output.done`).
  func sendState() {
    let configuration = compositor.configuration
    let scale = max(1, configuration.outputScale)
    zxdg_output_v1_send_logical_position(resource, 0, 0)
    zxdg_output_v1_send_logical_size(
      resource, configuration.outputWidth / scale, configuration.outputHeight / scale)
    if version >= ZXDG_OUTPUT_V1_NAME_SINCE_VERSION {
      zxdg_output_v1_send_name(resource, OutputResource.name)
      zxdg_output_v1_send_description(resource, OutputResource.description)
    }
    if version < 3 { zxdg_output_v1_send_done(resource) }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zxdg_output_v1_interface> = {
    let table = UnsafeMutablePointer<zxdg_output_v1_interface>.allocate(capacity: 1)
    table.initialize(to: zxdg_output_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zxdg_output_manager_v1_interface> = {
      let table = UnsafeMutablePointer<zxdg_output_manager_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zxdg_output_manager_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          get_xdg_output: { client, resource, id, outputResource in
            let manager = PlainResource.from(resource)
            guard
              let created = createResource(
                client: client, interface: tactile_iface_zxdg_output_v1(), version: manager.version, id: id)
            else { return }
            let output = OutputResource.from(outputResource)
            let object = XdgOutputResource(resource: created, compositor: manager.compositor)
            object.output = output
            object.install(implementation: implementation)
            manager.compositor.desktop.xdgOutputs.append(object)
            object.sendState()
            if object.version >= 3, output.version >= WL_OUTPUT_DONE_SINCE_VERSION {
              wl_output_send_done(output.resource)
            }
          }))
      return table
    }()
}

extension FakeCompositor {
  /// Sends the description of `output` to the xdg-output objects of it, before its `wl_output.done`.
  func sendXdgOutputState(for output: OutputResource) {
    for object in desktop.xdgOutputs where object.output === output { object.sendState() }
  }
}
