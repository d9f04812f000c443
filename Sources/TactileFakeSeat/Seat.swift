import CWaylandServer
import CWaylandServerProtocols

/// One client's `wl_seat` (version up to 8), of one of the compositor's seats.
final class SeatResource: ResourceObject {
  /// The seat this resource stands for.
  let seatState: SeatState

  init(resource: OpaquePointer, seatState: SeatState) {
    self.seatState = seatState
    super.init(resource: resource, compositor: seatState.compositor)
  }

  override func resourceDestroyed() {
    seatState.seats.removeAll { $0 === self }
  }

  func sendCapabilities() {
    wl_seat_send_capabilities(resource, seatState.capabilities.rawValue)
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_seat_interface> = {
    let table = UnsafeMutablePointer<wl_seat_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_seat_interface(
        get_pointer: { client, resource, id in SeatResource.from(resource).createDevice(.pointer, client, id)
        },
        get_keyboard: { client, resource, id in
          SeatResource.from(resource).createDevice(.keyboard, client, id)
        },
        get_touch: { client, resource, id in SeatResource.from(resource).createDevice(.touch, client, id) },
        release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  /// Creates a pointer, keyboard or touch for the client. Asking for a capability the seat never had is
  /// the protocol error `missing_capability`; one it lost since gives an inert object, as the protocol
  /// allows for the race with a capability change.
  func createDevice(_ kind: Capabilities, _ client: OpaquePointer?, _ id: UInt32) {
    let seat = seatState
    guard seat.everHad.contains(kind) else {
      postError(code: WL_SEAT_ERROR_MISSING_CAPABILITY.rawValue, "the seat never had \(kind)")
      return
    }
    let interface =
      kind == .pointer
      ? tactile_iface_wl_pointer()
      : kind == .keyboard ? tactile_iface_wl_keyboard() : tactile_iface_wl_touch()
    guard let resource = createResource(client: client, interface: interface, version: version, id: id)
    else { return }
    let device = DeviceResource(resource: resource, seatState: seat, kind: kind)
    device.install(implementation: DeviceResource.implementation(for: kind))
    switch kind {
    case .pointer: seat.pointers.append(device)
    case .keyboard:
      seat.keyboards.append(device)
      compositor.sendKeyboardSetup(to: device)
    default: seat.touches.append(device)
    }
  }
}

/// One client's `wl_pointer`, `wl_keyboard` or `wl_touch`, of one seat.
final class DeviceResource: ResourceObject {
  let kind: Capabilities
  /// The seat the device belongs to.
  let seatState: SeatState
  /// The client's `zwp_input_timestamps_v1` objects for this device (`InputTimestamps.swift`).
  var timestampSubscriptions: [InputTimestampsResource] = []

  init(resource: OpaquePointer, seatState: SeatState, kind: Capabilities) {
    self.kind = kind
    self.seatState = seatState
    super.init(resource: resource, compositor: seatState.compositor)
  }

  override func resourceDestroyed() {
    let seat = seatState
    seat.pointers.removeAll { $0 === self }
    seat.keyboards.removeAll { $0 === self }
    seat.touches.removeAll { $0 === self }
    compositor.gestureObjects.removeAll { $0.pointer === self }
  }

  static func implementation(for kind: Capabilities) -> UnsafeRawPointer {
    switch kind {
    case .pointer: UnsafeRawPointer(pointerImplementation)
    case .keyboard: UnsafeRawPointer(keyboardImplementation)
    default: UnsafeRawPointer(touchImplementation)
    }
  }

  nonisolated(unsafe) static let pointerImplementation: UnsafeMutablePointer<wl_pointer_interface> = {
    let table = UnsafeMutablePointer<wl_pointer_interface>.allocate(capacity: 1)
    table.initialize(
      to: wl_pointer_interface(
        set_cursor: { _, resource, serial, surface, _, _ in
          DeviceResource.from(resource).setCursor(serial: serial, surface: surface.map { Surface.from($0) })
        },
        release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let keyboardImplementation: UnsafeMutablePointer<wl_keyboard_interface> = {
    let table = UnsafeMutablePointer<wl_keyboard_interface>.allocate(capacity: 1)
    table.initialize(to: wl_keyboard_interface(release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let touchImplementation: UnsafeMutablePointer<wl_touch_interface> = {
    let table = UnsafeMutablePointer<wl_touch_interface>.allocate(capacity: 1)
    table.initialize(to: wl_touch_interface(release: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  /// `wl_pointer.set_cursor`: accepted only with the serial of the latest `enter` to this client (a
  /// stale serial is ignored by real compositors and reported here as a ``Failure``).
  func setCursor(serial: UInt32, surface: Surface?) {
    let seat = seatState
    let accepted = serial == seat.pointerEnterSerial && seat.pointerFocus?.client == client
    compositor.log(.setCursor(serial: serial, accepted: accepted), surface: surface)
    guard accepted else {
      compositor.recordFailure(
        interface: "wl_pointer", "set_cursor with serial \(serial), not the latest enter serial")
      return
    }
    guard let surface else { return }
    switch surface.role {
    case .none: surface.role = .cursor
    case .cursor: break
    default: postError(code: WL_POINTER_ERROR_ROLE.rawValue, "cursor surface has another role")
    }
  }
}

extension FakeCompositor {
  /// Creates the `wl_seat` global of `state`.
  func createGlobal(of state: SeatState) {
    state.global = wl_global_create(
      display, tactile_iface_wl_seat(), min(max(1, configuration.seatVersion), GlobalVersions.seat),
      Unmanaged.passUnretained(state).toOpaque()
    ) { client, data, version, id in
      let state = Unmanaged<SeatState>.fromOpaque(data!).takeUnretainedValue()
      state.compositor.bindSeat(state, client: client, version: version, id: id)
    }
  }

  func bindSeat(_ state: SeatState, client: OpaquePointer?, version: UInt32, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_wl_seat(), version: Int32(version), id: id)
    else { return }
    let object = SeatResource(resource: resource, seatState: state)
    object.install(implementation: SeatResource.implementation)
    state.seats.append(object)
    object.sendCapabilities()
    if version >= WL_SEAT_NAME_SINCE_VERSION { wl_seat_send_name(resource, state.name) }
  }

  /// The current capabilities of the seat injection goes to (``useSeat(named:)``).
  public var capabilities: Capabilities { inputSeat.capabilities }

  /// Changes the capabilities of the seat injection goes to at run time and sends
  /// `wl_seat.capabilities` to every client. Losing a device drops its state here (focus, live touch
  /// points) without events, as the protocol says the client must clean up on its own.
  public func setCapabilities(_ capabilities: Capabilities) {
    recording("capabilities \(capabilities.isEmpty ? "none" : capabilities.description)") {
      let seat = inputSeat
      seat.capabilities = capabilities
      seat.everHad.formUnion(capabilities)
      if !capabilities.contains(.pointer) {
        seat.pointerFocus = nil
        seat.pointerEnterSerial = nil
        seat.heldButtons = []
        seat.pointerPressSerial = nil
        if seat.windowGrab?.device == .pointer { seat.windowGrab = nil }
      }
      if !capabilities.contains(.keyboard) { seat.keyboardFocus = nil }
      if !capabilities.contains(.touch) {
        seat.touchPoints = [:]
        if seat.windowGrab?.touchID != nil { seat.windowGrab = nil }
      }
      for object in seat.seats { object.sendCapabilities() }
    }
  }
}
