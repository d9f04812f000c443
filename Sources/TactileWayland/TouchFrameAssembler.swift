import TactileCore
import TactileGeometry

/// Groups one seat's `wl_touch` events into the per-frame batches the core's
/// ``TactileCore/Window/deliver(touchFrame:)`` takes: plain values in, plain values out, no Wayland types.
///
/// Rules (each one a test in `TouchFrameAssemblerTests`):
/// - Each point is bound to the surface of its `down` (`up` and `motion` carry none) and keeps going to
///   it whatever its coordinates, negative or beyond the surface.
/// - Events wait for `frame`. When the last live point lifts the batch is flushed at once, because weston 10
///   sends no frame after the final `up`. The owner also calls ``flushPending()`` once the events read
///   together have been dispatched (``TouchDevice`` does it on the next event-loop turn), so a compositor
///   that sends no frames at all never stalls input.
/// - A `down` and an `up` of one id inside one frame are both kept, in order (the core splits the batch).
/// - `cancel` has no ids and needs no frame: every point that reached the core and has not ended is
///   cancelled — including one whose `up` still waited for a frame (the frame never came) — points whose
///   `down` was still waiting for a frame are dropped, and every id is forgotten.
/// - A `down` for an id that is still live means the compositor dropped its points without a `cancel`
///   (weston 10.0.1: `notify_touch_cancel` runs the default touch grab's cancel, which sends clients
///   nothing, and the next touch reuses the slot's id — found by the interop lane): the live points are
///   cancelled as by `cancel`, then the new point starts.
/// - Every `motion` of a frame is kept, in order, with its own time: the core delivers a point's
///   motions of one frame as one change with coalesced samples (``TactileCore/Event/coalescedTouches(for:)``).
/// - `shape` and `orientation` may come before or after `motion` in a frame; they update the point's
///   contact ellipse (radii are half the axes `shape` gives; surface units are the window's points at
///   any scale; the orientation's degrees become radians), delivered with the frame as a motion if the
///   point did not move. Non-finite or negative axes and non-finite angles are ignored.
/// - At most ``maximumLivePoints`` points are live at once: a `down` beyond that ends the oldest live
///   point first, as `cancel` would end it alone (a `.cancel` if the core saw it, its waiting events
///   dropped otherwise; its later events are ignored), so a compositor that never lifts its fingers
///   cannot make the app track an unbounded number of touches.
///
/// Core ids are made unique across seats: see ``coreIdentifier(seat:kind:id:)``.
struct TouchFrameAssembler {
  /// One window's part of a flushed frame.
  struct Batch: Equatable {
    var surface: ProxyKey
    var points: [TouchPoint]
  }

  private struct LivePoint {
    var surface: ProxyKey
    var location: Point
    var majorRadius: Double?
    var minorRadius: Double?
    /// Radians, clockwise from the surface's y axis.
    var orientation: Double?
    /// Whether the core has seen its `down` (so a cancel must reach the core).
    var delivered = false
    /// The order of its `down` among the seat's points: the smallest is the oldest.
    var age: Int
    /// The serial of its `down`: what a move or resize started by this finger names.
    var serial: UInt32
  }

  /// The most touch points live at once on one seat: 32, three times the ten fingers touch screens
  /// track, so no real hand reaches it.
  static let maximumLivePoints = 32

  /// The seat's number, folded into core ids.
  let seat: Int
  private var live: [Int32: LivePoint] = [:]
  /// The events waiting for a frame; `moved` is false for a motion made by `shape` or `orientation`
  /// alone.
  private var pending: [(surface: ProxyKey, id: Int32, point: TouchPoint, moved: Bool)] = []
  private var nextAge = 0

  init(seat: Int) {
    self.seat = seat
  }

  /// Whether events wait for a frame.
  var hasPending: Bool { !pending.isEmpty }

  /// - Returns: The cancel batches of the points a missed `cancel` left live, or of the oldest point
  ///   when ``maximumLivePoints`` are live (see the rules above), or nothing.
  /// - Complexity: O(``maximumLivePoints``) plus the events waiting for a frame.
  @discardableResult
  mutating func down(
    id: Int32, surface: ProxyKey, location: Point, time: Double, serial: UInt32 = 0
  ) -> [Batch] {
    var ended = live[id] == nil ? [] : cancel(time: time)
    if live.count >= Self.maximumLivePoints,
      let oldest = live.min(by: { $0.value.age < $1.value.age })?.key
    {
      ended += cancel(time: time) { pointID, _ in pointID == oldest }
    }
    live[id] = LivePoint(surface: surface, location: location, age: nextAge, serial: serial)
    nextAge += 1
    append(id, .down, time: time)
    return ended
  }

  /// A `motion`: every motion of a frame is kept, in order, each with its own time (the core makes them
  /// one delivery with coalesced samples); one that follows a motion `shape` or `orientation` made
  /// before it in the frame takes that one over.
  mutating func motion(id: Int32, location: Point, time: Double) {
    guard live[id] != nil else { return }
    live[id]?.location = location
    if let index = pending.lastIndex(where: { $0.id == id }), pending[index].point.phase == .motion,
      !pending[index].moved
    {
      pending[index].point.location = location
      pending[index].point.timestamp = time
      pending[index].moved = true
    } else {
      append(id, .motion, time: time)
    }
  }

  mutating func up(id: Int32, time: Double) -> [Batch] {
    guard live[id] != nil else { return [] }
    append(id, .up, time: time)
    live[id] = nil
    return live.isEmpty ? flush() : []
  }

  /// `wl_touch.shape`: the contact ellipse's major and minor axes in surface units (the radii are half
  /// of them).
  mutating func shape(id: Int32, major: Double, minor: Double, time: Double) {
    guard major.isFinite, major >= 0, minor.isFinite, minor >= 0 else { return }
    updateContact(id, time: time) {
      $0.majorRadius = major / 2
      $0.minorRadius = minor / 2
    }
  }

  /// `wl_touch.orientation`: the angle in degrees from the surface's y axis to the contact ellipse's
  /// major axis, clockwise.
  mutating func orientation(id: Int32, degrees: Double, time: Double) {
    guard degrees.isFinite else { return }
    updateContact(id, time: time) { $0.orientation = degrees * .pi / 180 }
  }

  /// Changes a live point's contact and shows the change in its pending event of this frame, or in a new
  /// motion.
  private mutating func updateContact(_ id: Int32, time: Double, _ change: (inout LivePoint) -> Void) {
    guard var point = live[id] else { return }
    change(&point)
    live[id] = point
    if let index = pending.lastIndex(where: { $0.id == id }) {
      pending[index].point.majorRadius = point.majorRadius
      pending[index].point.minorRadius = point.minorRadius
      pending[index].point.orientation = point.orientation
    } else {
      append(id, .motion, time: time, moved: false)
    }
  }

  /// The serial of the `down` of the live point with core id `id`, if it is one of this seat's points.
  func downSerial(ofPoint id: Int) -> UInt32? {
    live.first { coreID($0.key) == id }?.value.serial
  }

  /// The serial of the `down` of the live point `id` (the wire's id), if it is live.
  func downSerial(ofWireID id: Int32) -> UInt32? {
    live[id]?.serial
  }

  /// `wl_touch.frame`, or the end of a dispatch without one: hands over everything pending.
  mutating func flushPending() -> [Batch] {
    flush()
  }

  /// `wl_touch.cancel`, or the touch capability or a surface going away with `surface` set: finalizes
  /// the live points (of `surface` only, when given).
  ///
  /// - Returns: One batch per window of `.cancel` points for the points the core knows.
  mutating func cancel(surface: ProxyKey? = nil, time: Double) -> [Batch] {
    cancel(time: time) { _, other in surface == nil || other == surface }
  }

  /// Finalizes the live points for which `concerned(id, surface)` holds, as ``cancel(surface:time:)``.
  private mutating func cancel(time: Double, where concerned: (Int32, ProxyKey) -> Bool) -> [Batch] {
    var cancelled: [(surface: ProxyKey, id: Int32, location: Point)] = []
    var downsPending: Set<Int32> = []
    for entry in pending where concerned(entry.id, entry.surface) {
      switch entry.point.phase {
      case .down: downsPending.insert(entry.id)
      case .up where downsPending.remove(entry.id) == nil:
        // Lifted in the frame that never came, after an earlier frame showed it to the core.
        cancelled.append((entry.surface, entry.id, entry.point.location))
      default: break
      }
    }
    pending.removeAll { concerned($0.id, $0.surface) }
    for (id, point) in live.sorted(by: { $0.key < $1.key }) where concerned(id, point.surface) {
      live[id] = nil
      if point.delivered { cancelled.append((point.surface, id, point.location)) }
    }
    var batches: [Batch] = []
    for point in cancelled {
      let cancel = TouchPoint(id: coreID(point.id), phase: .cancel, location: point.location, timestamp: time)
      if let index = batches.firstIndex(where: { $0.surface == point.surface }) {
        batches[index].points.append(cancel)
      } else {
        batches.append(Batch(surface: point.surface, points: [cancel]))
      }
    }
    return batches
  }

  /// A core touch id that no other seat or pointer uses: the seat number in the high bits, the kind
  /// (0 touch, 1 pointer) next, the platform's 32-bit id below.
  static func coreIdentifier(seat: Int, kind: Int, id: Int32) -> Int {
    (seat << 34) | (kind << 32) | Int(UInt32(bitPattern: id))
  }

  /// The core id of this seat's touch point `id`.
  func coreID(_ id: Int32) -> Int {
    Self.coreIdentifier(seat: seat, kind: 0, id: id)
  }

  private mutating func append(_ id: Int32, _ phase: TouchPoint.Phase, time: Double, moved: Bool = true) {
    guard let point = live[id] else { return }
    let value = TouchPoint(
      id: coreID(id), phase: phase, location: point.location, timestamp: time, type: .direct,
      majorRadius: point.majorRadius, minorRadius: point.minorRadius, orientation: point.orientation)
    pending.append((point.surface, id, value, moved))
  }

  private mutating func flush() -> [Batch] {
    var batches: [Batch] = []
    for entry in pending {
      live[entry.id]?.delivered = true
      if let index = batches.firstIndex(where: { $0.surface == entry.surface }) {
        batches[index].points.append(entry.point)
      } else {
        batches.append(Batch(surface: entry.surface, points: [entry.point]))
      }
    }
    pending.removeAll()
    return batches
  }
}
