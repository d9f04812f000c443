import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// A pointer's touchpad gestures (`zwp_pointer_gestures_v1`: swipe, pinch, and hold from v3), delivered
/// as ``TactileCore/TouchpadGestureInput`` to the window under the pointer, where the same recognizers that
/// handle fingers receive them (pinch, rotation, pan, long press).
///
/// A gesture belongs to the surface named by its `begin`; its steps carry the pointer's location at the
/// time. `end` with `cancelled` set is delivered as `.cancelled`. A gesture on a surface that is not one of
/// Tactile's windows is ignored. The pinch scale is absolute (relative to the start), the rotation a delta
/// in degrees, as the protocol sends them.
@MainActor
final class TouchpadGestures {
  private unowned let pointer: PointerDevice
  /// Unowned: the seat owns the pointer, which owns this object (a strong reference made a cycle that
  /// kept every seat with touchpad gestures, and its devices, alive after its display was gone).
  private unowned let seat: Seat
  /// The display's input recorder, if it records.
  private var recorder: InputRecorder? { seat.display.recorder }
  private let swipe: OpaquePointer
  private let pinch: OpaquePointer
  private let hold: OpaquePointer?
  /// The gesture in progress: its kind, fingers and surface.
  private var current: (kind: TouchpadGestureInput.Kind, fingers: Int, surface: ProxyKey)?

  init(manager: OpaquePointer, pointer: PointerDevice, proxy: OpaquePointer, seat: Seat) {
    self.pointer = pointer
    self.seat = seat
    swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, proxy)
    pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, proxy)
    hold =
      zwp_pointer_gestures_v1_get_version(manager) >= 3
      ? zwp_pointer_gestures_v1_get_hold_gesture(manager, proxy) : nil
    zwp_pointer_gesture_swipe_v1_add_listener(swipe, Self.swipeListener, listenerData(self))
    zwp_pointer_gesture_pinch_v1_add_listener(pinch, Self.pinchListener, listenerData(self))
    if let hold { zwp_pointer_gesture_hold_v1_add_listener(hold, Self.holdListener, listenerData(self)) }
  }

  isolated deinit {
    zwp_pointer_gesture_swipe_v1_destroy(swipe)
    zwp_pointer_gesture_pinch_v1_destroy(pinch)
    if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
  }

  /// The pointer lost its focus or capability: a gesture in progress is cancelled.
  func cancel() {
    guard current != nil else { return }
    deliver(.cancelled, time: 0)
    current = nil
  }

  private func begin(_ kind: TouchpadGestureInput.Kind, time: UInt32, surface: ProxyKey, fingers: UInt32) {
    cancel()
    guard seat.window(for: surface) != nil else { return }
    current = (kind, Int(fingers), surface)
    deliver(.began, time: time)
  }

  private func update(time: UInt32, delta: Point, scale: Double = 1, rotation: Double = 0) {
    deliver(.changed, time: time, delta: delta, scale: scale, rotation: rotation)
  }

  private func end(time: UInt32, cancelled: Bool) {
    deliver(cancelled ? .cancelled : .ended, time: time)
    current = nil
  }

  private func deliver(
    _ phase: TouchpadGestureInput.Phase, time: UInt32, delta: Point = .zero, scale: Double = 1,
    rotation: Double = 0
  ) {
    guard let current, let window = seat.window(for: current.surface) else { return }
    window.deliver(
      touchpadGesture: TouchpadGestureInput(
        kind: current.kind, phase: phase, fingers: current.fingers, location: pointer.location, delta: delta,
        scale: scale, rotationDelta: rotation, timestamp: inputSeconds(time)))
  }

  private static let swipeListener = permanentListener(
    zwp_pointer_gesture_swipe_v1_listener(
      begin: { data, _, _, time, surface, fingers in
        guard let surface = surface.map(ProxyKey.init) else { return }
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureBegin(kind: .swipe, fingers: fingers), time: time)
          $0.begin(.swipe, time: time, surface: surface, fingers: fingers)
        }
      },
      update: { data, _, time, dx, dy in
        let delta = fixedPoint(dx, dy)
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureSwipeUpdate(dx: delta.x, dy: delta.y), time: time)
          $0.update(time: time, delta: delta)
        }
      },
      end: { data, _, _, time, cancelled in
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureEnd(kind: .swipe, cancelled: cancelled != 0), time: time)
          $0.end(time: time, cancelled: cancelled != 0)
        }
      }))

  private static let pinchListener = permanentListener(
    zwp_pointer_gesture_pinch_v1_listener(
      begin: { data, _, _, time, surface, fingers in
        guard let surface = surface.map(ProxyKey.init) else { return }
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureBegin(kind: .pinch, fingers: fingers), time: time)
          $0.begin(.pinch, time: time, surface: surface, fingers: fingers)
        }
      },
      update: { data, _, time, dx, dy, scale, rotation in
        let delta = fixedPoint(dx, dy)
        let (scale, rotation) = (wl_fixed_to_double(scale), wl_fixed_to_double(rotation))
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(
            .gesturePinchUpdate(dx: delta.x, dy: delta.y, scale: scale, rotation: rotation), time: time)
          $0.update(time: time, delta: delta, scale: scale, rotation: rotation)
        }
      },
      end: { data, _, _, time, cancelled in
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureEnd(kind: .pinch, cancelled: cancelled != 0), time: time)
          $0.end(time: time, cancelled: cancelled != 0)
        }
      }))

  private static let holdListener = permanentListener(
    zwp_pointer_gesture_hold_v1_listener(
      begin: { data, _, _, time, surface, fingers in
        guard let surface = surface.map(ProxyKey.init) else { return }
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureBegin(kind: .hold, fingers: fingers), time: time)
          $0.begin(.hold, time: time, surface: surface, fingers: fingers)
        }
      },
      end: { data, _, _, time, cancelled in
        withListenerTarget(data, TouchpadGestures.self) {
          $0.recorder?.record(.gestureEnd(kind: .hold, cancelled: cancelled != 0), time: time)
          $0.end(time: time, cancelled: cancelled != 0)
        }
      }))
}
