import CWaylandServer
import CWaylandServerProtocols

/// One client's `wl_seat` (version up to 8).
final class SeatResource: ResourceObject {
  override func resourceDestroyed() {
    compositor.seat.seats.removeAll { $0 === self }
  }

  func sendCapabilities() {
    wl_seat_send_capabilities(resource, compositor.seat.capabilities.rawValue)
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
    let seat = compositor.seat
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
    let device = DeviceResource(resource: resource, compositor: compositor, kind: kind)
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

/// One client's `wl_pointer`, `wl_keyboard` or `wl_touch`.
final class DeviceResource: ResourceObject {
  let kind: Capabilities

  init(resource: OpaquePointer, compositor: FakeCompositor, kind: Capabilities) {
    self.kind = kind
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() {
    let seat = compositor.seat
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
    let seat = compositor.seat
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
  func bindSeat(client: OpaquePointer?, version: UInt32, id: UInt32) {
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_wl_seat(), version: Int32(version), id: id)
    else { return }
    let object = SeatResource(resource: resource, compositor: self)
    object.install(implementation: SeatResource.implementation)
    seat.seats.append(object)
    object.sendCapabilities()
    if version >= WL_SEAT_NAME_SINCE_VERSION { wl_seat_send_name(resource, "seat0") }
  }

  /// The seat's current capabilities.
  public var capabilities: Capabilities { seat.capabilities }

  /// Changes the seat's capabilities at run time and sends `wl_seat.capabilities` to every client. Losing
  /// a device drops its state here (focus, live touch points) without events, as the protocol says the
  /// client must clean up on its own.
  public func setCapabilities(_ capabilities: Capabilities) {
    seat.capabilities = capabilities
    seat.everHad.formUnion(capabilities)
    if !capabilities.contains(.pointer) {
      seat.pointerFocus = nil
      seat.pointerEnterSerial = nil
    }
    if !capabilities.contains(.keyboard) { seat.keyboardFocus = nil }
    if !capabilities.contains(.touch) { seat.touchPoints = [:] }
    for object in seat.seats { object.sendCapabilities() }
  }
}
