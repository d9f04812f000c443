import CWaylandServer
import CWaylandServerProtocols

/// A `zwp_locked_pointer_v1` or `zwp_confined_pointer_v1` on one surface and one seat's pointer.
///
/// It is active while the seat's pointer focus is on its surface and the pointer is inside its region
/// (the whole surface without one); it activates when the pointer comes there (`locked`, `confined`)
/// and ends when the pointer focus leaves the surface (`unlocked`, `unconfined`) — a one-shot
/// constraint then for good, a persistent one until the pointer comes back. While a lock is active the
/// pointer does not move: ``FakeCompositor/pointerMotion(byX:y:)`` sends only relative motion, and a
/// ``FakeCompositor/pointerMotion(to:)`` to a point over the locked surface is dropped (one over
/// another surface ends the lock, as switching windows does). While a confinement is active, every motion
/// is held to the nearest point of the region. `set_region` and `set_cursor_position_hint` take effect on
/// the surface's next commit; when a lock ends, the pointer is put at the hint.
final class PointerConstraint: ResourceObject {
  enum Kind { case lock, confine }
  let kind: Kind
  let seat: SeatState
  weak var surface: Surface?
  let persistent: Bool
  var region: RegionShape?
  /// `set_region` and the cursor hint since the surface's last commit.
  var pendingRegion: RegionShape??
  var pendingHint: (x: Double, y: Double)?
  var hint: (x: Double, y: Double)?
  private(set) var active = false
  /// A one-shot constraint that ended.
  private(set) var spent = false

  init(resource: OpaquePointer, compositor: FakeCompositor, kind: Kind, seat: SeatState, persistent: Bool) {
    self.kind = kind
    self.seat = seat
    self.persistent = persistent
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() {
    compositor.desktop.constraints.removeAll { $0 === self }
  }

  /// Whether a surface-local point is in the region (and on the surface).
  func admits(x: Double, y: Double) -> Bool {
    guard let surface else { return false }
    let size = surface.size
    guard x >= 0, y >= 0, x < Double(size.width), y < Double(size.height) else { return false }
    return region?.contains(x: x, y: y) ?? true
  }

  /// Activates or ends the constraint for where the seat's pointer is now.
  func update() {
    guard !spent, let surface else { return }
    var inside = false
    if seat.pointerFocus === surface, let position = seat.pointerPosition,
      let local = try? compositor.local(.output(x: position.x, y: position.y), on: surface)
    {
      inside = active || admits(x: local.x, y: local.y)
    }
    guard inside != active else { return }
    active = inside
    switch (kind, inside) {
    case (.lock, true): zwp_locked_pointer_v1_send_locked(resource)
    case (.lock, false):
      zwp_locked_pointer_v1_send_unlocked(resource)
      if let hint, let point = try? compositor.outputPoint(.surface(id: surface.id, x: hint.x, y: hint.y)) {
        seat.pointerPosition = point
      }
    case (.confine, true): zwp_confined_pointer_v1_send_confined(resource)
    case (.confine, false): zwp_confined_pointer_v1_send_unconfined(resource)
    }
    if !inside, !persistent { spent = true }
  }

  /// The nearest point to a surface-local one that the confinement admits, or nil if none.
  func nearestAdmitted(x: Double, y: Double) -> (x: Double, y: Double)? {
    if admits(x: x, y: y) { return (x, y) }
    guard let surface else { return nil }
    let size = surface.size
    // The rectangles a point can be held to: the region's added ones, cut to the surface.
    let step = 1.0 / 256
    let boxes =
      region?.operations.filter(\.add).map {
        (Double($0.x), Double($0.y), Double($0.width), Double($0.height))
      }
      ?? [(0, 0, Double(size.width), Double(size.height))]
    var best: (x: Double, y: Double, distance: Double)?
    for (bx, by, bw, bh) in boxes where bw > 0 && bh > 0 {
      let cx = min(max(x, max(bx, 0)), min(bx + bw, Double(size.width)) - step)
      let cy = min(max(y, max(by, 0)), min(by + bh, Double(size.height)) - step)
      let distance = (cx - x) * (cx - x) + (cy - y) * (cy - y)
      if admits(x: cx, y: cy), distance < best?.distance ?? .infinity { best = (cx, cy, distance) }
    }
    return best.map { ($0.x, $0.y) }
  }

  nonisolated(unsafe) static let lockImplementation: UnsafeMutablePointer<zwp_locked_pointer_v1_interface> = {
    let table = UnsafeMutablePointer<zwp_locked_pointer_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_locked_pointer_v1_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_cursor_position_hint: { _, resource, x, y in
          PointerConstraint.from(resource).pendingHint = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        },
        set_region: { _, resource, region in PointerConstraint.from(resource).setRegion(region) }))
    return table
  }()

  nonisolated(unsafe) static let confineImplementation:
    UnsafeMutablePointer<zwp_confined_pointer_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_confined_pointer_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_confined_pointer_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          set_region: { _, resource, region in PointerConstraint.from(resource).setRegion(region) }))
      return table
    }()

  private func setRegion(_ region: OpaquePointer?) {
    pendingRegion = .some(region.map { RegionResource.from($0).shape })
  }

  /// The surface committed: the pending region and hint take effect.
  func surfaceCommitted() {
    if let pendingRegion { region = pendingRegion }
    if let pendingHint { hint = pendingHint }
    pendingRegion = nil
    pendingHint = nil
  }

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_pointer_constraints_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_pointer_constraints_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_pointer_constraints_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          lock_pointer: { client, resource, id, surface, pointer, region, lifetime in
            PlainResource.from(resource).compositor.constrain(
              .lock, manager: PlainResource.from(resource), client: client, id: id, surface: surface,
              pointer: pointer, region: region, lifetime: lifetime)
          },
          confine_pointer: { client, resource, id, surface, pointer, region, lifetime in
            PlainResource.from(resource).compositor.constrain(
              .confine, manager: PlainResource.from(resource), client: client, id: id, surface: surface,
              pointer: pointer, region: region, lifetime: lifetime)
          }))
      return table
    }()
}

extension FakeCompositor {
  fileprivate func constrain(
    _ kind: PointerConstraint.Kind, manager: PlainResource, client: OpaquePointer?, id: UInt32,
    surface surfaceResource: OpaquePointer?, pointer: OpaquePointer?, region: OpaquePointer?, lifetime: UInt32
  ) {
    let surface = Surface.from(surfaceResource)
    let seat = DeviceResource.from(pointer).seatState
    guard !desktop.constraints.contains(where: { $0.surface === surface && $0.seat === seat }) else {
      manager.postError(
        code: ZWP_POINTER_CONSTRAINTS_V1_ERROR_ALREADY_CONSTRAINED.rawValue,
        "the surface already has a pointer constraint on this seat")
      return
    }
    let interface =
      kind == .lock ? tactile_iface_zwp_locked_pointer_v1() : tactile_iface_zwp_confined_pointer_v1()
    guard let created = createResource(client: client, interface: interface, version: manager.version, id: id)
    else { return }
    let constraint = PointerConstraint(
      resource: created, compositor: self, kind: kind, seat: seat,
      persistent: lifetime == ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT.rawValue)
    constraint.surface = surface
    constraint.region = region.map { RegionResource.from($0).shape }
    constraint.install(
      implementation: kind == .lock
        ? UnsafeRawPointer(PointerConstraint.lockImplementation)
        : UnsafeRawPointer(PointerConstraint.confineImplementation))
    desktop.constraints.append(constraint)
    constraint.update()
  }

  /// The lock or confinement active on a seat's pointer, if any.
  func activeConstraint(on seat: SeatState) -> PointerConstraint? {
    desktop.constraints.first { $0.active && $0.seat === seat }
  }

  /// Where a pointer motion of the seat in use ends under its active constraint: nil to drop the motion
  /// (locked, over the locked surface), the nearest admitted point of a confinement, or `position`.
  func constrainedMotion(to position: Position) throws -> Position? {
    guard let constraint = activeConstraint(on: inputSeat), let surface = constraint.surface else {
      return position
    }
    switch constraint.kind {
    case .lock:
      let hit = try? resolve(position)
      return hit?.surface === surface ? nil : position
    case .confine:
      let local = try local(position, on: surface)
      return constraint.nearestAdmitted(x: local.x, y: local.y).map {
        .surface(id: surface.id, x: $0.x, y: $0.y)
      }
    }
  }

  /// Activates or ends every constraint for where the pointers are now (after motion, enter, leave).
  func updatePointerConstraints() {
    for constraint in desktop.constraints { constraint.update() }
  }

  /// The pending state of the constraints on a surface takes effect with its commit.
  func commitPointerConstraints(of surface: Surface) {
    for constraint in desktop.constraints where constraint.surface === surface {
      constraint.surfaceCommitted()
      constraint.update()
    }
  }

  /// Which pointer constraints are active: the ``SurfaceInfo/id`` of each constrained surface with
  /// `lock` or `confine`.
  public var activePointerConstraints: [(surface: Int, kind: String)] {
    desktop.constraints.compactMap { constraint in
      guard constraint.active, let surface = constraint.surface else { return nil }
      return (surface.id, constraint.kind == .lock ? "lock" : "confine")
    }
  }
}

extension FakeCompositor {
  /// Where the pointer of the seat in use is on the output, once it moved.
  public var pointerPosition: (x: Double, y: Double)? { inputSeat.pointerPosition }
}
