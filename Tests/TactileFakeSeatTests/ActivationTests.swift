import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// xdg-activation over the wire: tokens, and the focus policy of `activate`.
@Suite struct ActivationTests {
  /// Two clients with a mapped window each and a keyboard, and the windows' surface ids; the second
  /// window is at 300,0.
  private func rig() throws -> (FakeCompositor, [WireClient], [WireWindow], [OpaquePointer], [Int]) {
    let compositor = try FakeCompositor()
    var clients: [WireClient] = []
    var windows: [WireWindow] = []
    var seats: [OpaquePointer] = []
    var ids: [Int] = []
    for _ in 0..<2 {
      let client = try WireClient(compositor)
      let seat = client.bindSeat()
      _ = client.listenToKeyboard(seat)
      let window = client.makeWindow()
      window.map()
      clients.append(client)
      windows.append(window)
      seats.append(seat)
      ids.append(compositor.windows.last!.id)
    }
    try compositor.moveWindow(ids[1], x: 300, y: 0)
    return (compositor, clients, windows, seats, ids)
  }

  /// Asks `client` for a token naming `seat` (with an arbitrary serial) and returns it.
  private func requestToken(from client: WireClient, seat: OpaquePointer) -> String? {
    let activation = client.bind("xdg_activation_v1", tactile_iface_xdg_activation_v1(), version: 1)
    let token = client.own(xdg_activation_v1_get_activation_token(activation))
    xdg_activation_token_v1_add_listener(token, &WireClient.activationTokenListener, client.userData)
    xdg_activation_token_v1_set_serial(token, 1, seat)
    xdg_activation_token_v1_set_app_id(token, "dev.tactile.other")
    xdg_activation_token_v1_commit(token)
    client.roundtrip()
    return client.latestToken
  }

  private func activate(_ client: WireClient, _ window: WireWindow, with token: String) {
    let activation = client.bind("xdg_activation_v1", tactile_iface_xdg_activation_v1(), version: 1)
    xdg_activation_v1_activate(activation, token, window.surface)
    client.roundtrip()
  }

  @Test func aTokenFromTheFocusedClientGivesAnotherClientsWindowTheFocus() throws {
    let (compositor, clients, windows, seats, ids) = try rig()
    try compositor.keyboardEnter(surface: ids[1])
    let token = try #require(requestToken(from: clients[1], seat: seats[1]))
    clients[0].events = []
    activate(clients[0], windows[0], with: token)
    #expect(compositor.activations.last?.granted == true)
    #expect(clients[0].events.contains { $0.hasPrefix("keyboard.enter") })
    #expect(compositor.windows.last?.id == ids[0], "raised")
  }

  @Test func aTokenFromAClientWithoutTheFocusIsRefused() throws {
    let (compositor, clients, windows, seats, ids) = try rig()
    try compositor.keyboardEnter(surface: ids[1])
    let token = try #require(requestToken(from: clients[0], seat: seats[0]))
    clients[0].events = []
    activate(clients[0], windows[0], with: token)
    #expect(compositor.activations.last?.granted == false)
    #expect(compositor.activations.last?.refusal == "the requesting client did not have the keyboard focus")
    #expect(!clients[0].events.contains { $0.hasPrefix("keyboard.enter") })
  }

  @Test func aTokenWorksOnceAndAnUnknownOneIsRefused() throws {
    let (compositor, clients, windows, _, _) = try rig()
    let token = compositor.makeActivationToken()
    activate(clients[0], windows[0], with: token)
    #expect(compositor.activations.map(\.granted) == [true])
    activate(clients[0], windows[0], with: token)
    activate(clients[0], windows[0], with: "made-up")
    #expect(compositor.activations.map(\.granted) == [true, false, false])
    #expect(compositor.activations.last?.refusal == "unknown or used token 'made-up'")
  }

  @Test func committingATokenTwiceIsAProtocolError() throws {
    let (_, clients, _, seats, _) = try rig()
    let activation = clients[0].bind("xdg_activation_v1", tactile_iface_xdg_activation_v1(), version: 1)
    let token = clients[0].own(xdg_activation_v1_get_activation_token(activation))
    xdg_activation_token_v1_set_serial(token, 1, seats[0])
    xdg_activation_token_v1_commit(token)
    xdg_activation_token_v1_commit(token)
    clients[0].roundtrip()
    #expect(clients[0].protocolError?.interface == "xdg_activation_token_v1")
    #expect(clients[0].protocolError?.code == XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED.rawValue)
  }
}
