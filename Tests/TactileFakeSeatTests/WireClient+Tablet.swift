import CWaylandClient
import CWaylandProtocols

/// A tablet tool proxy's listener target: the client it logs into and the tool's name (its type, once
/// sent: `pen`, `eraser`, or the number).
final class WireTabletTool {
  unowned let client: WireClient
  let proxy: OpaquePointer
  var name = "tool"

  init(client: WireClient, proxy: OpaquePointer) {
    self.client = client
    self.proxy = proxy
  }

  static func from(_ data: UnsafeMutableRawPointer?) -> WireTabletTool {
    Unmanaged<WireTabletTool>.fromOpaque(data!).takeUnretainedValue()
  }

  func note(_ line: String) { client.events.append("\(name).\(line)") }
}

/// tablet-unstable-v2 on the test client: every event of the tablet seat, its tablets and tools, logged
/// into ``WireClient/events`` (`tablet.name …`, `pen.down SERIAL`, `eraser.motion X,Y`, …).
extension WireClient {
  /// Binds `zwp_tablet_manager_v2` and gets the tablet seat of `seat`, listening to everything on it.
  ///
  /// - Returns: The tablet seat.
  @discardableResult
  func listenToTablets(of seat: OpaquePointer) -> OpaquePointer {
    let manager = bind("zwp_tablet_manager_v2", tactile_iface_zwp_tablet_manager_v2(), version: 1)
    let tabletSeat = own(zwp_tablet_manager_v2_get_tablet_seat(manager, seat))
    zwp_tablet_seat_v2_add_listener(tabletSeat, &WireClient.tabletSeatListener, userData)
    return tabletSeat
  }

  /// The tool proxies announced so far, in order (the pen first).
  var tabletTools: [OpaquePointer] { listenerTargets.compactMap { ($0 as? WireTabletTool)?.proxy } }

  nonisolated(unsafe) static var tabletSeatListener = zwp_tablet_seat_v2_listener(
    tablet_added: { data, _, tablet in
      let client = WireClient.from(data)
      client.own(tablet)
      zwp_tablet_v2_add_listener(tablet, &WireClient.tabletListener, data)
      client.events.append("seat.tablet_added")
    },
    tool_added: { data, _, tool in
      let client = WireClient.from(data)
      let target = WireTabletTool(client: client, proxy: client.own(tool))
      client.listenerTargets.append(target)
      zwp_tablet_tool_v2_add_listener(
        tool, &WireClient.tabletToolListener, Unmanaged.passUnretained(target).toOpaque())
      client.events.append("seat.tool_added")
    },
    pad_added: { data, _, _ in WireClient.from(data).events.append("seat.pad_added") })

  nonisolated(unsafe) static var tabletListener = zwp_tablet_v2_listener(
    name: { data, _, name in note(data, "tablet.name \(String(cString: name!))") },
    id: { data, _, vid, pid in note(data, "tablet.id \(vid) \(pid)") },
    path: { data, _, path in note(data, "tablet.path \(String(cString: path!))") },
    done: { data, _ in note(data, "tablet.done") },
    removed: { data, _ in note(data, "tablet.removed") })

  nonisolated(unsafe) static var tabletToolListener = zwp_tablet_tool_v2_listener(
    type: { data, _, type in
      let tool = WireTabletTool.from(data)
      tool.name = type == 0x140 ? "pen" : type == 0x141 ? "eraser" : "tool\(type)"
      tool.note("type")
    },
    hardware_serial: { data, _, high, low in WireTabletTool.from(data).note("serial \(high) \(low)") },
    hardware_id_wacom: { _, _, _, _ in },
    capability: { data, _, capability in WireTabletTool.from(data).note("capability \(capability)") },
    done: { data, _ in WireTabletTool.from(data).note("done") },
    removed: { data, _ in WireTabletTool.from(data).note("removed") },
    proximity_in: { data, _, serial, tablet, surface in
      WireTabletTool.from(data).note("proximity_in \(serial) \(tablet != nil) \(surface != nil)")
    },
    proximity_out: { data, _ in WireTabletTool.from(data).note("proximity_out") },
    down: { data, _, serial in WireTabletTool.from(data).note("down \(serial)") },
    up: { data, _ in WireTabletTool.from(data).note("up") },
    motion: { data, _, x, y in
      WireTabletTool.from(data).note("motion \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    pressure: { data, _, pressure in WireTabletTool.from(data).note("pressure \(pressure)") },
    distance: { data, _, distance in WireTabletTool.from(data).note("distance \(distance)") },
    tilt: { data, _, x, y in
      WireTabletTool.from(data).note("tilt \(wl_fixed_to_double(x)),\(wl_fixed_to_double(y))")
    },
    rotation: { data, _, degrees in WireTabletTool.from(data).note("rotation \(wl_fixed_to_double(degrees))")
    },
    slider: { _, _, _ in },
    wheel: { _, _, _, _ in },
    button: { data, _, serial, button, state in
      WireTabletTool.from(data).note("button \(serial) \(button) \(state)")
    },
    frame: { data, _, time in WireTabletTool.from(data).note("frame \(time)") })
}
