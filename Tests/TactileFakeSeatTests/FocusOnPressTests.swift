import CWaylandClient
import CWaylandProtocols
import TactileFakeSeat
import Testing

/// Click and tap to focus, and script lines whose input would reach nothing, over the real wire.
@Suite struct FocusOnPressTests {
  /// Two clients, each with a 100×80 window, a keyboard, a pointer, a touch and a text input: the first
  /// window at 0,0, the second at 200,0.
  func setUp(_ configuration: FakeCompositor.Configuration = .init()) throws
    -> (FakeCompositor, WireClient, WireClient)
  {
    let compositor = try FakeCompositor(configuration: configuration)
    let clients = try (0..<2).map { _ in
      let client = try WireClient(compositor)
      client.makeWindow().map()
      let seat = client.bindSeat()
      _ = client.listenToKeyboard(seat)
      _ = client.listenToPointer(seat)
      _ = client.listenToTouch(seat)
      client.listenToTextInput(seat)
      client.roundtrip()
      return client
    }
    try compositor.moveWindow(compositor.windows[1].id, x: 200, y: 0)
    return (compositor, clients[0], clients[1])
  }

  /// Runs script lines, then lets both clients read what came.
  func run(_ source: String, _ compositor: FakeCompositor, _ clients: WireClient...) throws {
    try ScriptRunner(compositor: compositor).run(Script(parsing: source))
    for client in clients { client.roundtrip() }
  }

  /// The events' names, without their arguments.
  func names(_ client: WireClient) -> [String] {
    client.events.map { String($0.prefix { $0 != " " }) }
  }

  @Test func aTapGivesItsWindowTheKeyboardFocusBeforeTheTouchDown() throws {
    let (compositor, a, b) = try setUp()
    try run("tap 20 20", compositor, a, b)
    a.events = []
    b.events = []
    try run("tap 220 20", compositor, a, b)
    // (The first window's client also gets the frame that ends its earlier tap's up.)
    #expect(names(a) == ["keyboard.leave", "text.leave", "touch.frame"])
    #expect(
      names(b) == [
        "keyboard.enter", "keyboard.modifiers", "text.enter", "touch.down", "touch.frame", "touch.up",
      ]
    )
  }

  @Test func aClickGivesItsWindowTheKeyboardFocusBeforeTheButtonAndTypedTextArrivesThere() throws {
    let (compositor, a, b) = try setUp()
    a.events = []
    b.events = []
    try run("click 220 20", compositor, a, b)
    #expect(
      names(b).filter { !$0.hasPrefix("pointer.") || $0 == "pointer.button" }.prefix(5) == [
        "keyboard.enter", "keyboard.modifiers", "text.enter", "pointer.button", "pointer.button",
      ])
    b.events = []
    try run("type a", compositor, a, b)
    #expect(b.events.filter { $0.hasPrefix("keyboard.key ") }.count == 2)
    #expect(!a.events.contains { $0.hasPrefix("keyboard.") })
  }

  @Test func aPressOnTheWindowThatHasTheFocusSendsNoSecondEnter() throws {
    let (compositor, a, b) = try setUp()
    try run("tap 20 20", compositor, a, b)
    a.events = []
    try run("tap 30 30\nclick 40 40", compositor, a, b)
    #expect(!names(a).contains("keyboard.enter"))
    #expect(!names(a).contains("keyboard.leave"))
  }

  @Test func aClickRaisesTheWindowItLandsOn() throws {
    let (compositor, a, b) = try setUp()
    let lower = compositor.windows[0].id
    try compositor.moveWindow(compositor.windows[1].id, x: 50, y: 0)  // overlaps the first on 50..<100
    try run("click 20 20", compositor, a, b)
    #expect(compositor.windows.last?.id == lower)
    b.events = []
    try run("tap 60 20", compositor, a, b)
    #expect(!names(b).contains("touch.down"))
  }

  @Test func aClickRaisesItsWindowOnASeatWithoutAKeyboard() throws {
    let (compositor, a, b) = try setUp()
    let lower = compositor.windows[0].id
    try compositor.moveWindow(compositor.windows[1].id, x: 50, y: 0)
    try run("capabilities pointer,touch\nclick 20 20", compositor, a, b)
    #expect(compositor.windows.last?.id == lower)
  }

  @Test func focusManualLeavesTheFocusWhereTheScriptPutIt() throws {
    let (compositor, a, b) = try setUp()
    try run("focus manual\ntap 20 20\nclick 30 30", compositor, a, b)
    #expect(!names(a).contains("keyboard.enter"))
    #expect(throws: ScriptError(line: 1, message: "\(FakeSeatError.noKeyboardFocus)")) {
      try run("type x", compositor, a, b)
    }
    try run("focus on-press\ntap 20 20", compositor, a, b)
    #expect(names(a).contains("keyboard.enter"))
  }

  @Test func theConfigurationTurnsFocusOnPressOff() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.focusFollowsPress = false
    let (compositor, a, b) = try setUp(configuration)
    try run("tap 20 20\nclick 220 20", compositor, a, b)
    #expect(!names(a).contains("keyboard.enter"))
    #expect(!names(b).contains("keyboard.enter"))
  }

  @Test func keysWithNoFocusedWindowAreAnErrorNamingTheLine() throws {
    let (compositor, a, b) = try setUp()
    for line in ["type hello", "key Return", "key down shift", "key up shift"] {
      #expect(throws: ScriptError(line: 2, message: "\(FakeSeatError.noKeyboardFocus)")) {
        try run("wait 1ms\n\(line)", compositor, a, b)
      }
    }
    #expect(!names(a).contains("keyboard.key"))
  }

  @Test func inputForAClientWithoutThatDeviceIsAnErrorNamingTheLine() throws {
    let compositor = try FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map()
    _ = client.bindSeat()
    client.roundtrip()
    let window = compositor.windows[0].id
    for (line, kind) in [
      ("tap 10 10", Capabilities.touch), ("drag 10 10 50 50 10ms", .touch), ("click 10 10", .pointer),
    ] {
      #expect(throws: ScriptError(line: 1, message: "\(FakeSeatError.noDeviceBound(kind, surface: window))"))
      {
        try run(line, compositor, client)
      }
    }
    try compositor.keyboardEnter(surface: window)
    #expect(
      throws: ScriptError(line: 1, message: "\(FakeSeatError.noDeviceBound(.keyboard, surface: window))")
    ) {
      try run("type hi", compositor, client)
    }
    #expect(compositor.touchPointIDs.isEmpty)
  }

  @Test func pointerInputOverNothingIsAnErrorNamingTheLine() throws {
    let (compositor, a, b) = try setUp()
    #expect(throws: ScriptError(line: 1, message: "\(FakeSeatError.noPointerFocus)")) {
      try run("scroll 0 1", compositor, a, b)
    }
    #expect(throws: ScriptError(line: 1, message: "\(FakeSeatError.noPointerFocus)")) {
      try run("gesture pinch 2 1.5 0", compositor, a, b)
    }
    #expect(throws: ScriptError(line: 1, message: "\(FakeSeatError.noSurface(x: 150, y: 20))")) {
      try run("click 150 20", compositor, a, b)
    }
    #expect(throws: ScriptError(line: 1, message: "\(FakeSeatError.noSurface(x: 150, y: 20))")) {
      try run("tap 150 20", compositor, a, b)
    }
  }

  @Test func focusWithNoWindowIsAnError() throws {
    let compositor = try FakeCompositor()
    #expect(throws: ScriptError(line: 1, message: "no window is mapped")) {
      try ScriptRunner(compositor: compositor).run(Script(parsing: "focus"))
    }
    #expect(throws: ScriptError(line: 1, message: "focus takes nothing, 'on-press' or 'manual', not 'maybe'"))
    {
      try Script(parsing: "focus maybe")
    }
  }
}
