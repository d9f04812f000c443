import CSystem
import CWaylandClient
import CWaylandProtocols
import Glibc

/// A raw client's clipboard or primary-selection device and source, logging what the compositor sends
/// as text: `data_offer`, `offer <type>`, `selection offer|none`, `send <type>`, `cancelled`. Its source
/// answers each `send` by writing `source:<type>` into the fd (small enough never to block).
final class SelectionProbe {
  let primary: Bool
  var events: [String] = []
  /// The offer the latest `selection` named.
  var offer: OpaquePointer?
  private let client: WireClient
  /// The data device (or primary-selection device) it listens to.
  let device: OpaquePointer
  private let manager: OpaquePointer

  /// Binds the manager of `client` and gets the device of `seat`; the proxies it makes (the offers
  /// too) are the client's.
  init(_ client: WireClient, seat: OpaquePointer, primary: Bool = false) {
    self.client = client
    self.primary = primary
    if primary {
      manager = client.bind(
        "zwp_primary_selection_device_manager_v1", tactile_iface_zwp_primary_selection_device_manager_v1(),
        version: 1)
      device = client.own(zwp_primary_selection_device_manager_v1_get_device(manager, seat))
      zwp_primary_selection_device_v1_add_listener(device, &Self.primaryDeviceListener, data)
    } else {
      manager = client.bind("wl_data_device_manager", tactile_iface_wl_data_device_manager(), version: 3)
      device = client.own(wl_data_device_manager_get_data_device(manager, seat))
      wl_data_device_add_listener(device, &Self.dataDeviceListener, data)
    }
  }

  private var data: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  private static func from(_ data: UnsafeMutableRawPointer?) -> SelectionProbe {
    Unmanaged<SelectionProbe>.fromOpaque(data!).takeUnretainedValue()
  }

  /// A new source offering `types`, set as the selection with `serial`; returns the source.
  @discardableResult
  func setSelection(types: [String], serial: UInt32) -> OpaquePointer {
    if primary {
      let source = client.own(zwp_primary_selection_device_manager_v1_create_source(manager))
      zwp_primary_selection_source_v1_add_listener(source, &Self.primarySourceListener, data)
      for type in types { zwp_primary_selection_source_v1_offer(source, type) }
      zwp_primary_selection_device_v1_set_selection(device, source, serial)
      return source
    }
    let source = client.own(wl_data_device_manager_create_data_source(manager))
    wl_data_source_add_listener(source, &Self.dataSourceListener, data)
    for type in types { wl_data_source_offer(source, type) }
    wl_data_device_set_selection(device, source, serial)
    return source
  }

  /// Asks the current offer for `type` and returns the pipe's non-blocking read end.
  func receive(_ type: String) -> Int32 {
    var ends: [Int32] = [-1, -1]
    _ = tactile_pipe(&ends, 0)
    _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
    if primary {
      zwp_primary_selection_offer_v1_receive(offer, type, ends[1])
    } else {
      wl_data_offer_receive(offer, type, ends[1])
    }
    close(ends[1])
    return ends[0]
  }

  fileprivate func announced(_ offer: OpaquePointer?) {
    events.append("data_offer")
    client.own(offer)
    if primary {
      zwp_primary_selection_offer_v1_add_listener(offer, &Self.primaryOfferListener, data)
    } else {
      wl_data_offer_add_listener(offer, &Self.dataOfferListener, data)
    }
  }

  fileprivate func selected(_ offer: OpaquePointer?) {
    self.offer = offer
    events.append(offer == nil ? "selection none" : "selection offer")
  }

  fileprivate func send(_ type: UnsafePointer<CChar>?, _ fd: Int32) {
    let type = String(cString: type!)
    events.append("send \(type)")
    let reply = Array("source:\(type)".utf8)
    _ = reply.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  nonisolated(unsafe) static var dataDeviceListener = wl_data_device_listener(
    data_offer: { data, _, offer in from(data).announced(offer) },
    enter: { _, _, _, _, _, _, _ in }, leave: { _, _ in }, motion: { _, _, _, _, _ in }, drop: { _, _ in },
    selection: { data, _, offer in from(data).selected(offer) })

  nonisolated(unsafe) static var dataOfferListener = wl_data_offer_listener(
    offer: { data, _, type in from(data).events.append("offer \(String(cString: type!))") },
    source_actions: { _, _, _ in }, action: { _, _, _ in })

  nonisolated(unsafe) static var dataSourceListener = wl_data_source_listener(
    target: { _, _, _ in }, send: { data, _, type, fd in from(data).send(type, fd) },
    cancelled: { data, _ in from(data).events.append("cancelled") },
    dnd_drop_performed: { _, _ in }, dnd_finished: { _, _ in }, action: { _, _, _ in })

  nonisolated(unsafe) static var primaryDeviceListener = zwp_primary_selection_device_v1_listener(
    data_offer: { data, _, offer in from(data).announced(offer) },
    selection: { data, _, offer in from(data).selected(offer) })

  nonisolated(unsafe) static var primaryOfferListener = zwp_primary_selection_offer_v1_listener(
    offer: { data, _, type in from(data).events.append("offer \(String(cString: type!))") })

  nonisolated(unsafe) static var primarySourceListener = zwp_primary_selection_source_v1_listener(
    send: { data, _, type, fd in from(data).send(type, fd) },
    cancelled: { data, _ in from(data).events.append("cancelled") })
}

/// Reads what is in a non-blocking pipe now, until its end or until nothing more is there.
func drain(_ fd: Int32) -> (bytes: String, ended: Bool) {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count > 0 {
      bytes += chunk[0..<count]
    } else {
      return (String(decoding: bytes, as: UTF8.self), count == 0)
    }
  }
}
