import CWaylandServer
import CWaylandServerProtocols

/// One client's `wl_output`: the single headless output, `outputWidth`×`outputHeight` pixels, refreshing
/// at the virtual rate of ``FakeCompositor/Configuration/presentation`` (60 Hz by default).
final class OutputResource: ResourceObject {
  override func resourceDestroyed() {
    compositor.outputs.removeAll { $0 === self }
  }

  /// The output's name and description (`wl_output` v4, xdg-output v2).
  static let name = "FAKE-1"
  static let description = "Tactile fake headless output"

  /// Sends the whole output description followed by `done` (v2+).
  func sendState() {
    let configuration = compositor.configuration
    wl_output_send_geometry(
      resource, 0, 0, configuration.outputWidth * 254 / 960, configuration.outputHeight * 254 / 960,
      Int32(WL_OUTPUT_SUBPIXEL_UNKNOWN.rawValue), "Tactile", "Fake headless output",
      Int32(WL_OUTPUT_TRANSFORM_NORMAL.rawValue))
    wl_output_send_mode(
      resource, WL_OUTPUT_MODE_CURRENT.rawValue | WL_OUTPUT_MODE_PREFERRED.rawValue,
      configuration.outputWidth, configuration.outputHeight,
      configuration.presentation.modeRefresh)
    if version >= WL_OUTPUT_SCALE_SINCE_VERSION {
      wl_output_send_scale(resource, configuration.outputScale)
    }
    if version >= WL_OUTPUT_NAME_SINCE_VERSION {
      wl_output_send_name(resource, Self.name)
      wl_output_send_description(resource, Self.description)
    }
    compositor.sendXdgOutputState(for: self)
    if version >= WL_OUTPUT_DONE_SINCE_VERSION { wl_output_send_done(resource) }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_output_interface> = {
    let table = UnsafeMutablePointer<wl_output_interface>.allocate(capacity: 1)
    table.initialize(to: wl_output_interface(release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()
}

extension FakeCompositor {
  func bindOutput(client: OpaquePointer?, version: UInt32, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_wl_output(), version: Int32(version), id: id)
    else { return }
    let output = OutputResource(resource: resource, compositor: self)
    output.install(implementation: OutputResource.implementation)
    outputs.append(output)
    output.sendState()
  }

  /// Changes the output's integer scale and tells every client (`scale`, `done`).
  public func setOutputScale(_ scale: Int32) {
    configuration.outputScale = max(1, scale)
    for output in outputs { output.sendState() }
  }

  /// The longest side of the output: 8192 pixels, so a screenshot takes at most 256 MiB and the output's
  /// physical size in millimetres stays in 32 bits.
  public static let maximumOutputSide: Int32 = 8192

  /// Changes the output's size (each side clamped to 1...``maximumOutputSide``) and tells every client
  /// (`mode`, `done`).
  public func setOutputSize(width: Int32, height: Int32) {
    configuration.outputWidth = min(max(1, width), Self.maximumOutputSide)
    configuration.outputHeight = min(max(1, height), Self.maximumOutputSide)
    for output in outputs { output.sendState() }
  }

  /// Changes the fractional scale (in 120ths) and sends `preferred_scale` to every fractional-scale object.
  public func setFractionalScale(_ scale: UInt32) {
    configuration.fractionalScale = max(1, scale)
    for object in fractionalScales { wp_fractional_scale_v1_send_preferred_scale(object.resource, scale) }
  }
}
