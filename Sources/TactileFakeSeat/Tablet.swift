import CWaylandServer
import CWaylandServerProtocols

/// One seat's graphics tablet (`zwp_tablet_manager_v2`, tablet-unstable-v2 version 1): the tablet, its
/// tools, and each tool's contact with a client's surface. The injection API is on
/// `FakeCompositor+Tablet.swift`.
///
/// Every seat has one tablet with a pen and an eraser (``TabletToolKind``). A client's
/// `get_tablet_seat` gets them at once: `tablet_added` (`name`, `id`, `done`), then a `tool_added` per
/// tool (`type`, `hardware_serial`, the capabilities pressure, distance, tilt and rotation, `done`).
/// Pads are not offered.
final class TabletState {
  /// A tool's contact with a surface: from `proximity_in` to `proximity_out`, and the client it was
  /// last in proximity of (where events sent outside proximity go).
  struct Contact {
    weak var surface: Surface?
    var client: OpaquePointer
    /// The serial of its `proximity_in`: the only one the tool's `set_cursor` accepts.
    var serial: UInt32
    var inProximity: Bool
    var isDown = false
  }

  /// Whether the tablet is plugged in (``FakeCompositor/tabletRemove()`` unplugs it).
  var isPresent = true
  /// The tools the tablet has, in the order they are announced.
  var tools: [TabletToolKind] = [.pen, .eraser]
  /// Every client's `zwp_tablet_seat_v2` of this seat.
  var tabletSeats: [TabletSeatResource] = []
  var contacts: [TabletToolKind: Contact] = [:]
  /// The clients that got events of a tool since its last `frame`.
  var clientsSinceFrame: [TabletToolKind: [OpaquePointer]] = [:]

  /// The tool objects of `tool` that belong to `client`, noting the client for the tool's next frame.
  func toolResources(_ tool: TabletToolKind, of client: OpaquePointer) -> [TabletToolResource] {
    if clientsSinceFrame[tool]?.contains(client) != true {
      clientsSinceFrame[tool, default: []].append(client)
    }
    return tabletSeats.filter { $0.client == client }.compactMap { $0.tools[tool] }
  }

  /// Takes the tools `concerned` out of proximity without events; each keeps its latest serial and
  /// client, so that a `set_cursor` already on the wire is not taken for a stale one.
  func endContacts(_ concerned: (TabletToolKind) -> Bool) {
    for tool in contacts.keys where concerned(tool) {
      contacts[tool]?.inProximity = false
      contacts[tool]?.isDown = false
    }
  }

  /// Drops the state of a client that disconnected.
  func forget(client: OpaquePointer) {
    contacts = contacts.filter { $0.value.client != client }
    clientsSinceFrame = clientsSinceFrame.mapValues { $0.filter { $0 != client } }
  }
}

/// A client's `zwp_tablet_seat_v2`: the tablet and tool objects announced on it.
final class TabletSeatResource: ResourceObject {
  let seatState: SeatState
  /// The client's tablet object; nil once the tablet was removed or the client destroyed it.
  var tablet: TabletResource?
  var tools: [TabletToolKind: TabletToolResource] = [:]

  init(resource: OpaquePointer, seatState: SeatState) {
    self.seatState = seatState
    super.init(resource: resource, compositor: seatState.compositor)
  }

  override func resourceDestroyed() {
    seatState.tablet.tabletSeats.removeAll { $0 === self }
  }

  /// Announces the seat's tablet (when plugged in) and tools to the client.
  func announce() {
    let state = seatState.tablet
    if state.isPresent { announceTablet() }
    for tool in state.tools { announce(tool) }
  }

  /// `tablet_added`, then the tablet's description.
  func announceTablet() {
    guard
      let raw = createResource(
        client: client, interface: tactile_iface_zwp_tablet_v2(), version: version, id: 0)
    else { return }
    let object = TabletResource(resource: raw, compositor: compositor)
    object.owner = self
    object.install(implementation: TabletResource.implementation)
    tablet = object
    zwp_tablet_seat_v2_send_tablet_added(resource, raw)
    zwp_tablet_v2_send_name(raw, "Tactile fake tablet")
    zwp_tablet_v2_send_id(raw, 0x1209, 0x7AC7)
    zwp_tablet_v2_send_done(raw)
  }

  /// `tool_added`, then the tool's type, serial and capabilities.
  func announce(_ tool: TabletToolKind) {
    guard
      let raw = createResource(
        client: client, interface: tactile_iface_zwp_tablet_tool_v2(), version: version, id: 0)
    else { return }
    let object = TabletToolResource(resource: raw, seatState: seatState, kind: tool)
    object.install(implementation: TabletToolResource.implementation)
    tools[tool] = object
    zwp_tablet_seat_v2_send_tool_added(resource, raw)
    zwp_tablet_tool_v2_send_type(raw, tool.wireType)
    zwp_tablet_tool_v2_send_hardware_serial(raw, 0, tool.hardwareSerial)
    for capability in [
      ZWP_TABLET_TOOL_V2_CAPABILITY_TILT, ZWP_TABLET_TOOL_V2_CAPABILITY_PRESSURE,
      ZWP_TABLET_TOOL_V2_CAPABILITY_DISTANCE, ZWP_TABLET_TOOL_V2_CAPABILITY_ROTATION,
    ] {
      zwp_tablet_tool_v2_send_capability(raw, capability.rawValue)
    }
    zwp_tablet_tool_v2_send_done(raw)
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_tablet_seat_v2_interface> = {
    let table = UnsafeMutablePointer<zwp_tablet_seat_v2_interface>.allocate(capacity: 1)
    table.initialize(to: .init(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_tablet_manager_v2_interface> = {
      let table = UnsafeMutablePointer<zwp_tablet_manager_v2_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_tablet_manager_v2_interface(
          get_tablet_seat: { client, manager, id, seat in
            let owner = PlainResource.from(manager)
            guard let seat,
              let raw = createResource(
                client: client, interface: tactile_iface_zwp_tablet_seat_v2(), version: owner.version,
                id: id)
            else { return }
            let state = SeatResource.from(seat).seatState
            let object = TabletSeatResource(resource: raw, seatState: state)
            object.install(implementation: TabletSeatResource.implementation)
            state.tablet.tabletSeats.append(object)
            object.announce()
          },
          destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
}

/// A client's `zwp_tablet_v2`.
final class TabletResource: ResourceObject {
  weak var owner: TabletSeatResource?

  override func resourceDestroyed() {
    if owner?.tablet === self { owner?.tablet = nil }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_tablet_v2_interface> = {
    let table = UnsafeMutablePointer<zwp_tablet_v2_interface>.allocate(capacity: 1)
    table.initialize(to: .init(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()
}

/// A client's `zwp_tablet_tool_v2`.
final class TabletToolResource: ResourceObject {
  let seatState: SeatState
  let kind: TabletToolKind

  init(resource: OpaquePointer, seatState: SeatState, kind: TabletToolKind) {
    self.seatState = seatState
    self.kind = kind
    super.init(resource: resource, compositor: seatState.compositor)
  }

  override func resourceDestroyed() {
    for object in seatState.tablet.tabletSeats where object.tools[kind] === self { object.tools[kind] = nil }
  }

  /// `set_cursor`: accepted only with the serial of the tool's latest `proximity_in` to this client
  /// (logged like `wl_pointer.set_cursor`; a stale serial is a ``Failure``). A request that crossed the
  /// tool's `proximity_out` on the wire is accepted too: the client could not know yet.
  func setCursor(serial: UInt32, surface: Surface?) {
    let contact = seatState.tablet.contacts[kind]
    let accepted = contact?.serial == serial && contact?.client == client
    compositor.log(.setCursor(serial: serial, accepted: accepted), surface: surface)
    guard accepted else {
      compositor.recordFailure(
        interface: "zwp_tablet_tool_v2",
        "set_cursor with serial \(serial), not the latest proximity_in serial")
      return
    }
    guard let surface else { return }
    switch surface.role {
    case .none: surface.role = .cursor
    case .cursor: break
    default: postError(code: ZWP_TABLET_TOOL_V2_ERROR_ROLE.rawValue, "cursor surface has another role")
    }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_tablet_tool_v2_interface> = {
    let table = UnsafeMutablePointer<zwp_tablet_tool_v2_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_tablet_tool_v2_interface(
        set_cursor: { _, resource, serial, surface, _, _ in
          TabletToolResource.from(resource).setCursor(
            serial: serial, surface: surface.map { Surface.from($0) })
        },
        destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()
}
