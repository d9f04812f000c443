import CWaylandServer
import CWaylandServerProtocols
import TactileTrace

/// The touchpad gestures of `zwp_pointer_gestures_v1` (v3: swipe, pinch, hold): the trace's kinds.
public typealias GestureKind = TouchpadGestureKind

/// One client's swipe, pinch or hold gesture object, tied to one of its pointers.
final class GestureResource: ResourceObject {
  var kind: GestureKind = .swipe
  weak var pointer: DeviceResource?

  override func resourceDestroyed() {
    compositor.gestureObjects.removeAll { $0 === self }
  }

  nonisolated(unsafe) static let swipeImplementation:
    UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_interface>.allocate(capacity: 1)
      table.initialize(to: .init(destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
  nonisolated(unsafe) static let pinchImplementation:
    UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_interface>.allocate(capacity: 1)
      table.initialize(to: .init(destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()
  nonisolated(unsafe) static let holdImplementation:
    UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_pointer_gesture_hold_v1_interface>.allocate(capacity: 1)
      table.initialize(to: .init(destroy: { _, resource in wl_resource_destroy(resource) }))
      return table
    }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_pointer_gestures_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_pointer_gestures_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_pointer_gestures_v1_interface(
          get_swipe_gesture: { client, resource, id, pointer in create(.swipe, client, resource, id, pointer)
          },
          get_pinch_gesture: { client, resource, id, pointer in create(.pinch, client, resource, id, pointer)
          },
          release: { _, resource in wl_resource_destroy(resource) },
          get_hold_gesture: { client, resource, id, pointer in create(.hold, client, resource, id, pointer) })
      )
      return table
    }()

  private static func create(
    _ kind: GestureKind, _ client: OpaquePointer?, _ manager: OpaquePointer?, _ id: UInt32,
    _ pointer: OpaquePointer?
  ) {
    let owner = PlainResource.from(manager)
    let (interface, implementation): (UnsafePointer<wl_interface>?, UnsafeRawPointer) =
      switch kind {
      case .swipe: (tactile_iface_zwp_pointer_gesture_swipe_v1(), UnsafeRawPointer(swipeImplementation))
      case .pinch: (tactile_iface_zwp_pointer_gesture_pinch_v1(), UnsafeRawPointer(pinchImplementation))
      case .hold: (tactile_iface_zwp_pointer_gesture_hold_v1(), UnsafeRawPointer(holdImplementation))
      }
    guard let resource = createResource(client: client, interface: interface, version: owner.version, id: id)
    else { return }
    let object = GestureResource(resource: resource, compositor: owner.compositor)
    object.kind = kind
    object.pointer = DeviceResource.from(pointer)
    object.install(implementation: implementation)
    owner.compositor.gestureObjects.append(object)
  }
}

extension FakeCompositor {
  /// Begins a touchpad gesture on the surface with the pointer focus.
  ///
  /// - Returns: The serial of the `begin` event.
  /// - Throws: ``FakeSeatError/missingCapability(_:)`` without a pointer.
  @discardableResult
  public func gestureBegin(_ kind: GestureKind, fingers: UInt32) throws -> UInt32 {
    try recording("gesture \(kind.rawValue) begin \(fingers)") {
      try require(.pointer)
      let serial = nextSerial()
      let time = now
      guard let focus = inputSeat.pointerFocus else { return serial }
      for object in focusedGestures(kind) {
        switch kind {
        case .swipe:
          zwp_pointer_gesture_swipe_v1_send_begin(object.resource, serial, time, focus.resource, fingers)
        case .pinch:
          zwp_pointer_gesture_pinch_v1_send_begin(object.resource, serial, time, focus.resource, fingers)
        case .hold:
          zwp_pointer_gesture_hold_v1_send_begin(object.resource, serial, time, focus.resource, fingers)
        }
      }
      return serial
    }
  }

  /// Moves a swipe gesture by `dx`, `dy` (surface units).
  public func gestureSwipeUpdate(dx: Double, dy: Double) {
    recording("gesture swipe update \(SessionRecorder.number(dx)) \(SessionRecorder.number(dy))") {
      let time = now
      for object in focusedGestures(.swipe) {
        zwp_pointer_gesture_swipe_v1_send_update(
          object.resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy))
      }
    }
  }

  /// Updates a pinch: movement of the center, absolute scale since begin, rotation delta in degrees.
  public func gesturePinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double) {
    recording(
      dx == 0 && dy == 0
        ? "gesture pinch update \(SessionRecorder.number(scale)) \(SessionRecorder.number(rotation))" : nil,
      kind: "a pinch's centre motion"
    ) {
      let time = now
      for object in focusedGestures(.pinch) {
        zwp_pointer_gesture_pinch_v1_send_update(
          object.resource, time, wl_fixed_from_double(dx), wl_fixed_from_double(dy),
          wl_fixed_from_double(scale),
          wl_fixed_from_double(rotation))
      }
    }
  }

  /// Ends a gesture, completed or cancelled.
  ///
  /// - Returns: The serial of the `end` event.
  @discardableResult
  public func gestureEnd(_ kind: GestureKind, cancelled: Bool = false) -> UInt32 {
    recording("gesture \(kind.rawValue) end" + (cancelled ? " cancel" : "")) {
      let serial = nextSerial()
      let time = now
      let flag: Int32 = cancelled ? 1 : 0
      for object in focusedGestures(kind) {
        switch kind {
        case .swipe: zwp_pointer_gesture_swipe_v1_send_end(object.resource, serial, time, flag)
        case .pinch: zwp_pointer_gesture_pinch_v1_send_end(object.resource, serial, time, flag)
        case .hold: zwp_pointer_gesture_hold_v1_send_end(object.resource, serial, time, flag)
        }
      }
      return serial
    }
  }

  private func focusedGestures(_ kind: GestureKind) -> [GestureResource] {
    let pointers = focusedPointers()
    return gestureObjects.filter { object in
      object.kind == kind && pointers.contains { $0 === object.pointer }
    }
  }
}
