import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Idle and keyboard-shortcut inhibitors over the wire, and the state a test can inspect.
@Suite struct InhibitorTests {
  @Test func anIdleInhibitorCountsWhileItsSurfaceIsMapped() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    let manager = client.bind(
      "zwp_idle_inhibit_manager_v1", tactile_iface_zwp_idle_inhibit_manager_v1(), version: 1)
    let inhibitor = client.own(zwp_idle_inhibit_manager_v1_create_inhibitor(manager, window.surface))
    client.roundtrip()
    #expect(!compositor.isIdleInhibited, "the surface is not mapped yet")
    window.map()
    #expect(compositor.isIdleInhibited)
    client.destroy(inhibitor, with: zwp_idle_inhibitor_v1_destroy)
    client.roundtrip()
    #expect(!compositor.isIdleInhibited)
  }

  @Test func aShortcutsInhibitorIsActiveWhileItsSurfaceHasTheKeyboardFocus() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let seat = client.bindSeat()
    _ = client.listenToKeyboard(seat)
    let window = client.makeWindow()
    window.map()
    let id = compositor.windows.last!.id
    let manager = client.bind(
      "zwp_keyboard_shortcuts_inhibit_manager_v1", tactile_iface_zwp_keyboard_shortcuts_inhibit_manager_v1(),
      version: 1)
    let inhibitor = client.own(
      zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(manager, window.surface, seat))
    zwp_keyboard_shortcuts_inhibitor_v1_add_listener(
      inhibitor, &WireClient.shortcutsInhibitorListener, client.userData)
    client.roundtrip()
    client.events = []
    try compositor.keyboardEnter(surface: id)
    client.roundtrip()
    #expect(client.events.contains("shortcuts.active"))
    #expect(compositor.shortcutsInhibitedSurfaces == [id])
    compositor.keyboardLeave()
    client.roundtrip()
    #expect(client.events.last == "shortcuts.inactive")
    #expect(compositor.shortcutsInhibitedSurfaces.isEmpty)
  }

  @Test func aSecondShortcutsInhibitorForTheSameSurfaceAndSeatIsAProtocolError() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let seat = client.bindSeat()
    let window = client.makeWindow()
    let manager = client.bind(
      "zwp_keyboard_shortcuts_inhibit_manager_v1", tactile_iface_zwp_keyboard_shortcuts_inhibit_manager_v1(),
      version: 1)
    client.own(zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(manager, window.surface, seat))
    client.own(zwp_keyboard_shortcuts_inhibit_manager_v1_inhibit_shortcuts(manager, window.surface, seat))
    client.roundtrip()
    #expect(
      client.protocolError?.code == ZWP_KEYBOARD_SHORTCUTS_INHIBIT_MANAGER_V1_ERROR_ALREADY_INHIBITED.rawValue
    )
  }
}
