import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc

/// A raw client's `wl_data_device` (v3) for drags, logging what the compositor sends as text —
/// `enter X,Y offer|none`, `motion X,Y`, `leave`, `drop`, `offer <type>`, `source_actions N`,
/// `action N` for the offer; `target <type>|none`, `send <type>`, `cancelled`, `dnd_drop_performed`,
/// `dnd_finished`, `source action N` for its source. Its source answers each `send` with
/// `dragged:<type>`.
final class DragProbe {
  var events: [String] = []
  /// The offer the latest `enter` brought.
  var offer: OpaquePointer?
  let client: WireClient
  let device: OpaquePointer
  let manager: OpaquePointer

  init(_ client: WireClient, seat: OpaquePointer) {
    self.client = client
    manager = client.bind("wl_data_device_manager", tactile_iface_wl_data_device_manager(), version: 3)
    device = client.own(wl_data_device_manager_get_data_device(manager, seat))
    wl_data_device_add_listener(device, &Self.deviceListener, data)
  }

  private var data: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  private static func from(_ data: UnsafeMutableRawPointer?) -> DragProbe {
    Unmanaged<DragProbe>.fromOpaque(data!).takeUnretainedValue()
  }

  /// A source offering `types` with `actions`, dragged from `origin` with `serial` (and `icon`).
  @discardableResult
  func startDrag(
    types: [String], actions: UInt32 = 3, origin: OpaquePointer, icon: OpaquePointer? = nil, serial: UInt32
  ) -> OpaquePointer {
    let source = client.own(wl_data_device_manager_create_data_source(manager))
    wl_data_source_add_listener(source, &Self.sourceListener, data)
    for type in types { wl_data_source_offer(source, type) }
    wl_data_source_set_actions(source, actions)
    wl_data_device_start_drag(device, source, origin, icon, serial)
    return source
  }

  /// Asks the current offer for `type` and returns the pipe's non-blocking read end.
  func receive(_ type: String) -> Int32 {
    var ends: [Int32] = [-1, -1]
    _ = tactile_pipe(&ends, 0)
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    wl_data_offer_receive(offer, type, ends[1])
    close(ends[1])
    return ends[0]
  }

  nonisolated(unsafe) static var deviceListener = wl_data_device_listener(
    data_offer: { data, _, offer in
      let probe = from(data)
      probe.client.own(offer)
      wl_data_offer_add_listener(offer, &offerListener, data)
    },
    enter: { data, _, _, _, x, y, offer in
      let probe = from(data)
      probe.offer = offer
      probe.events.append(
        "enter \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y)) \(offer == nil ? "none" : "offer")")
    },
    leave: { data, _ in from(data).events.append("leave") },
    motion: { data, _, _, x, y in
      from(data).events.append("motion \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    drop: { data, _ in from(data).events.append("drop") },
    selection: { _, _, _ in })

  nonisolated(unsafe) static var offerListener = wl_data_offer_listener(
    offer: { data, _, type in from(data).events.append("offer \(String(cString: type!))") },
    source_actions: { data, _, actions in from(data).events.append("source_actions \(actions)") },
    action: { data, _, action in from(data).events.append("action \(action)") })

  nonisolated(unsafe) static var sourceListener = wl_data_source_listener(
    target: { data, _, type in
      from(data).events.append("target \(type.map { String(cString: $0) } ?? "none")")
    },
    send: { data, _, type, fd in
      let type = String(cString: type!)
      from(data).events.append("send \(type)")
      let reply = Array("dragged:\(type)".utf8)
      _ = reply.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      close(fd)
    },
    cancelled: { data, _ in from(data).events.append("cancelled") },
    dnd_drop_performed: { data, _ in from(data).events.append("dnd_drop_performed") },
    dnd_finished: { data, _ in from(data).events.append("dnd_finished") },
    action: { data, _, action in from(data).events.append("source action \(action)") })
}
