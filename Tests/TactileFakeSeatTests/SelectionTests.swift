import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import Testing

/// The fake seat's clipboard (`wl_data_device`) and primary selection over the real wire, with raw
/// clients: who gets offers, where `receive` goes, which serials are accepted.
@Suite struct SelectionTests {
  /// A compositor and a client with a mapped window (keyboard focus given), its seat and a probe.
  func setUp(
    _ compositor: FakeCompositor? = nil, primary: Bool = false
  ) throws -> (FakeCompositor, WireClient, SelectionProbe, Int) {
    let compositor = try compositor ?? FakeCompositor()
    let client = try WireClient(compositor)
    client.makeWindow().map(width: 100, height: 80)
    let seat = client.bindSeat()
    _ = client.listenToKeyboard(seat)
    let probe = SelectionProbe(client, seat: seat, primary: primary)
    client.roundtrip()
    let window = try #require(compositor.windows.map(\.id).max())
    return (compositor, client, probe, window)
  }

  /// Gives the client the keyboard focus, presses a key and sets a selection of `types` with that
  /// key's serial, as a copy would.
  ///
  /// - Returns: The key's serial and the source.
  @discardableResult
  func copy(
    _ types: [String], in client: WireClient, _ probe: SelectionProbe, window: Int
  ) throws -> (serial: UInt32, source: OpaquePointer) {
    try client.compositor.keyboardEnter(surface: window)
    let serial = try client.compositor.key(30, pressed: true)
    client.roundtrip()
    let source = probe.setSelection(types: types, serial: serial)
    client.roundtrip()
    return (serial, source)
  }

  @Test func theFocusedClientGetsAnOfferWhenItGainsTheFocusAndWhenTheSelectionChanges() throws {
    let (compositor, client, probe, window) = try setUp()
    compositor.setSelection(text: "one")
    client.roundtrip()
    #expect(probe.events == [], "no offer without the keyboard focus")
    try compositor.keyboardEnter(surface: window)
    client.roundtrip()
    let offer = [
      "data_offer", "offer text/plain;charset=utf-8", "offer UTF8_STRING", "offer text/plain",
      "selection offer",
    ]
    #expect(probe.events == offer)
    compositor.clearSelection()
    compositor.setSelection(text: "two")
    client.roundtrip()
    #expect(probe.events == offer + ["selection none"] + offer)
  }

  @Test func receiveOnTheOfferGetsTheCompositorsText() throws {
    let (compositor, client, probe, window) = try setUp()
    compositor.setSelection(text: "from the compositor")
    try compositor.keyboardEnter(surface: window)
    client.roundtrip()
    let fd = probe.receive("UTF8_STRING")
    defer { close(fd) }
    client.roundtrip()
    #expect(drain(fd) == ("from the compositor", true))
  }

  @Test func aSelectionThatKeepsItsPipeOpenSendsItsTextAndNeverEnds() throws {
    let (compositor, client, probe, window) = try setUp()
    compositor.setSelection(text: "stuck", closesPipe: false)
    try compositor.keyboardEnter(surface: window)
    client.roundtrip()
    let fd = probe.receive("UTF8_STRING")
    client.roundtrip()
    #expect(compositor.stalledPipes().map(\.unreadBytes) == [5])
    #expect(drain(fd) == ("stuck", false), "the text came and the pipe stays open")
    #expect(compositor.stalledPipes().map(\.hasReader) == [true])
    close(fd)
    #expect(compositor.stalledPipes().map(\.hasReader) == [false])
  }

  @Test func aClientSelectionIsSetWithAKeySerialAndReadByTheCompositor() throws {
    let (compositor, client, probe, window) = try setUp()
    let serial = try copy(["text/plain"], in: client, probe, window: window).serial
    #expect(compositor.selectionMimeTypes() == ["text/plain"])
    #expect(compositor.selectionSerial() == serial)
    let transfer = try compositor.readSelection(mimeType: "text/plain")
    for _ in 0..<10 where !transfer.isComplete { client.roundtrip() }
    #expect(transfer.text == "source:text/plain")
    #expect(compositor.finish().isClean)
  }

  @Test func copyInOneClientAndPasteInAnother() throws {
    let (compositor, writer, source, writerWindow) = try setUp()
    let (_, reader, target, readerWindow) = try setUp(compositor)
    try copy(["UTF8_STRING"], in: writer, source, window: writerWindow)
    try compositor.keyboardEnter(surface: readerWindow)
    reader.roundtrip()
    #expect(target.events == ["data_offer", "offer UTF8_STRING", "selection offer"])
    let fd = target.receive("UTF8_STRING")
    defer { close(fd) }
    reader.roundtrip()
    writer.roundtrip()
    #expect(
      source.events == [
        "selection none", "data_offer", "offer UTF8_STRING", "selection offer", "send UTF8_STRING",
      ])
    #expect(drain(fd) == ("source:UTF8_STRING", true))
  }

  @Test func aNewSelectionCancelsTheOldSourceAndAStaleOfferGetsNoData() throws {
    let (compositor, client, probe, window) = try setUp()
    try copy(["text/plain"], in: client, probe, window: window)
    let staleOffer = probe.offer
    compositor.setSelection(text: "newer")
    client.roundtrip()
    #expect(
      probe.events.suffix(6) == [
        "cancelled", "data_offer", "offer text/plain;charset=utf-8", "offer UTF8_STRING", "offer text/plain",
        "selection offer",
      ])
    probe.offer = staleOffer
    let fd = probe.receive("text/plain")
    defer { close(fd) }
    client.roundtrip()
    #expect(drain(fd) == ("", true), "the stale offer's fd is closed at once")
    #expect(!probe.events.contains("send text/plain"))
  }

  @Test func destroyingTheSourceClearsTheSelection() throws {
    let (compositor, client, probe, window) = try setUp()
    let source = try copy(["text/plain"], in: client, probe, window: window).source
    client.destroy(source, with: wl_data_source_destroy)
    client.roundtrip()
    #expect(compositor.selectionMimeTypes() == nil)
    #expect(probe.events.last == "selection none")
  }

  @Test func aSerialTheCompositorNeverSentIsAFailureAndAnOlderOneIsIgnored() throws {
    let (compositor, client, probe, window) = try setUp()
    try compositor.keyboardEnter(surface: window)
    let first = try compositor.key(30, pressed: true)
    let second = try compositor.key(30, pressed: false)
    client.roundtrip()
    probe.setSelection(types: ["text/plain"], serial: 0)
    probe.setSelection(types: ["text/plain"], serial: second &+ 1000)
    client.roundtrip()
    #expect(compositor.selectionMimeTypes() == nil)
    #expect(compositor.failures.count == 2)
    probe.setSelection(types: ["text/a"], serial: second)
    probe.setSelection(types: ["text/b"], serial: first)
    client.roundtrip()
    #expect(compositor.selectionMimeTypes() == ["text/a"])
  }

  @Test func thePrimarySelectionIsOfferedAndReadLikeTheClipboard() throws {
    let (compositor, client, probe, window) = try setUp(primary: true)
    try copy(["UTF8_STRING"], in: client, probe, window: window)
    #expect(compositor.selectionMimeTypes(.primary) == ["UTF8_STRING"])
    #expect(compositor.selectionMimeTypes(.clipboard) == nil)
    let transfer = try compositor.readSelection(.primary, mimeType: "UTF8_STRING")
    for _ in 0..<10 where !transfer.isComplete { client.roundtrip() }
    #expect(transfer.text == "source:UTF8_STRING")
    compositor.setSelection(.primary, text: "selected elsewhere")
    client.roundtrip()
    let fd = probe.receive("text/plain;charset=utf-8")
    defer { close(fd) }
    client.roundtrip()
    #expect(drain(fd) == ("selected elsewhere", true))
  }
}
