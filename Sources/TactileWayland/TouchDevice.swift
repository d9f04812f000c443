import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// A seat's `wl_touch`: forwards its events to a ``TouchFrameAssembler`` and hands each flushed batch to
/// the core window of the batch's surface.
///
/// Every touch that reached the core is ended or cancelled exactly once: by its `up`, by `cancel`, by the
/// bound on live points (``TouchFrameAssembler/maximumLivePoints``), by the touch capability going away
/// (``finish()``) or by its window closing (``surfaceWillClose(_:)``).
/// A `down` on a surface that is not one of Tactile's windows is ignored.
@MainActor
final class TouchDevice {
  private unowned let seat: Seat
  /// The display's input recorder, if it records.
  private var recorder: InputRecorder? { seat.display.recorder }
  private let proxy: OpaquePointer
  /// The seat's version, kept for the deinit (which may run while the seat itself is being destroyed,
  /// when it must not be read).
  private let seatVersion: UInt32
  private var assembler: TouchFrameAssembler
  /// The serial of the latest `down` or `up`.
  private(set) var latestSerial: UInt32 = 0
  /// The serial of the latest `down`: what popup grabs name.
  private(set) var latestDownSerial: UInt32 = 0
  private var lastTime = 0.0
  /// The end-of-dispatch flush, scheduled while events wait for a frame.
  private var flushTimer: TimerToken?

  init(seat: Seat) {
    self.seat = seat
    proxy = wl_seat_get_touch(seat.proxy)
    seatVersion = seat.version
    assembler = TouchFrameAssembler(seat: seat.number)
    wl_touch_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    flushTimer?.cancel()
    if seatVersion >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
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

  /// Cancels the live points bound to `surface`.
  func surfaceWillClose(_ surface: ProxyKey) {
    deliver(assembler.cancel(surface: surface, time: lastTime))
  }

  /// Flushes what waits for a frame on the next loop turn (after every event read with it was
  /// dispatched), for compositors that send no frames.
  private func scheduleFlush() {
    guard assembler.hasPending, flushTimer == nil else { return }
    flushTimer = seat.display.loop.schedule(at: seat.display.loop.now) { [weak self] in
      guard let self else { return }
      self.flushTimer = nil
      self.deliver(self.assembler.flushPending())
    }
  }

  private func deliver(_ batches: [TouchFrameAssembler.Batch]) {
    for batch in batches {
      seat.pointerTarget(for: batch.surface)?.deliver(touchFrame: batch.points)
    }
  }

  private func down(serial: UInt32, time: UInt32, surface: ProxyKey, id: Int32, location: Point) {
    latestSerial = serial
    latestDownSerial = serial
    lastTime = inputSeconds(time)
    if let recorder {
      recorder.record(
        .touchDown(surface: recorder.number(of: surface), id: id, x: location.x, y: location.y), time: time)
    }
    guard seat.window(for: surface) != nil else {
      seat.display.waylandWindow(for: surface)?.pressed(at: location)
      return
    }
    deliver(assembler.down(id: id, surface: surface, location: location, time: lastTime, serial: serial))
    scheduleFlush()
  }

  private func up(serial: UInt32, time: UInt32, id: Int32) {
    latestSerial = serial
    lastTime = inputSeconds(time)
    recorder?.record(.touchUp(id: id), time: time)
    deliver(assembler.up(id: id, time: lastTime))
    scheduleFlush()
  }

  private func motion(time: UInt32, id: Int32, location: Point) {
    lastTime = inputSeconds(time)
    recorder?.record(.touchMotion(id: id, x: location.x, y: location.y), time: time)
    assembler.motion(id: id, location: location, time: lastTime)
    scheduleFlush()
  }

  private static let listener = permanentListener(
    wl_touch_listener(
      down: { data, _, serial, time, surface, id, x, y in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let location = fixedPoint(x, y)
        withListenerTarget(data, TouchDevice.self) {
          $0.down(serial: serial, time: time, surface: surface, id: id, location: location)
        }
      },
      up: { data, _, serial, time, id in
        withListenerTarget(data, TouchDevice.self) { $0.up(serial: serial, time: time, id: id) }
      },
      motion: { data, _, time, id, x, y in
        let location = fixedPoint(x, y)
        withListenerTarget(data, TouchDevice.self) { $0.motion(time: time, id: id, location: location) }
      },
      frame: { data, _ in
        withListenerTarget(data, TouchDevice.self) {
          $0.recorder?.record(.touchFrame)
          $0.deliver($0.assembler.flushPending())
        }
      },
      cancel: { data, _ in
        withListenerTarget(data, TouchDevice.self) {
          $0.recorder?.record(.touchCancel)
          $0.finish()
        }
      },
      shape: { data, _, id, major, minor in
        let major = wl_fixed_to_double(major)
        let minor = wl_fixed_to_double(minor)
        withListenerTarget(data, TouchDevice.self) {
          $0.recorder?.record(.touchShape(id: id, major: major, minor: minor))
          $0.assembler.shape(id: id, major: major, minor: minor, time: $0.lastTime)
          $0.scheduleFlush()
        }
      },
      orientation: { data, _, id, orientation in
        let degrees = wl_fixed_to_double(orientation)
        withListenerTarget(data, TouchDevice.self) {
          $0.recorder?.record(.touchOrientation(id: id, degrees: degrees))
          $0.assembler.orientation(id: id, degrees: degrees, time: $0.lastTime)
          $0.scheduleFlush()
        }
      }))
}
