import CWaylandClient
import CWaylandProtocols

/// A placeholder for real input: reports a pointer button going down or a touch going down on a surface,
/// with its surface-local position in logical units, and nothing else.
///
/// Enough for a first example to react to a click or a tap. The input issue replaces it with the touch,
/// pointer and keyboard trackers that feed the core's event model (frames, cancel, serials, keymaps).
@MainActor
final class PressSeat {
  let globalName: UInt32
  private let proxy: OpaquePointer
  private let version: UInt32
  private var pointer: OpaquePointer?
  private var touch: OpaquePointer?
  private var pointerSurface: ProxyKey?
  private var pointerPosition = (x: 0.0, y: 0.0)
  private let onPress: @MainActor (_ surface: ProxyKey, _ x: Double, _ y: Double) -> Void
  private let connection: WaylandConnection

  init(
    globalName: UInt32, proxy: OpaquePointer, version: UInt32, connection: WaylandConnection,
    onPress: @escaping @MainActor (ProxyKey, Double, Double) -> Void
  ) {
    self.globalName = globalName
    self.proxy = proxy
    self.version = version
    self.connection = connection
    self.onPress = onPress
    wl_seat_add_listener(proxy, Self.seatListener, listenerData(self))
  }

  isolated deinit {
    setCapabilities(0)
    if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
  }

  private func setCapabilities(_ capabilities: UInt32) {
    let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
    let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
    if hasPointer, pointer == nil {
      pointer = wl_seat_get_pointer(proxy)
      wl_pointer_add_listener(pointer, Self.pointerListener, listenerData(self))
    } else if !hasPointer, let old = pointer {
      if version >= 3 { wl_pointer_release(old) } else { wl_pointer_destroy(old) }
      pointer = nil
      pointerSurface = nil
    }
    if hasTouch, touch == nil {
      touch = wl_seat_get_touch(proxy)
      wl_touch_add_listener(touch, Self.touchListener, listenerData(self))
    } else if !hasTouch, let old = touch {
      if version >= 3 { wl_touch_release(old) } else { wl_touch_destroy(old) }
      touch = nil
    }
  }

  private func pointerButton(pressed: Bool) {
    guard pressed, let surface = pointerSurface else { return }
    onPress(surface, pointerPosition.x, pointerPosition.y)
  }

  private static let seatListener = permanentListener(
    wl_seat_listener(
      capabilities: { data, _, capabilities in
        withListenerTarget(data, PressSeat.self) { $0.setCapabilities(capabilities) }
      },
      name: { _, _, _ in }))

  private static let pointerListener = permanentListener(
    wl_pointer_listener(
      enter: { data, _, _, surface, x, y in
        let surface = surface.map(ProxyKey.init)
        let position = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        withListenerTarget(data, PressSeat.self) {
          $0.pointerSurface = surface
          $0.pointerPosition = position
        }
      },
      leave: { data, _, _, _ in
        withListenerTarget(data, PressSeat.self) { $0.pointerSurface = nil }
      },
      motion: { data, _, _, x, y in
        let position = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        withListenerTarget(data, PressSeat.self) { $0.pointerPosition = position }
      },
      button: { data, _, _, _, _, state in
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        withListenerTarget(data, PressSeat.self) { $0.pointerButton(pressed: pressed) }
      },
      axis: { _, _, _, _, _ in },
      frame: { _, _ in },
      axis_source: { _, _, _ in },
      axis_stop: { _, _, _, _ in },
      axis_discrete: { _, _, _, _ in },
      axis_value120: { _, _, _, _ in }))

  private static let touchListener = permanentListener(
    wl_touch_listener(
      down: { data, _, _, _, surface, _, x, y in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let position = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        withListenerTarget(data, PressSeat.self) { $0.onPress(surface, position.0, position.1) }
      },
      up: { _, _, _, _, _ in },
      motion: { _, _, _, _, _, _ in },
      frame: { _, _ in },
      cancel: { _, _ in },
      shape: { _, _, _, _, _ in },
      orientation: { _, _, _, _ in }))
}
