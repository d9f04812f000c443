import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// A seat's `wl_touch`: each wire event is decoded once into an ``TactileTrace/InputEvent``, recorded,
/// and applied (``apply(_:time:serial:)``): forwarded to a ``TouchFrameAssembler``, whose flushed
/// batches go to the core window of the batch's surface.
///
/// Every touch that reached the core is ended or cancelled exactly once: by its `up`, by `cancel`, by the
/// bound on live points (``TouchFrameAssembler/maximumLivePoints``), by the touch capability going away
/// (``finish()``) or by its window closing (``surfaceWillClose(_:)``).
/// A `down` on a surface that is not one of Tactile's windows is ignored.
@MainActor
final class TouchDevice: InputDevice {
  unowned let route: any InputRoute
  /// The `wl_touch`, nil for a device fed decoded events without a wire.
  private let proxy: Proxy<WlTouch>?
  /// The seat's version, kept for the deinit (which may run while the seat itself is being destroyed,
  /// when it must not be read).
  private let seatVersion: UInt32
  private var assembler: TouchFrameAssembler
  /// The serial of the latest `down` or `up`.
  private(set) var latestSerial: UInt32 = 0
  /// The serial of the latest `down`: what popup grabs name.
  private(set) var latestDownSerial: UInt32 = 0
  private var lastTime = 0.0
  /// The nanosecond times of the `wl_touch`'s events, when the compositor offers them.
  private var timestamps: InputTimestamps?
  /// The end-of-dispatch flush, scheduled while events wait for a frame.
  private var flushTimer: TimerToken?

  /// - Parameters:
  ///   - route: Where the touches go.
  ///   - seat: The `wl_seat` to get the `wl_touch` of, and its version; nil for a device without a wire.
  ///   - timestampsManager: The `zwp_input_timestamps_manager_v1` to subscribe the `wl_touch` to
  ///     nanosecond times with, when the compositor offers it.
  init(
    route: any InputRoute, seat: (proxy: Proxy<WlSeat>, version: UInt32)?,
    timestampsManager: OpaquePointer? = nil
  ) {
    self.route = route
    seatVersion = seat?.version ?? 0
    assembler = TouchFrameAssembler(seat: route.seatNumber)
    proxy = seat.map { Proxy(wl_seat_get_touch($0.proxy.raw)) }
    guard let proxy else { return }
    wl_touch_add_listener(proxy.raw, Self.listener, listenerData(self))
    timestamps = timestampsManager.map { InputTimestamps(manager: $0, device: .touch(proxy)) }
  }

  isolated deinit {
    flushTimer?.cancel()
    timestamps = nil
    guard let proxy else { return }
    if seatVersion >= 3 { wl_touch_release(proxy.raw) } else { wl_touch_destroy(proxy.raw) }
  }

  /// The capability is gone: cancels every live point.
  func finish() {
    deliver(assembler.cancel(time: lastTime))
  }

  /// The serial of the `down` of the point with core id `id`, if it is one of this device's points and
  /// still down.
  func downSerial(ofPoint id: Int) -> UInt32? {
    assembler.downSerial(ofPoint: id)
  }

  /// Cancels the live points bound to `surface` (it is going away).
  func surfaceWillClose(_ surface: ProxyKey) {
    cancelFingers(on: surface)
  }

  /// Cancels the live points bound to `surface` (palm rejection: a pen came near); their later events
  /// are ignored.
  func cancelFingers(on surface: ProxyKey) {
    deliver(assembler.cancel(surface: surface, time: lastTime))
  }

  func apply(_ event: InputEvent, time: UInt32?, serial: UInt32) {
    if let time { lastTime = timestamps?.seconds(forMilliseconds: time) ?? inputSeconds(time) }
    switch event {
    case .touchDown(let number, let id, let x, let y):
      latestSerial = serial
      latestDownSerial = serial
      guard let surface = route.surface(numbered: number) else { return }
      let location = Point(x: x, y: y)
      guard route.window(for: surface) != nil else {
        route.pressWithoutWindow(on: surface, at: location)
        return
      }
      guard !route.rejectsFingers(on: surface) else { return }
      deliver(assembler.down(id: id, surface: surface, location: location, time: lastTime, serial: serial))
    case .touchUp(let id):
      latestSerial = serial
      let downSerial = assembler.downSerial(ofWireID: id)
      deliver(assembler.up(id: id, time: lastTime))
      if let downSerial { route.touchLifted(downSerial: downSerial) }
    case .touchMotion(let id, let x, let y):
      assembler.motion(id: id, location: Point(x: x, y: y), time: lastTime)
    case .touchShape(let id, let major, let minor):
      assembler.shape(id: id, major: major, minor: minor, time: lastTime)
    case .touchOrientation(let id, let degrees):
      assembler.orientation(id: id, degrees: degrees, time: lastTime)
    case .touchFrame: deliver(assembler.flushPending())
    case .touchCancel: finish()
    default: return
    }
    scheduleFlush()
  }

  /// Flushes what waits for a frame on the next loop turn (after every event read with it was
  /// dispatched), for compositors that send no frames.
  private func scheduleFlush() {
    guard assembler.hasPending, flushTimer == nil else { return }
    flushTimer = route.scheduler.schedule(at: route.scheduler.now) { [weak self] in
      guard let self else { return }
      self.flushTimer = nil
      self.deliver(self.assembler.flushPending())
    }
  }

  private func deliver(_ batches: [TouchFrameAssembler.Batch]) {
    for batch in batches {
      guard let target = route.pointerTarget(for: batch.surface) else { continue }
      if let oldest = batch.points.map(\.timestamp).min() {
        route.inputArrived(on: batch.surface, at: oldest)
      }
      target.deliver(touchFrame: batch.points)
    }
  }

  private static let listener = permanentListener(
    wl_touch_listener(
      down: { data, _, serial, time, surface, id, x, y in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let location = fixedPoint(x, y)
        withListenerTarget(data, TouchDevice.self) {
          let number = $0.route.surfaceNumber(of: surface)
          $0.receive(
            .touchDown(surface: number, id: id, x: location.x, y: location.y), time: time, serial: serial)
        }
      },
      up: { data, _, serial, time, id in
        withListenerTarget(data, TouchDevice.self) {
          $0.receive(.touchUp(id: id), time: time, serial: serial)
        }
      },
      motion: { data, _, time, id, x, y in
        let location = fixedPoint(x, y)
        withListenerTarget(data, TouchDevice.self) {
          $0.receive(.touchMotion(id: id, x: location.x, y: location.y), time: time)
        }
      },
      frame: { data, _ in
        withListenerTarget(data, TouchDevice.self) { $0.receive(.touchFrame) }
      },
      cancel: { data, _ in
        withListenerTarget(data, TouchDevice.self) { $0.receive(.touchCancel) }
      },
      shape: { data, _, id, major, minor in
        let (major, minor) = (wl_fixed_to_double(major), wl_fixed_to_double(minor))
        withListenerTarget(data, TouchDevice.self) {
          $0.receive(.touchShape(id: id, major: major, minor: minor))
        }
      },
      orientation: { data, _, id, orientation in
        let degrees = wl_fixed_to_double(orientation)
        withListenerTarget(data, TouchDevice.self) { $0.receive(.touchOrientation(id: id, degrees: degrees)) }
      }))
}
