import CWaylandClient
import CWaylandProtocols
import TactileGeometry

/// A seat's `wl_data_device` or `zwp_primary_selection_device_v1`: which offer is the seat's current
/// selection, and where this client sets it.
///
/// Offers are announced (`data_offer`) before they are used; `selection` names the current one (or
/// none) and the previous one is destroyed. A clipboard device also carries drag and drop: the offer a
/// drag brings (`enter`) goes with the drag's `motion`, `leave` and `drop` to ``dropTarget``, which owns
/// it from then on; a drag starts with ``startDrag(_:origin:icon:serial:)``.
@MainActor
final class SelectionDevice {
  let kind: SelectionKind
  private let proxy: OpaquePointer
  /// Keeps the `wl_display` alive until the proxy is destroyed.
  private let connection: WaylandConnection
  /// Offers announced and not yet named by `selection` or `enter`.
  private var announced: [ProxyKey: SelectionOffer] = [:]
  /// The seat's current selection, when it is one that some client offers.
  private(set) var selection: SelectionOffer?
  /// Where drags over this client's surfaces go (the display's).
  weak var dropTarget: DropTarget?

  /// Gets the device of `kind` for `seat` from `manager`.
  init(kind: SelectionKind, manager: OpaquePointer, seat: OpaquePointer, connection: WaylandConnection) {
    self.kind = kind
    self.connection = connection
    switch kind {
    case .clipboard:
      proxy = wl_data_device_manager_get_data_device(manager, seat)
      wl_data_device_add_listener(proxy, Self.dataDeviceListener, listenerData(self))
    case .primary:
      proxy = zwp_primary_selection_device_manager_v1_get_device(manager, seat)
      zwp_primary_selection_device_v1_add_listener(proxy, Self.primaryDeviceListener, listenerData(self))
    }
  }

  isolated deinit {
    announced.removeAll()
    selection = nil
    switch kind {
    case .clipboard:
      if wl_data_device_get_version(proxy) >= 2 {
        wl_data_device_release(proxy)
      } else {
        wl_data_device_destroy(proxy)
      }
    case .primary: zwp_primary_selection_device_v1_destroy(proxy)
    }
  }

  /// Makes `source` the seat's selection (or clears it with `nil`).
  ///
  /// - Parameters:
  ///   - source: The text to offer; it must be of this device's kind.
  ///   - serial: The serial of the input event that caused the change (compositors ignore others).
  func setSelection(_ source: SelectionSource?, serial: UInt32) {
    switch kind {
    case .clipboard: wl_data_device_set_selection(proxy, source?.proxy, serial)
    case .primary: zwp_primary_selection_device_v1_set_selection(proxy, source?.proxy, serial)
    }
  }

  private func announce(_ offer: ProxyKey) {
    announced[offer] = SelectionOffer(kind: kind, proxy: offer.proxy, connection: connection)
  }

  private func selectionChanged(to offer: ProxyKey?) {
    selection = offer.flatMap { announced.removeValue(forKey: $0) }
  }

  /// Starts a drag of `source` from `origin` with the serial of the press that lifted it (the device
  /// must be a clipboard device).
  func startDrag(_ source: DragSource, origin: OpaquePointer, icon: OpaquePointer?, serial: UInt32) {
    wl_data_device_start_drag(proxy, source.proxy, origin, icon, serial)
  }

  private func dragEntered(
    _ offer: ProxyKey?, surface: ProxyKey?, at point: Point, serial: UInt32
  ) {
    let entered = offer.flatMap { announced.removeValue(forKey: $0) }
    guard let surface else { return }
    dropTarget?.entered(entered, surface: surface, at: point, serial: serial)
  }

  private static let dataDeviceListener = permanentListener(
    wl_data_device_listener(
      data_offer: { data, _, offer in
        guard let offer = offer.map(ProxyKey.init) else { return }
        withListenerTarget(data, SelectionDevice.self) { $0.announce(offer) }
      },
      enter: { data, _, serial, surface, x, y, offer in
        let offer = offer.map(ProxyKey.init)
        let surface = surface.map(ProxyKey.init)
        let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        withListenerTarget(data, SelectionDevice.self) {
          $0.dragEntered(offer, surface: surface, at: point, serial: serial)
        }
      },
      leave: { data, _ in
        withListenerTarget(data, SelectionDevice.self) { $0.dropTarget?.left() }
      },
      motion: { data, _, _, x, y in
        let point = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        withListenerTarget(data, SelectionDevice.self) { $0.dropTarget?.moved(to: point) }
      },
      drop: { data, _ in
        withListenerTarget(data, SelectionDevice.self) { $0.dropTarget?.dropped() }
      },
      selection: { data, _, offer in
        let offer = offer.map(ProxyKey.init)
        withListenerTarget(data, SelectionDevice.self) { $0.selectionChanged(to: offer) }
      }))

  private static let primaryDeviceListener = permanentListener(
    zwp_primary_selection_device_v1_listener(
      data_offer: { data, _, offer in
        guard let offer = offer.map(ProxyKey.init) else { return }
        withListenerTarget(data, SelectionDevice.self) { $0.announce(offer) }
      },
      selection: { data, _, offer in
        let offer = offer.map(ProxyKey.init)
        withListenerTarget(data, SelectionDevice.self) { $0.selectionChanged(to: offer) }
      }))
}
