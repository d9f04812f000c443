import CWaylandServer
import CWaylandServerProtocols

/// A `zwp_idle_inhibitor_v1`: while its surface is mapped, the (virtual) screen does not blank. The
/// fake compositor has no idle timeout; a test reads the state with ``FakeCompositor/isIdleInhibited``.
final class IdleInhibitorResource: ResourceObject {
  weak var surface: Surface?

  override func resourceDestroyed() {
    compositor.desktop.idleInhibitors.removeAll { $0 === self }
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<zwp_idle_inhibitor_v1_interface> = {
    let table = UnsafeMutablePointer<zwp_idle_inhibitor_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: zwp_idle_inhibitor_v1_interface(destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_idle_inhibit_manager_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_idle_inhibit_manager_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_idle_inhibit_manager_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          create_inhibitor: { client, resource, id, surface in
            let manager = PlainResource.from(resource)
            guard
              let created = createResource(
                client: client, interface: tactile_iface_zwp_idle_inhibitor_v1(), version: manager.version,
                id: id)
            else { return }
            let inhibitor = IdleInhibitorResource(resource: created, compositor: manager.compositor)
            inhibitor.surface = Surface.from(surface)
            inhibitor.install(implementation: implementation)
            manager.compositor.desktop.idleInhibitors.append(inhibitor)
          }))
      return table
    }()
}

/// A `zwp_keyboard_shortcuts_inhibitor_v1`: the compositor's own shortcuts go to its surface instead, on
/// its seat, while the surface has that seat's keyboard focus. The fake compositor grants every request
/// (it has no shortcuts of its own to keep) and sends `active` when the surface gets the focus (at once
/// if it has it) and `inactive` when it loses it; ``FakeCompositor/shortcutsInhibitedSurfaces`` shows
/// which are active.
final class ShortcutInhibitorResource: ResourceObject {
  weak var surface: Surface?
  let seat: SeatState
  private(set) var active = false

  init(resource: OpaquePointer, compositor: FakeCompositor, seat: SeatState) {
    self.seat = seat
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() {
    compositor.desktop.shortcutInhibitors.removeAll { $0 === self }
  }

  /// Sends `active` or `inactive` when the focus of its seat came to or left its surface.
  func update() {
    let focused = surface != nil && seat.keyboardFocus === surface
    guard focused != active else { return }
    active = focused
    if focused {
      zwp_keyboard_shortcuts_inhibitor_v1_send_active(resource)
    } else {
      zwp_keyboard_shortcuts_inhibitor_v1_send_inactive(resource)
    }
  }

  nonisolated(unsafe) static let implementation:
    UnsafeMutablePointer<zwp_keyboard_shortcuts_inhibitor_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_keyboard_shortcuts_inhibitor_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: zwp_keyboard_shortcuts_inhibitor_v1_interface(destroy: { _, resource in
          wl_resource_destroy(resource)
        }))
      return table
    }()

  nonisolated(unsafe) static let managerImplementation:
    UnsafeMutablePointer<zwp_keyboard_shortcuts_inhibit_manager_v1_interface> = {
      let table = UnsafeMutablePointer<zwp_keyboard_shortcuts_inhibit_manager_v1_interface>.allocate(
        capacity: 1)
      table.initialize(
        to: zwp_keyboard_shortcuts_inhibit_manager_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          inhibit_shortcuts: { client, resource, id, surfaceResource, seatResource in
            let manager = PlainResource.from(resource)
            let compositor = manager.compositor
            let surface = Surface.from(surfaceResource)
            let seat = SeatResource.from(seatResource).seatState
            guard
              !compositor.desktop.shortcutInhibitors.contains(where: {
                $0.surface === surface && $0.seat === seat
              })
            else {
              manager.postError(
                code: ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED.rawValue,
                "the surface already inhibits shortcuts on this seat")
              return
            }
            guard
              let created = createResource(
                client: client, interface: tactile_iface_zwp_keyboard_shortcuts_inhibitor_v1(),
                version: manager.version, id: id)
            else { return }
            let inhibitor = ShortcutInhibitorResource(resource: created, compositor: compositor, seat: seat)
            inhibitor.surface = surface
            inhibitor.install(implementation: implementation)
            compositor.desktop.shortcutInhibitors.append(inhibitor)
            inhibitor.update()
          }))
      return table
    }()
}

extension FakeCompositor {
  /// Whether a mapped surface holds an idle inhibitor (`zwp_idle_inhibitor_v1`).
  public var isIdleInhibited: Bool {
    desktop.idleInhibitors.contains { $0.surface.map(isMapped) ?? false }
  }

  /// The ``SurfaceInfo/id``s of the surfaces whose keyboard-shortcuts inhibitor is active.
  public var shortcutsInhibitedSurfaces: [Int] {
    desktop.shortcutInhibitors.compactMap { $0.active ? $0.surface?.id : nil }
  }

  /// Tells keyboard-shortcuts inhibitors that a seat's keyboard focus moved.
  func keyboardFocusMoved() {
    for inhibitor in desktop.shortcutInhibitors { inhibitor.update() }
  }
}
