import CWaylandClient
import CWaylandProtocols

// The listener tables of a window's objects. Each entry converts C values to plain ones and forwards to
// the window's handler (WaylandWindow+Configure.swift, WaylandWindow+Drawing.swift).
extension WaylandWindow {
  static let surfaceListener = permanentListener(
    wl_surface_listener(
      enter: { data, _, output in
        guard let output = output.map(ProxyKey.init) else { return }
        withListenerTarget(data, WaylandWindow.self) { $0.entered(output) }
      },
      leave: { data, _, output in
        guard let output = output.map(ProxyKey.init) else { return }
        withListenerTarget(data, WaylandWindow.self) { $0.outputRemoved(output) }
      }))

  static let xdgSurfaceListener = permanentListener(
    xdg_surface_listener(configure: { data, _, serial in
      withListenerTarget(data, WaylandWindow.self) { $0.configured(serial: serial) }
    }))

  static let toplevelListener = permanentListener(
    xdg_toplevel_listener(
      configure: { data, _, width, height, states in
        let values = states.map(WaylandWindow.uint32s) ?? []
        withListenerTarget(data, WaylandWindow.self) {
          $0.toplevelConfigured(width: width, height: height, states: values)
        }
      },
      close: { data, _ in
        withListenerTarget(data, WaylandWindow.self) { $0.onCloseRequest?() }
      },
      configure_bounds: { _, _, _, _ in },
      wm_capabilities: { _, _, _ in }))

  static let popupListener = permanentListener(
    xdg_popup_listener(
      configure: { data, _, x, y, width, height in
        withListenerTarget(data, WaylandWindow.self) {
          $0.popupConfigured(x: x, y: y, width: width, height: height)
        }
      },
      popup_done: { data, _ in
        withListenerTarget(data, WaylandWindow.self) { $0.onPopupDone?() }
      },
      repositioned: { _, _, _ in }))

  static let decorationListener = permanentListener(
    zxdg_toplevel_decoration_v1_listener(configure: { data, _, mode in
      let serverSide = mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
      withListenerTarget(data, WaylandWindow.self) { $0.decorations = serverSide ? .serverSide : .clientSide }
    }))

  static let fractionalListener = permanentListener(
    wp_fractional_scale_v1_listener(preferred_scale: { data, _, scale in
      withListenerTarget(data, WaylandWindow.self) { $0.preferredFractionalScale(scale) }
    }))

  static let frameListener = permanentListener(
    wl_callback_listener(done: { data, callback, _ in
      guard let callback = callback.map(ProxyKey.init) else { return }
      withListenerTarget(data, WaylandWindow.self) { $0.frameDone(callback) }
    }))

  /// The `uint32` elements of a `wl_array`.
  nonisolated private static func uint32s(_ array: UnsafeMutablePointer<wl_array>) -> [UInt32] {
    let count = array.pointee.size / MemoryLayout<UInt32>.size
    guard count > 0, let base = array.pointee.data else { return [] }
    return Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count))
  }
}
