import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Interactive moves and resizes a client asks for, over the real wire.
@Suite struct InteractiveGrabTests {
  /// A client with a 100×80 window at 100,100, listening to its pointer and touch.
  func setUp() throws -> (FakeCompositor, WireClient, WireWindow, OpaquePointer, Int) {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    let window = client.makeWindow()
    window.map()
    let seat = client.bindSeat()
    _ = client.listenToPointer(seat)
    _ = client.listenToTouch(seat)
    client.roundtrip()
    let id = compositor.windows[0].id
    try compositor.moveWindow(id, x: 100, y: 100)
    return (compositor, client, window, seat, id)
  }

  func origin(_ compositor: FakeCompositor, _ id: Int) -> (Int32?, Int32?) {
    let info = compositor.surfaceInfos.first { $0.id == id }
    return (info?.x, info?.y)
  }

  /// Presses the left button at 110,110 and returns the press's serial.
  func press(_ compositor: FakeCompositor, _ client: WireClient) throws -> UInt32 {
    try compositor.pointerMotion(to: .output(x: 110, y: 110))
    compositor.pointerFrame()
    let serial = try compositor.pointerButton(0x110, pressed: true)
    compositor.pointerFrame()
    client.roundtrip()
    return serial
  }

  @Test func aMoveWithTheHeldPressSerialMakesTheWindowFollowThePointerUntilTheRelease() throws {
    let (compositor, client, window, seat, id) = try setUp()
    let serial = try press(compositor, client)
    client.events = []
    xdg_toplevel_move(window.toplevel, seat, serial)
    client.roundtrip()
    #expect(client.events.map { $0.prefix(13) } == ["pointer.leave", "pointer.frame"])
    try compositor.pointerMotion(to: .output(x: 160, y: 130))
    #expect(origin(compositor, id) == (150, 120))
    try compositor.pointerMotion(to: .output(x: 40, y: 30))
    #expect(origin(compositor, id) == (30, 20))
    client.events = []
    try compositor.pointerButton(0x110, pressed: false)
    client.roundtrip()
    #expect(client.events.map { $0.prefix(13) } == ["pointer.enter", "pointer.frame"])
    try compositor.pointerMotion(to: .output(x: 50, y: 30))
    client.roundtrip()
    #expect(origin(compositor, id) == (30, 20))
    #expect(client.events.last == "pointer.motion 20.0,10.0")
  }

  @Test func aMoveWithAStaleOrMadeUpSerialIsIgnored() throws {
    let (compositor, client, window, seat, id) = try setUp()
    let released = try press(compositor, client)
    try compositor.pointerButton(0x110, pressed: false)
    xdg_toplevel_move(window.toplevel, seat, released)
    client.roundtrip()
    try compositor.pointerButton(0x110, pressed: true)
    xdg_toplevel_move(window.toplevel, seat, 424_242)
    client.roundtrip()
    client.events = []
    try compositor.pointerMotion(to: .output(x: 150, y: 150))
    client.roundtrip()
    #expect(origin(compositor, id) == (100, 100))
    #expect(client.events == ["pointer.motion 50.0,50.0"])
    #expect(compositor.requestLog.filter { if case .move = $0.kind { true } else { false } }.count == 2)
  }

  @Test func aTouchMoveFollowsTheFingerAndCancelsTheClientsTouchPoints() throws {
    let (compositor, client, window, seat, id) = try setUp()
    let serial = try compositor.touchDown(id: 3, at: .output(x: 110, y: 110))
    compositor.touchFrame()
    client.roundtrip()
    client.events = []
    xdg_toplevel_move(window.toplevel, seat, serial)
    client.roundtrip()
    #expect(client.events == ["touch.cancel"])
    try compositor.touchMotion(id: 3, to: .output(x: 130, y: 90))
    compositor.touchFrame()
    try compositor.touchUp(id: 3)
    client.roundtrip()
    #expect(origin(compositor, id) == (120, 80))
    #expect(client.events == ["touch.cancel"])
    #expect(compositor.touchPointIDs.isEmpty)
  }

  @Test func aGrabEndsWhenItsClientDisconnects() throws {
    let (compositor, client, window, seat, _) = try setUp()
    let serial = try compositor.touchDown(id: 3, at: .output(x: 110, y: 110))
    xdg_toplevel_move(window.toplevel, seat, serial)
    client.roundtrip()
    client.disconnect()
    compositor.pump()
    #expect(compositor.touchPointIDs.isEmpty)
    let other = try WireClient(compositor)
    other.makeWindow().map()
    _ = other.listenToTouch(other.bindSeat())
    other.roundtrip()
    other.events = []
    try compositor.touchDown(id: 3, at: .output(x: 10, y: 10))
    try compositor.touchMotion(id: 3, to: .output(x: 20, y: 10))
    other.roundtrip()
    #expect(other.events.map { $0.prefix(10) } == ["touch.down", "touch.moti"])
  }

  @Test func aResizeFromTheBottomRightSendsResizingConfiguresWithTheNewSizeAndAFinalOneWithout() throws {
    let (compositor, client, window, seat, id) = try setUp()
    let serial = try press(compositor, client)
    client.events = []
    xdg_toplevel_resize(window.toplevel, seat, serial, XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
    client.roundtrip()
    try compositor.pointerMotion(to: .output(x: 140, y: 130))
    try compositor.pointerButton(0x110, pressed: false)
    client.roundtrip()
    let configures = client.events.filter { $0.hasPrefix("toplevel.configure") }
    #expect(
      configures == [
        "toplevel.configure 100x80 [4, 3]", "toplevel.configure 130x100 [4, 3]",
        "toplevel.configure 130x100 [4]",
      ])
    #expect(origin(compositor, id) == (100, 100))
  }

  @Test func aResizeFromTheTopLeftMovesTheWindowSoTheOppositeCornerStaysAndKeepsTheMinimumSize() throws {
    let (compositor, client, window, seat, id) = try setUp()
    xdg_toplevel_set_min_size(window.toplevel, 60, 50)
    let serial = try press(compositor, client)
    xdg_toplevel_resize(window.toplevel, seat, serial, XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT.rawValue)
    client.roundtrip()
    try compositor.pointerMotion(to: .output(x: 90, y: 100))
    client.roundtrip()
    #expect(client.events.last { $0.hasPrefix("toplevel.configure") } == "toplevel.configure 120x90 [4, 3]")
    #expect(origin(compositor, id) == (80, 90))
    try compositor.pointerMotion(to: .output(x: 200, y: 200))
    client.roundtrip()
    #expect(client.events.last { $0.hasPrefix("toplevel.configure") } == "toplevel.configure 60x50 [4, 3]")
    #expect(origin(compositor, id) == (140, 130))
  }

  @Test func aResizeEdgeOutsideTheEnumIsAProtocolError() throws {
    let (compositor, client, window, seat, _) = try setUp()
    let serial = try press(compositor, client)
    xdg_toplevel_resize(window.toplevel, seat, serial, 3)
    client.roundtrip()
    #expect(client.protocolError?.interface == "xdg_toplevel")
    #expect(client.protocolError?.code == XDG_TOPLEVEL_ERROR_INVALID_RESIZE_EDGE.rawValue)
  }
}
