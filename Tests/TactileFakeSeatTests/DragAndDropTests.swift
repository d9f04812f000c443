import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileFakeSeat
import Testing

/// The fake seat's drag and drop over `wl_data_device` with raw clients on the real wire: which serials
/// start a drag, who gets offers, how actions are negotiated, and how drags end.
@Suite struct DragAndDropTests {
  /// Two clients, each with a 100×80 window: the source's at 0,0, the target's at 200,0.
  struct Scene {
    let compositor: FakeCompositor
    let source: WireClient
    let target: WireClient
    let sourceWindow: WireWindow
    let sourceProbe: DragProbe
    let targetProbe: DragProbe
    let targetID: Int

    init() throws {
      compositor = try FakeCompositor()
      source = try WireClient(compositor)
      sourceWindow = source.makeWindow()
      sourceWindow.map()
      let sourceSeat = source.bindSeat()
      _ = source.listenToTouch(sourceSeat)
      _ = source.listenToPointer(sourceSeat)
      sourceProbe = DragProbe(source, seat: sourceSeat)
      source.roundtrip()
      target = try WireClient(compositor)
      target.makeWindow().map()
      let targetSeat = target.bindSeat()
      _ = target.listenToTouch(targetSeat)
      targetProbe = DragProbe(target, seat: targetSeat)
      target.roundtrip()
      targetID = try #require(compositor.windows.map(\.id).max())
      try compositor.moveWindow(targetID, x: 200, y: 0)
    }

    func roundtrip() {
      source.roundtrip()
      target.roundtrip()
      source.roundtrip()
    }

    /// Puts finger 1 down on the source window and starts a drag of text with its serial.
    func touchDrag(actions: UInt32 = 3) throws {
      let serial = try compositor.touchDown(id: 1, at: .output(x: 50, y: 40))
      compositor.touchFrame()
      source.roundtrip()
      sourceProbe.startDrag(
        types: ["text/plain;charset=utf-8"], actions: actions, origin: sourceWindow.surface, serial: serial)
      source.roundtrip()
    }
  }

  @Test func aTouchDragOffersItsTypesToTheSurfaceUnderTheFingerAndFinishesAfterTheTargetReads() throws {
    let scene = try Scene()
    try scene.touchDrag()
    #expect(scene.source.events.suffix(1) == ["touch.cancel"], "the drag took the finger")
    #expect(scene.compositor.drag?.device == .touch(id: 1))
    #expect(
      scene.sourceProbe.events == [
        "offer text/plain;charset=utf-8", "source_actions 3", "enter 50.0,40.0 offer",
      ],
      "the origin surface is under the finger first")
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 30))
    scene.roundtrip()
    #expect(
      scene.targetProbe.events == [
        "offer text/plain;charset=utf-8", "source_actions 3", "enter 50.0,30.0 offer",
      ])
    #expect(scene.sourceProbe.events.suffix(1) == ["leave"])
    #expect(scene.compositor.drag?.focusSurface == scene.targetID)
    let offer = try #require(scene.targetProbe.offer)
    wl_data_offer_accept(offer, 0, "text/plain;charset=utf-8")
    wl_data_offer_set_actions(offer, 3, 2)
    scene.roundtrip()
    #expect(scene.targetProbe.events.suffix(1) == ["action 2"])
    #expect(scene.sourceProbe.events.suffix(2) == ["target text/plain;charset=utf-8", "source action 2"])
    try scene.compositor.touchMotion(id: 1, to: .output(x: 260, y: 35))
    try scene.compositor.touchUp(id: 1)
    scene.roundtrip()
    #expect(scene.targetProbe.events.suffix(2) == ["motion 60.0,35.0", "drop"])
    #expect(scene.sourceProbe.events.suffix(1) == ["dnd_drop_performed"])
    #expect(scene.compositor.drag == nil)
    let fd = scene.targetProbe.receive("text/plain;charset=utf-8")
    defer { close(fd) }
    scene.roundtrip()
    #expect(drain(fd) == ("dragged:text/plain;charset=utf-8", true))
    wl_data_offer_finish(offer)
    scene.roundtrip()
    #expect(scene.sourceProbe.events.suffix(1) == ["dnd_finished"])
    #expect(
      scene.compositor.dragOutcomes == [.dropped(surface: scene.targetID, action: 2), .finished(action: 2)])
    #expect(scene.compositor.failures.isEmpty)
    #expect(!scene.target.events.contains { $0.hasPrefix("touch.") }, "the target saw no touch of the drag")
  }

  @Test func anActionIsToldOnlyWhenTheTargetsSetActionsChangesIt() throws {
    let scene = try Scene()
    try scene.touchDrag()
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 30))
    scene.roundtrip()
    let offer = try #require(scene.targetProbe.offer)
    wl_data_offer_set_actions(offer, 3, 2)
    wl_data_offer_set_actions(offer, 3, 2)
    wl_data_offer_set_actions(offer, 1, 1)
    wl_data_offer_set_actions(offer, 1, 0)
    scene.roundtrip()
    #expect(scene.targetProbe.events.filter { $0.hasPrefix("action") } == ["action 2", "action 1"])
    #expect(
      scene.sourceProbe.events.filter { $0.hasPrefix("source action") } == [
        "source action 2", "source action 1",
      ])
    #expect(scene.compositor.drag?.action == 1)
  }

  @Test func aStartDragWithTheSerialOfALiftedFingerIsRefusedAndCancelsTheSource() throws {
    let scene = try Scene()
    let serial = try scene.compositor.touchDown(id: 1, at: .output(x: 50, y: 40))
    try scene.compositor.touchUp(id: 1)
    scene.source.roundtrip()
    scene.sourceProbe.startDrag(types: ["text/plain"], origin: scene.sourceWindow.surface, serial: serial)
    scene.source.roundtrip()
    #expect(scene.compositor.drag == nil)
    #expect(scene.sourceProbe.events == ["cancelled"])
    #expect(scene.compositor.failures.map(\.interface) == ["wl_data_device"])
  }

  @Test func aStartDragWithAnotherClientsTouchDownIsRefused() throws {
    let scene = try Scene()
    let serial = try scene.compositor.touchDown(id: 1, at: .output(x: 250, y: 40))
    scene.roundtrip()
    scene.sourceProbe.startDrag(types: ["text/plain"], origin: scene.sourceWindow.surface, serial: serial)
    scene.source.roundtrip()
    #expect(scene.compositor.drag == nil)
    #expect(scene.sourceProbe.events == ["cancelled"])
  }

  @Test func aPointerDragTakesThePointerAndGivesItBackWhenReleasedOverNoTaker() throws {
    let scene = try Scene()
    try scene.compositor.pointerMotion(to: .output(x: 50, y: 40))
    scene.compositor.pointerFrame()
    let press = try scene.compositor.pointerButton(0x110, pressed: true)
    scene.source.roundtrip()
    scene.sourceProbe.startDrag(types: ["text/plain"], origin: scene.sourceWindow.surface, serial: press)
    scene.source.roundtrip()
    #expect(scene.compositor.drag?.device == .pointer)
    #expect(scene.source.events.contains { $0.hasPrefix("pointer.leave") })
    try scene.compositor.pointerMotion(to: .output(x: 250, y: 40))
    scene.roundtrip()
    #expect(scene.targetProbe.events.last == "enter 50.0,40.0 offer")
    try scene.compositor.pointerButton(0x110, pressed: false)
    scene.roundtrip()
    #expect(scene.targetProbe.events.last == "leave", "nothing was accepted")
    #expect(scene.sourceProbe.events.last == "cancelled")
    #expect(scene.compositor.dragOutcomes == [.cancelled(reason: "the target accepted no type and action")])
    #expect(scene.compositor.drag == nil)
  }

  @Test func aSourceDestroyedMidDragEndsItWithALeave() throws {
    let scene = try Scene()
    let serial = try scene.compositor.touchDown(id: 1, at: .output(x: 50, y: 40))
    scene.source.roundtrip()
    let source = scene.sourceProbe.startDrag(
      types: ["text/plain"], origin: scene.sourceWindow.surface, serial: serial)
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 30))
    scene.roundtrip()
    scene.source.destroy(source) { wl_data_source_destroy($0) }
    scene.roundtrip()
    #expect(scene.targetProbe.events.last == "leave")
    #expect(scene.compositor.drag == nil)
    #expect(scene.compositor.dragOutcomes == [.cancelled(reason: "the source was destroyed")])
    try scene.compositor.touchUp(id: 1)
  }

  @Test func aDroppedDragWhoseSourceIsDestroyedSendsTheGoneSourceNothing() throws {
    let scene = try Scene()
    let serial = try scene.compositor.touchDown(id: 1, at: .output(x: 50, y: 40))
    scene.source.roundtrip()
    let source = scene.sourceProbe.startDrag(
      types: ["text/plain;charset=utf-8"], origin: scene.sourceWindow.surface, serial: serial)
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 30))
    scene.roundtrip()
    let offer = try #require(scene.targetProbe.offer)
    wl_data_offer_accept(offer, 0, "text/plain;charset=utf-8")
    wl_data_offer_set_actions(offer, 3, 2)
    scene.roundtrip()
    try scene.compositor.touchUp(id: 1)
    scene.roundtrip()
    #expect(scene.targetProbe.events.last == "drop")
    scene.source.destroy(source) { wl_data_source_destroy($0) }
    scene.roundtrip()
    // The dropped offer still refers to the drag: a receive, a finish and the offer's destruction must
    // not reach the destroyed source (each used to post an event on its freed resource).
    let fd = scene.targetProbe.receive("text/plain;charset=utf-8")
    defer { close(fd) }
    scene.roundtrip()
    scene.targetProbe.offer = nil
    scene.target.destroy(offer) { wl_data_offer_destroy($0) }
    scene.roundtrip()
    #expect(scene.source.protocolError == nil)
    #expect(scene.target.protocolError == nil)
  }

  @Test func theCompositorCancelsADragWithALeaveAndACancelledSource() throws {
    let scene = try Scene()
    try scene.touchDrag()
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 30))
    scene.roundtrip()
    try scene.compositor.cancelDrag()
    scene.roundtrip()
    #expect(scene.targetProbe.events.last == "leave")
    #expect(scene.sourceProbe.events.last == "cancelled")
    #expect(throws: FakeSeatError.noDrag) { try scene.compositor.cancelDrag() }
  }

  @Test func aSecondStartDragWhileOneIsInFlightIsRefused() throws {
    let scene = try Scene()
    try scene.touchDrag()
    let second = try scene.compositor.touchDown(id: 2, at: .output(x: 20, y: 20))
    scene.source.roundtrip()
    scene.sourceProbe.startDrag(types: ["text/plain"], origin: scene.sourceWindow.surface, serial: second)
    scene.source.roundtrip()
    #expect(scene.sourceProbe.events.last == "cancelled")
    #expect(scene.compositor.drag?.device == .touch(id: 1))
    #expect(scene.compositor.failures.count == 1)
  }

  @Test func theCompositorsOwnDragOffersTextThatTheTargetReads() throws {
    let scene = try Scene()
    try scene.compositor.startDrag(
      at: .output(x: 150, y: 40), mimeTypes: ["text/plain;charset=utf-8"], data: Array("hello".utf8))
    try scene.compositor.pointerMotion(to: .output(x: 230, y: 20))
    scene.roundtrip()
    #expect(scene.targetProbe.events.last == "enter 30.0,20.0 offer")
    let offer = try #require(scene.targetProbe.offer)
    wl_data_offer_accept(offer, 0, "text/plain;charset=utf-8")
    wl_data_offer_set_actions(offer, 1, 1)
    scene.roundtrip()
    try scene.compositor.dropDrag()
    scene.roundtrip()
    let fd = scene.targetProbe.receive("text/plain;charset=utf-8")
    defer { close(fd) }
    scene.roundtrip()
    scene.compositor.pump()
    #expect(drain(fd) == ("hello", true))
    wl_data_offer_finish(offer)
    scene.roundtrip()
    #expect(
      scene.compositor.dragOutcomes == [.dropped(surface: scene.targetID, action: 1), .finished(action: 1)])
  }

  @Test func theIconSurfaceIsDrawnAtTheDragsPositionInScreenshots() throws {
    let scene = try Scene()
    let compositorGlobal = scene.source.bind("wl_compositor", tactile_iface_wl_compositor(), version: 5)
    let icon = scene.source.own(wl_compositor_create_surface(compositorGlobal))
    let buffer = scene.sourceWindow.makeBuffer(width: 10, height: 10, argb: 0xFFFF_0000)
    wl_surface_attach(icon, buffer, 0, 0)
    wl_surface_offset(icon, -5, -5)
    wl_surface_commit(icon)
    let serial = try scene.compositor.touchDown(id: 1, at: .output(x: 50, y: 40))
    scene.source.roundtrip()
    scene.sourceProbe.startDrag(
      types: ["text/plain"], origin: scene.sourceWindow.surface, icon: icon, serial: serial)
    scene.source.roundtrip()
    try scene.compositor.touchMotion(id: 1, to: .output(x: 150, y: 100))
    let image = scene.compositor.screenshot()
    #expect(image.pixels[100 * image.width + 150] == 0xFFFF_0000, "the hotspot, 5,5 into the icon")
    #expect(image.pixels[96 * image.width + 146] == 0xFFFF_0000)
    #expect(image.pixels[94 * image.width + 144] == 0xFF00_0000)
    #expect(image.pixels[105 * image.width + 155] == 0xFF00_0000)
    #expect(scene.compositor.drag?.iconSurface != nil)
  }

  @Test func scriptLinesDragTheCompositorsTextAndDropIt() throws {
    let scene = try Scene()
    let script = try Script(parsing: "dnd text 150 40 from a script\ndnd move 230 20\n")
    #expect(
      script.lines.map(\.command) == [
        .dndText(x: 150, y: 40, text: "from a script"), .dndMove(x: 230, y: 20),
      ])
    #expect(throws: (any Error).self) { try Script(parsing: "dnd fling") }
    try scene.compositor.startDrag(at: .output(x: 150, y: 40), mimeTypes: ["text/plain"], data: [])
    #expect(throws: FakeSeatError.dragInProgress) {
      try scene.compositor.startDrag(at: .output(x: 150, y: 40), mimeTypes: ["text/plain"], data: [])
    }
  }

  @Test func aDragWithoutASourceEndsWhenItsClientDisconnects() throws {
    let scene = try Scene()
    let serial = try scene.compositor.touchDown(id: 1, at: .output(x: 50, y: 40))
    scene.source.roundtrip()
    wl_data_device_start_drag(scene.sourceProbe.device, nil, scene.sourceWindow.surface, nil, serial)
    scene.source.roundtrip()
    #expect(scene.compositor.drag?.mimeTypes == [])
    #expect(
      scene.sourceProbe.events == ["enter 50.0,40.0 none"], "only its own client hears it, with no offer")
    scene.source.disconnect()
    scene.compositor.pump()
    #expect(scene.compositor.drag == nil)
    #expect(scene.compositor.dragOutcomes == [.cancelled(reason: "the source's client disconnected")])
    try scene.compositor.startDrag(at: .output(x: 250, y: 40), mimeTypes: ["text/plain"], data: [])
    #expect(scene.compositor.drag != nil, "the seat takes a new drag")
  }
}
