import CWaylandClient
import CWaylandProtocols
import TactileCore

/// A seat's tablets (`zwp_tablet_seat_v2` of tablet-unstable-v2): the tablets and the tools announced
/// on it, each tool a ``TabletTool`` that turns its events into pencil hover and touches.
///
/// **Palm rejection.** While a tool of this seat is in proximity of a window's surface, the seat's
/// fingers on that window follow the window's ``TactileCore/Window/palmRejection``: when the tool comes
/// near, the fingers already down there are cancelled (once: the touch device forgets them), and the
/// seat's touch device drops new ones (``rejectsFingers(on:)``).
///
/// A removed tablet cancels the touches of the tools on it; a removed tool cancels its own; the seat
/// going away cancels them all (``finish()``). Pads are not bound (their buttons, rings and strips are
/// not done).
@MainActor
final class TabletDevice {
  unowned let seat: Seat
  private let proxy: OpaquePointer
  private var tablets: [ProxyKey: OpaquePointer] = [:]
  private var tools: [TabletTool] = []
  private var nextToolNumber = 0

  init(manager: OpaquePointer, seat: Seat) {
    self.seat = seat
    proxy = zwp_tablet_manager_v2_get_tablet_seat(manager, seat.proxy)
    zwp_tablet_seat_v2_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    tools = []
    for tablet in tablets.values { zwp_tablet_v2_destroy(tablet) }
    zwp_tablet_seat_v2_destroy(proxy)
  }

  /// The seat is going away: ends every tool's contact.
  func finish() {
    for tool in tools { tool.finish() }
  }

  /// `surface` is going away: the tools near it forget it.
  func surfaceWillClose(_ surface: ProxyKey) {
    for tool in tools { tool.surfaceWillClose(surface) }
  }

  /// Whether the seat's fingers on `surface` are rejected now: a tool is near it and the window's
  /// policy is ``TactileCore/PalmRejection/whilePencilIsNear``.
  func rejectsFingers(on surface: ProxyKey) -> Bool {
    guard seat.window(for: surface)?.palmRejection == .whilePencilIsNear else { return false }
    return tools.contains { $0.isNear(surface) }
  }

  /// A tool came into proximity of `surface`: the seat's fingers there are cancelled when the window
  /// rejects palms.
  func pencilCameNear(_ surface: ProxyKey) {
    guard rejectsFingers(on: surface) else { return }
    seat.touch?.cancelFingers(on: surface)
  }

  /// `removed` of a tool: ends its contact and destroys it.
  func toolRemoved(_ tool: TabletTool) {
    tool.finish()
    tools.removeAll { $0 === tool }
  }

  private func tabletAdded(_ tablet: OpaquePointer) {
    tablets[ProxyKey(tablet)] = tablet
    zwp_tablet_v2_add_listener(tablet, Self.tabletListener, listenerData(self))
  }

  private func toolAdded(_ proxy: OpaquePointer) {
    tools.append(TabletTool(device: self, proxy: proxy, number: nextToolNumber, display: seat.display))
    nextToolNumber += 1
  }

  /// `removed` of a tablet: the tools on it lose their contact; the tablet is destroyed.
  private func tabletRemoved(_ key: ProxyKey) {
    for tool in tools where tool.proximity?.tablet == key { tool.finish() }
    if let tablet = tablets.removeValue(forKey: key) { zwp_tablet_v2_destroy(tablet) }
  }

  private static let listener = permanentListener(
    zwp_tablet_seat_v2_listener(
      tablet_added: { data, _, tablet in
        guard let tablet else { return }
        let key = ProxyKey(tablet)
        withListenerTarget(data, TabletDevice.self) { $0.tabletAdded(key.proxy) }
      },
      tool_added: { data, _, tool in
        guard let tool else { return }
        let key = ProxyKey(tool)
        withListenerTarget(data, TabletDevice.self) { $0.toolAdded(key.proxy) }
      },
      pad_added: { _, _, pad in
        // Pads are not done: the new object is destroyed at once.
        if let pad { zwp_tablet_pad_v2_destroy(pad) }
      }))

  private static let tabletListener = permanentListener(
    zwp_tablet_v2_listener(
      name: { _, _, _ in },
      id: { _, _, _, _ in },
      path: { _, _, _ in },
      done: { _, _ in },
      removed: { data, tablet in
        guard let tablet else { return }
        let key = ProxyKey(tablet)
        withListenerTarget(data, TabletDevice.self) { $0.tabletRemoved(key) }
      }))
}
