import CWaylandClient
import Glibc
import TactileCore
import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileWayland

/// A compositor that misbehaves over a valid wire (issue 9), each case with its documented outcome:
/// a bad keymap disables the keyboard with one reported error; a protocol error and a hang-up end the
/// event loop with a typed error instead of a hang or a crash. (Configures of 0×0 and 100000×100000:
/// `FakeCompositorTests`.)
@MainActor @Suite struct HostileCompositorTests {
  /// What the keymaps say, and the error each gives.
  nonisolated static let badKeymaps: [(bytes: [UInt8], announced: UInt32, error: SeatError)] = [
    (Array("xkb_keymap {".utf8), 65_536, .keymapTooSmall(announced: 65_536, actual: 12)),
    (Array("xkb_keymap {".utf8), UInt32.max, .keymapTooSmall(announced: UInt32.max, actual: 12)),
    ([], 0, .keymapTooSmall(announced: 0, actual: 0)),
    (Array("this is not a keymap".utf8) + [0], 21, .keymapInvalid),
    ([UInt8](repeating: 0xFF, count: 4096), 4096, .keymapInvalid),
    // libxkbcommon 1.5.0 dereferences a null pointer compiling these 22 bytes: the trial compile in a
    // child process dies of it, the app does not.
    (Array("xkb_keycodes{key<>{,n}".utf8) + [0], 23, .keymapCrashedCompiler(signal: SIGSEGV)),
  ]

  @Test(arguments: 0..<badKeymaps.count)
  func aBadKeymapOverTheWireDisablesTheKeyboardUntilAGoodOneComes(index: Int) throws {
    let (bytes, announced, error) = Self.badKeymaps[index]
    let app = try SeatHarness()
    let view = app.addView("field", Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(view.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.compositor.sendKeymap(bytes: bytes, announcedSize: announced)
    try app.compositor.key(30, pressed: true)
    try app.compositor.key(30, pressed: false)
    try app.sync()
    #expect(app.inputErrors == [error])
    #expect(view.keys.isEmpty, "the keyboard is disabled")
    try app.compositor.setKeyboardLayout("us")
    try app.compositor.key(30, pressed: true)
    try app.sync()
    #expect(view.keys == ["down a"], "a usable keymap enables it again")
    #expect(app.inputErrors.count == 1)
  }

  @Test func aKeymapFdThatCannotBeReadDisablesTheKeyboardWithOneError() throws {
    let app = try SeatHarness()
    let view = app.addView("field", Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(view.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    let keymap = Array("xkb_keymap { };".utf8) + [0]
    try app.compositor.sendKeymap(bytes: keymap, announcedSize: UInt32(keymap.count), readable: false)
    try app.compositor.key(30, pressed: true)
    try app.compositor.key(30, pressed: false)
    try app.sync()
    // The keymap is read with `pread` (never mapped), which a write-only fd refuses with EBADF.
    #expect(
      app.inputErrors == [.keymapUnreadable(operation: "pread", reason: String(cString: strerror(EBADF)))])
    #expect(view.keys.isEmpty, "the keyboard is disabled")
    #expect(!app.window.isClosed)
  }

  @Test func aProtocolErrorEndsTheLoopWithTheInterfaceCodeAndMessage() throws {
    let app = try SeatHarness()
    try app.compositor.postProtocolError(onSurface: app.surfaceID, code: 7, message: "hostile compositor")
    app.compositor.pump()
    let error = try #require(throws: WaylandError.self) { _ = try run(app.display) { false } }
    guard case .protocolError(let interface, _, let code, let message) = error else {
      Issue.record("expected a protocol error, got \(error)")
      return
    }
    #expect(interface == "wl_surface" && code == 7 && message == "hostile compositor")
  }

  /// The compositor hangs up while the app waits for a frame callback, a finger is down and a motion
  /// waits for its frame: the loop ends with `connectionLost` at once, and the view's touch is cancelled
  /// (no `up` can come any more).
  @Test func aCompositorThatHangsUpMidFrameEndsTheLoopAndCancelsTheTouch() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    app.compositor.setFrameCallbacks(.withheld)
    try app.compositor.touchDown(id: 1, at: app.at(10, 10))
    app.compositor.touchFrame()
    try app.settle()
    #expect(app.log.entries == ["view.began(1)"])
    view.setNeedsDisplay()
    try app.settle()
    #expect(app.host.surface.pacer.waitingForFrame)
    try app.compositor.touchMotion(id: 1, to: app.at(20, 20))
    try app.compositor.disconnectClient(ofSurface: app.surfaceID)
    let started = app.display.loop.now
    let error = try #require(throws: WaylandError.self) { _ = try run(app.display) { false } }
    guard case .connectionLost = error else {
      Issue.record("expected connectionLost, got \(error)")
      return
    }
    #expect(app.display.loop.now - started < 5, "no hang")
    #expect(app.log.entries.first == "view.began(1)" && app.log.entries.last == "view.cancelled(1)")
    #expect(app.log.entries.filter { $0.hasPrefix("view.cancelled") }.count == 1, "\(app.log.entries)")
  }

  /// After the compositor hangs up, whoever held the window lets go and everything goes with it: the
  /// display, its loop and the window's host (a program ending on a lost connection leaks nothing).
  @Test func theDisplayItsLoopAndTheHostAreFreedAfterTheCompositorHangsUp() throws {
    weak var display: WaylandDisplay?
    weak var loop: EventLoop?
    weak var host: HostedWindow?
    do {
      let app = try SeatHarness()
      display = app.display
      loop = app.display.loop
      host = app.host
      app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100)).setNeedsDisplay()
      try app.compositor.disconnectClient(ofSurface: app.surfaceID)
      #expect(throws: WaylandError.self) { _ = try run(app.display) { false } }
    }
    #expect(host == nil)
    #expect(display == nil)
    #expect(loop == nil)
  }
}
