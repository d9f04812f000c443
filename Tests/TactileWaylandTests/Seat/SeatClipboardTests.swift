import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// The clipboard over `wl_data_device`: copy and cut set the seat's selection with the serial of the
/// key that caused them, paste reads whatever client owns the selection, and transfers never block the
/// event loop nor wait forever for an owner that never finishes (issue 6, point 6).
@MainActor @Suite struct SeatClipboardTests {
  // evdev codes (more in SeatKeyboardTests)
  static let control = SeatKeyboardTests.control
  static let a = SeatKeyboardTests.a
  static let c = SeatKeyboardTests.c
  static let v: UInt32 = 47
  static let x: UInt32 = 45

  /// A harness whose first responder is a text field holding `text`, with the keyboard focus.
  func fieldWithFocus(
    _ text: String, sharing compositor: FakeCompositor? = nil
  ) throws -> (SeatHarness, TextField) {
    let app = try SeatHarness(sharedCompositor: compositor)
    let field = TextField(frame: Rect(x: 10, y: 10, width: 150, height: 30))
    field.text = text
    // These suites check the transfers, whole mebibytes of them; the field's own edit limit
    // (TextFieldMaximumLengthTests) would cut them.
    field.maximumLength = nil
    app.window.addSubview(field)
    #expect(field.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    return (app, field)
  }

  /// Presses Ctrl+`key` on the focused client and returns the serial of the key's press.
  @discardableResult
  func control(_ key: UInt32, in app: SeatHarness) throws -> UInt32 {
    try app.compositor.key(Self.control, pressed: true)
    let serial = try app.compositor.key(key, pressed: true)
    try app.compositor.key(key, pressed: false)
    try app.compositor.key(Self.control, pressed: false)
    try app.settle()
    return serial
  }

  /// Runs `app`'s loop until `transfer` is complete and returns its text.
  func finish(_ transfer: SelectionTransfer, in app: SeatHarness) throws -> String? {
    #expect(try run(app.display) { transfer.isComplete })
    return transfer.text
  }

  @Test func copySetsTheSelectionWithTheSerialOfTheKeyAndTheTextTypes() throws {
    let (app, _) = try fieldWithFocus("copied text")
    try control(Self.a, in: app)
    let serial = try control(Self.c, in: app)
    #expect(app.compositor.selectionMimeTypes() == ["text/plain;charset=utf-8", "UTF8_STRING"])
    #expect(app.compositor.selectionSerial() == serial)
    #expect(try finish(app.compositor.readSelection(), in: app) == "copied text")
    #expect(try finish(app.compositor.readSelection(mimeType: "UTF8_STRING"), in: app) == "copied text")
    #expect(app.compositor.failures.isEmpty)
  }

  @Test func aDisplayWhoseClipboardAndPrimarySelectionOfferTextIsFreedWithItsOwner() throws {
    weak var display: WaylandDisplay?
    weak var loop: EventLoop?
    do {
      let (app, field) = try fieldWithFocus("offered")
      display = app.display
      loop = app.display.loop
      try control(Self.a, in: app)  // selecting offers the primary selection
      try control(Self.c, in: app)
      #expect(app.compositor.selectionMimeTypes() != nil)
      #expect(app.compositor.selectionMimeTypes(.primary) != nil)
      #expect(field.text == "offered")
    }
    #expect(display == nil)
    #expect(loop == nil)
  }

  @Test func cutPutsTheSelectionOnTheClipboardAndRemovesIt() throws {
    let (app, field) = try fieldWithFocus("scissors")
    field.select(0..<4)
    try control(Self.x, in: app)
    #expect(field.text == "sors")
    #expect(try finish(app.compositor.readSelection(), in: app) == "scis")
  }

  @Test func pasteReadsTheSelectionOfAnotherProgram() throws {
    let (app, field) = try fieldWithFocus("")
    app.compositor.setSelection(text: "from elsewhere")
    try app.settle()
    #expect(app.display.clipboard.hasStrings)
    try control(Self.v, in: app)
    #expect(try run(app.display) { field.text == "from elsewhere" })
  }

  @Test func pasteIsOfferedOnlyWhenTheSelectionOffersText() throws {
    let (app, field) = try fieldWithFocus("")
    app.compositor.setSelection(.clipboard, data: [0x89, 0x50], mimeTypes: ["image/png"])
    try app.settle()
    #expect(!app.display.clipboard.hasStrings)
    #expect(!field.canPerformAction(.paste, withSender: nil))
    app.compositor.setSelection(text: "words")
    try app.settle()
    #expect(field.canPerformAction(.paste, withSender: nil))
    app.compositor.clearSelection()
    try app.settle()
    #expect(!field.canPerformAction(.paste, withSender: nil))
  }

  @Test func copyInOneClientAndPasteInAnotherOverTheDataDevice() throws {
    let (first, source) = try fieldWithFocus("shared words")
    let (second, target) = try fieldWithFocus("", sharing: first.compositor)
    try first.compositor.keyboardEnter(surface: first.surfaceID)
    try first.settle()
    try control(Self.a, in: first)
    try control(Self.c, in: first)
    #expect(source.selectedText == "shared words")

    try second.compositor.keyboardEnter(surface: second.surfaceID)
    try second.settle()
    #expect(second.display.clipboard.hasStrings, "the second client got an offer of the selection")
    try control(Self.v, in: second)
    // The first client answers `send` on its own loop; the two loops take turns on this thread.
    for _ in 0..<50 where target.text.isEmpty {
      try first.sync()
      try second.sync()
    }
    #expect(target.text == "shared words")
    #expect(first.compositor.failures.isEmpty)
  }

  @Test func anotherClientsSelectionCancelsOursAndPasteThenReadsTheirs() throws {
    let (app, field) = try fieldWithFocus("mine")
    try control(Self.a, in: app)
    try control(Self.c, in: app)
    app.compositor.setSelection(text: "theirs")
    try app.settle()
    field.select(4..<4)
    try control(Self.v, in: app)
    #expect(try run(app.display) { field.text == "minetheirs" })
  }

  @Test func aMebibyteCopyIsSentWithoutBlockingTheLoop() throws {
    let big = String(repeating: "0123456789abcdef", count: 65536)
    let (app, field) = try fieldWithFocus(big)
    try control(Self.a, in: app)
    try control(Self.c, in: app)
    let transfer = try app.compositor.readSelection()
    // A key typed while the mebibyte is in flight is handled before the transfer ends: the pipe holds
    // far less than 1 MiB, so the loop went on between writes.
    field.select(0..<0)
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.key(Self.a, pressed: false)
    #expect(try run(app.display) { field.text.hasPrefix("a0123") })
    #expect(!transfer.isComplete)
    #expect(try finish(transfer, in: app) == big)
  }

  @Test func aMebibytePasteIsReadWithoutBlockingTheLoop() throws {
    let big = String(repeating: "fedcba9876543210", count: 65536)
    let (app, field) = try fieldWithFocus("")
    app.compositor.setSelection(text: big)
    try app.settle()
    try control(Self.v, in: app)
    #expect(try run(app.display) { field.text.count == big.count })
    #expect(field.text == big)
  }

  @Test func aPasteFromAnOwnerThatNeverClosesItsPipeFailsAtTheTimeoutAndClosesIt() throws {
    let (app, field) = try fieldWithFocus("kept")
    app.compositor.setSelection(text: "partial", closesPipe: false)
    try app.settle()
    try control(Self.v, in: app)
    #expect(
      try run(app.display) { app.compositor.stalledPipes().map(\.unreadBytes) == [0] },
      "the app read what the owner sent and waits for the end")
    app.scheduler.advance(by: SystemPasteboard.defaultReadTimeout - 0.001)
    #expect(app.compositor.stalledPipes().map(\.hasReader) == [true])
    #expect(app.inputErrors.isEmpty)
    app.scheduler.advance(by: 0.001)
    #expect(app.compositor.stalledPipes().map(\.hasReader) == [false], "the app closed its end")
    #expect(
      app.inputErrors == [
        .pasteTimedOut(selection: .clipboard, seconds: SystemPasteboard.defaultReadTimeout, receivedBytes: 7)
      ])
    #expect(field.text == "kept", "a paste that did not finish inserts nothing")
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.key(Self.a, pressed: false)
    try app.sync()
    #expect(field.text == "kepta", "the app goes on")
  }

  @Test func aPasteThatFinishesLeavesNoTimeoutBehind() throws {
    let (app, field) = try fieldWithFocus("")
    app.compositor.setSelection(text: "quick")
    try app.settle()
    let timers = app.scheduler.pendingCount
    try control(Self.v, in: app)
    #expect(try run(app.display) { field.text == "quick" })
    #expect(app.scheduler.pendingCount == timers)
    app.scheduler.advance(by: 2 * SystemPasteboard.defaultReadTimeout)
    #expect(app.inputErrors.isEmpty)
    #expect(field.text == "quick")
  }

  @Test func aClientThatAsksForOurSelectionAndNeverReadsIsCutOffAtTheWriteTimeout() throws {
    let (app, _) = try fieldWithFocus("")
    try app.compositor.key(Self.a, pressed: true)
    try app.compositor.key(Self.a, pressed: false)
    try app.settle()
    let big = String(repeating: "x", count: 1 << 20)
    app.application.pasteboard.setString(big)
    try app.settle()
    #expect(app.compositor.selectionMimeTypes() != nil)
    let stuck = try app.compositor.requestSelectionWithoutReading()
    try app.settle()
    let written = stuck.writtenBytes
    #expect(stuck.hasWriter)
    #expect(written > 0 && written < big.utf8.count, "the pipe is full")
    app.scheduler.advance(by: SystemPasteboard.defaultWriteTimeout - 0.001)
    #expect(stuck.hasWriter)
    #expect(app.inputErrors.isEmpty)
    app.scheduler.advance(by: 0.001)
    #expect(!stuck.hasWriter, "the app closed its end")
    #expect(
      app.inputErrors == [
        .copyTimedOut(
          selection: .clipboard, seconds: SystemPasteboard.defaultWriteTimeout, writtenBytes: written,
          totalBytes: big.utf8.count)
      ])
    let timers = app.scheduler.pendingCount
    let transfer = try app.compositor.readSelection()
    #expect(try run(app.display) { transfer.isComplete })
    #expect(transfer.text == big, "a client that reads still gets it all")
    #expect(app.scheduler.pendingCount == timers, "a finished write leaves no timeout behind")
    #expect(app.inputErrors.count == 1)
  }

  @Test func aSelectionSetWithASerialTheCompositorNeverSentIsRefused() throws {
    let (app, _) = try fieldWithFocus("text")
    let seat = try app.seat
    let device = try #require(seat.selectionDevice(.clipboard))
    let manager = try #require(app.display.selectionManager(.clipboard))
    let source = SelectionSource(kind: .clipboard, manager: manager, text: "forged", display: app.display)
    device.setSelection(source, serial: 0xFFFF_FFF0)
    try app.settle()
    #expect(app.compositor.selectionMimeTypes() == nil)
    #expect(app.compositor.failures.map(\.interface) == ["wl_data_device"])
  }
}
