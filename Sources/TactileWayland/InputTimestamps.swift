import CWaylandClient
import CWaylandProtocols

/// One device's `zwp_input_timestamps_v1` (input-timestamps-unstable-v1): the nanosecond time the
/// compositor sends just before each `wl_touch`, `wl_pointer` or `wl_keyboard` event that carries a
/// millisecond `time`.
///
/// The device asks ``seconds(forMilliseconds:)`` for the time of every event with a `time`, in the
/// order the events arrive: the nanosecond time sent before it if there is one (it then stops waiting),
/// else the millisecond time. A nanosecond time is folded into the 2³² milliseconds the protocol's
/// `time` wraps in (``inputSeconds(nanoseconds:)``), so that times from both sources lie on one clock
/// and compare with each other; on a compositor that follows the protocol they differ by less than a
/// millisecond for the same event.
@MainActor
final class InputTimestamps {
  /// Which device's events the object gives the times of.
  enum Device {
    case touch(Proxy<WlTouch>)
    case pointer(Proxy<WlPointer>)
    case keyboard(Proxy<WlKeyboard>)
  }

  private let proxy: OpaquePointer
  /// The nanosecond time of the coming event, in seconds, between the `timestamp` and that event.
  private var pending: Double?

  /// Subscribes `device` to nanosecond times with `manager` (a `zwp_input_timestamps_manager_v1`).
  init(manager: OpaquePointer, device: Device) {
    proxy =
      switch device {
      case .touch(let touch): zwp_input_timestamps_manager_v1_get_touch_timestamps(manager, touch.raw)
      case .pointer(let pointer): zwp_input_timestamps_manager_v1_get_pointer_timestamps(manager, pointer.raw)
      case .keyboard(let keyboard):
        zwp_input_timestamps_manager_v1_get_keyboard_timestamps(manager, keyboard.raw)
      }
    zwp_input_timestamps_v1_add_listener(proxy, Self.listener, listenerData(self))
  }

  /// Unsubscribes: the compositor sends no more nanosecond times for the device.
  isolated deinit {
    zwp_input_timestamps_v1_destroy(proxy)
  }

  /// The time, in seconds on the input clock, of the event that carries `milliseconds`: the nanosecond
  /// time sent just before it, if one was (which this consumes), else `milliseconds`.
  func seconds(forMilliseconds milliseconds: UInt32) -> Double {
    defer { pending = nil }
    return pending ?? inputSeconds(milliseconds)
  }

  private static let listener = permanentListener(
    zwp_input_timestamps_v1_listener(
      timestamp: { data, _, secondsHigh, secondsLow, nanoseconds in
        let seconds = UInt64(secondsHigh) << 32 | UInt64(secondsLow)
        let time = inputSeconds(nanoseconds: seconds &* 1_000_000_000 &+ UInt64(nanoseconds))
        withListenerTarget(data, InputTimestamps.self) { $0.pending = time }
      }))
}

/// The nanoseconds in the 2³² milliseconds that the protocol's millisecond `time` wraps in.
let inputClockPeriodNanoseconds: UInt64 = (1 << 32) * 1_000_000

/// Seconds on the input clock from a nanosecond time on the compositor's input clock, wrapped as the
/// protocol's millisecond times wrap (``inputClockPeriodNanoseconds``), so that it agrees with
/// `inputSeconds(_:)` of the same event's millisecond time to within a millisecond.
func inputSeconds(nanoseconds: UInt64) -> Double {
  Double(nanoseconds % inputClockPeriodNanoseconds) / 1e9
}
