import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// A pointer's touchpad gestures (`zwp_pointer_gestures_v1`: swipe, pinch, and hold from v3), delivered
/// as ``TactileCore/TouchpadGestureInput`` to the window under the pointer, where the same recognizers that
/// handle fingers receive them (pinch, rotation, pan, long press).
///
/// Each wire event is decoded once into an ``TactileTrace/InputEvent``, recorded, and applied
/// (``apply(_:time:serial:)``). A gesture belongs to the surface with the pointer focus at its `begin`
/// (the surface the protocol names there); its steps carry the pointer's location at the
/// time. `end` with `cancelled` set is delivered as `.cancelled`. A gesture on a surface that is not one of
/// Tactile's windows is ignored. The pinch scale is absolute (relative to the start), the rotation a delta
/// in degrees, as the protocol sends them.
@MainActor
final class TouchpadGestures: InputDevice {
  /// Unowned: the seat owns the pointer, which owns this object (a strong reference made a cycle that
  /// kept every seat with touchpad gestures, and its devices, alive after its display was gone).
  unowned let route: any InputRoute
  private unowned let pointer: PointerDevice
  /// The gesture objects; nil for a device fed decoded events without a wire.
  private let wire: (swipe: OpaquePointer, pinch: OpaquePointer, hold: OpaquePointer?)?
  /// The gesture in progress: its kind, fingers and surface.
  private var current: (kind: TouchpadGestureInput.Kind, fingers: Int, surface: ProxyKey)?

  /// - Parameters:
  ///   - route: Where the gestures go.
  ///   - pointer: The pointer whose location the gestures carry.
  ///   - wire: The `zwp_pointer_gestures_v1` manager and the `wl_pointer` to get the gesture objects
  ///     of; nil for a device without a wire.
  init(
    route: any InputRoute, pointer: PointerDevice, wire: (manager: OpaquePointer, pointer: Proxy<WlPointer>)?
  ) {
    self.route = route
    self.pointer = pointer
    guard let (manager, proxy) = wire else {
      self.wire = nil
      return
    }
    let swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, proxy.raw)!
    let pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, proxy.raw)!
    let hold =
      zwp_pointer_gestures_v1_get_version(manager) >= 3
      ? zwp_pointer_gestures_v1_get_hold_gesture(manager, proxy.raw) : nil
    self.wire = (swipe, pinch, hold)
    zwp_pointer_gesture_swipe_v1_add_listener(swipe, Self.swipeListener, listenerData(self))
    zwp_pointer_gesture_pinch_v1_add_listener(pinch, Self.pinchListener, listenerData(self))
    if let hold { zwp_pointer_gesture_hold_v1_add_listener(hold, Self.holdListener, listenerData(self)) }
  }

  isolated deinit {
    guard let wire else { return }
    zwp_pointer_gesture_swipe_v1_destroy(wire.swipe)
    zwp_pointer_gesture_pinch_v1_destroy(wire.pinch)
    if let hold = wire.hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
  }

  /// The pointer lost its focus or capability: a gesture in progress is cancelled.
  func cancel() {
    guard current != nil else { return }
    deliver(.cancelled, time: 0)
    current = nil
  }

  /// A `begin` starts a gesture on the pointer's focus (cancelling one in progress), its updates and
  /// `end` go to that gesture.
  func apply(_ event: InputEvent, time: UInt32?, serial: UInt32) {
    let time = time ?? 0
    switch event {
    case .gestureBegin(let kind, let fingers):
      cancel()
      guard let surface = pointer.focus, route.window(for: surface) != nil else { return }
      current = (Self.kind(kind), Int(fingers), surface)
      deliver(.began, time: time)
    case .gestureSwipeUpdate(let dx, let dy): deliver(.changed, time: time, delta: Point(x: dx, y: dy))
    case .gesturePinchUpdate(let dx, let dy, let scale, let rotation):
      deliver(.changed, time: time, delta: Point(x: dx, y: dy), scale: scale, rotation: rotation)
    case .gestureEnd(_, let cancelled):
      deliver(cancelled ? .cancelled : .ended, time: time)
      current = nil
    default: return
    }
  }

  private static func kind(_ kind: TouchpadGestureKind) -> TouchpadGestureInput.Kind {
    switch kind {
    case .swipe: .swipe
    case .pinch: .pinch
    case .hold: .hold
    }
  }

  private func deliver(
    _ phase: TouchpadGestureInput.Phase, time: UInt32, delta: Point = .zero, scale: Double = 1,
    rotation: Double = 0
  ) {
    guard let current, let window = route.window(for: current.surface) else { return }
    window.deliver(
      touchpadGesture: TouchpadGestureInput(
        kind: current.kind, phase: phase, fingers: current.fingers, location: pointer.location, delta: delta,
        scale: scale, rotationDelta: rotation, timestamp: inputSeconds(time)))
  }

  /// `begin` of a gesture of `kind`. Its surface is the pointer's focus (the protocol sends the gesture
  /// to the surface under the pointer), which the decoded event does not repeat.
  private func begin(_ kind: TouchpadGestureKind, time: UInt32, fingers: UInt32) {
    receive(.gestureBegin(kind: kind, fingers: fingers), time: time)
  }

  private func end(_ kind: TouchpadGestureKind, time: UInt32, cancelled: Bool) {
    receive(.gestureEnd(kind: kind, cancelled: cancelled), time: time)
  }

  private static let swipeListener = permanentListener(
    zwp_pointer_gesture_swipe_v1_listener(
      begin: { data, _, _, time, _, fingers in
        withListenerTarget(data, TouchpadGestures.self) { $0.begin(.swipe, time: time, fingers: fingers) }
      },
      update: { data, _, time, dx, dy in
        let delta = fixedPoint(dx, dy)
        withListenerTarget(data, TouchpadGestures.self) {
          $0.receive(.gestureSwipeUpdate(dx: delta.x, dy: delta.y), time: time)
        }
      },
      end: { data, _, _, time, cancelled in
        withListenerTarget(data, TouchpadGestures.self) {
          $0.end(.swipe, time: time, cancelled: cancelled != 0)
        }
      }))

  private static let pinchListener = permanentListener(
    zwp_pointer_gesture_pinch_v1_listener(
      begin: { data, _, _, time, _, fingers in
        withListenerTarget(data, TouchpadGestures.self) { $0.begin(.pinch, time: time, fingers: fingers) }
      },
      update: { data, _, time, dx, dy, scale, rotation in
        let delta = fixedPoint(dx, dy)
        let (scale, rotation) = (wl_fixed_to_double(scale), wl_fixed_to_double(rotation))
        withListenerTarget(data, TouchpadGestures.self) {
          $0.receive(
            .gesturePinchUpdate(dx: delta.x, dy: delta.y, scale: scale, rotation: rotation), time: time)
        }
      },
      end: { data, _, _, time, cancelled in
        withListenerTarget(data, TouchpadGestures.self) {
          $0.end(.pinch, time: time, cancelled: cancelled != 0)
        }
      }))

  private static let holdListener = permanentListener(
    zwp_pointer_gesture_hold_v1_listener(
      begin: { data, _, _, time, _, fingers in
        withListenerTarget(data, TouchpadGestures.self) { $0.begin(.hold, time: time, fingers: fingers) }
      },
      end: { data, _, _, time, cancelled in
        withListenerTarget(data, TouchpadGestures.self) {
          $0.end(.hold, time: time, cancelled: cancelled != 0)
        }
      }))
}
