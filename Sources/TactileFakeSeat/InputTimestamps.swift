import CWaylandServer
import CWaylandServerProtocols

/// A `zwp_input_timestamps_v1` (input-timestamps-unstable-v1): one client's subscription to nanosecond
/// times for one `wl_touch`, `wl_pointer` or `wl_keyboard`.
///
/// Until the client destroys it, the compositor sends `timestamp` just before each event of that device
/// that carries a millisecond `time` (`down`, `up` and `motion`; `motion`, `button`, `axis` and
/// `axis_stop`; `key`), with the same instant in nanoseconds (``FakeCompositor/eventTime``). A
/// subscription whose device was released stays, inert, until the client destroys it.
final class InputTimestampsResource: ResourceObject {
  /// The subscribed device; nil once it was released.
  weak var device: DeviceResource?

  override func resourceDestroyed() {
    device?.timestampSubscriptions.removeAll { $0 === self }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_input_timestamps_v1_interface> = {
    let table = UnsafeMutablePointer<zwp_input_timestamps_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_input_timestamps_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_input_timestamps_manager_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_input_timestamps_manager_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_input_timestamps_manager_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          get_keyboard_timestamps: { client, resource, id, keyboard in
            subscribe(client, resource, id, keyboard)
          },
          get_pointer_timestamps: { client, resource, id, pointer in subscribe(client, resource, id, pointer)
          },
          get_touch_timestamps: { client, resource, id, touch in subscribe(client, resource, id, touch) }))
      return table
    }()

  /// A `get_*_timestamps` request: a subscription for the device resource `device`.
  private static func subscribe(
    _ client: OpaquePointer?, _ manager: OpaquePointer?, _ id: UInt32, _ device: OpaquePointer?
  ) {
    let compositor = PlainResource.from(manager).compositor
    guard
      let resource = createResource(
        client: client, interface: tactile_iface_zwp_input_timestamps_v1(), version: 1, id: id)
    else { return }
    let subscription = InputTimestampsResource(resource: resource, compositor: compositor)
    subscription.install(implementation: implementation)
    let target = DeviceResource.from(device)
    subscription.device = target
    target.timestampSubscriptions.append(subscription)
  }
}

extension FakeCompositor {
  /// The time of an input event about to be sent: the millisecond `time` it carries and the same
  /// instant in nanoseconds, for `zwp_input_timestamps_v1` (one reading of the clock for both). On a
  /// ``Clock/manual(start:)`` clock the nanoseconds are its milliseconds and the part of a millisecond
  /// ``advanceClock(nanoseconds:)`` added.
  var eventTime: (milliseconds: UInt32, nanoseconds: UInt64) {
    let nanoseconds =
      switch configuration.clock {
      case .manual: UInt64(manualTime) * 1_000_000 + UInt64(manualSubmillisecondNanoseconds)
      case .monotonic: monotonicNanoseconds()
      }
    return (UInt32(truncatingIfNeeded: nanoseconds / 1_000_000), nanoseconds)
  }

  /// Sends `timestamp` with `nanoseconds` on each of `device`'s subscriptions: call it just before
  /// sending the device an event that carries a `time`.
  func sendInputTimestamp(to device: DeviceResource, nanoseconds: UInt64) {
    let seconds = nanoseconds / 1_000_000_000
    for subscription in device.timestampSubscriptions {
      zwp_input_timestamps_v1_send_timestamp(
        subscription.resource, UInt32(truncatingIfNeeded: seconds >> 32), UInt32(truncatingIfNeeded: seconds),
        UInt32(nanoseconds % 1_000_000_000))
    }
  }

  /// The `zwp_input_timestamps_manager_v1` global, unless the configuration withholds it
  /// (``Configuration/offersInputTimestamps``).
  func createInputTimestampsGlobal() {
    guard configuration.offersInputTimestamps else { return }
    addGlobal(tactile_iface_zwp_input_timestamps_manager_v1(), version: GlobalVersions.inputTimestamps) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_input_timestamps_manager_v1(), version: version, id: id,
        implementation: InputTimestampsResource.managerImplementation)
    }
  }
}
