import CWaylandClient
import CWaylandProtocols

/// One `wl_output` (a monitor) and the integer scale it asks clients to draw at.
///
/// Created by ``WaylandDisplay`` when the global appears and dropped when it disappears; changes are
/// applied atomically at `done` and then reported through ``onChange``.
@MainActor
final class Output {
  let proxy: OpaquePointer
  let version: UInt32
  /// The scale applied at the last `done`.
  private(set) var scale = 1
  /// Called after each `done` that changed ``scale``.
  var onChange: (() -> Void)?
  private var pendingScale = 1
  private let connection: WaylandConnection

  init(proxy: OpaquePointer, version: UInt32, connection: WaylandConnection) {
    self.proxy = proxy
    self.version = version
    self.connection = connection
    wl_output_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
  }

  private func done() {
    let changed = pendingScale != scale
    scale = pendingScale
    if changed { onChange?() }
  }

  private static let listener = permanentListener(
    wl_output_listener(
      geometry: { _, _, _, _, _, _, _, _, _, _ in },
      mode: { _, _, _, _, _, _ in },
      done: { data, _ in withListenerTarget(data, Output.self) { $0.done() } },
      scale: { data, _, factor in
        withListenerTarget(data, Output.self) { $0.pendingScale = Int(factor) }
      },
      name: { _, _, _ in },
      description: { _, _, _ in }))
}
