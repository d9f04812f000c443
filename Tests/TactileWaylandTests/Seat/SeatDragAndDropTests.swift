import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Gives one text item; logs how the drag ended.
@MainActor
private final class TextSource: DragInteractionDelegate {
  var text: String
  var ends: [DropOperation] = []
  init(_ text: String) { self.text = text }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    [DragItem(itemProvider: ItemProvider(text: text))]
  }

  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
  ) {
    ends.append(operation)
  }
}

/// Takes text with `operation`, keeping what it read (or why not).
@MainActor
private final class TextTarget: DropInteractionDelegate {
  var operation = DropOperation.copy
  var received: [String] = []
  var failures: [ItemProviderError] = []
  var entered = 0
  var exited = 0
  var localDrops = 0

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    session.hasItemsConforming(toTypeIdentifiers: [ItemProvider.plainText])
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    exited += 1
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    entered += 1
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  {
    DropProposal(operation: operation)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    if session.localDragSession != nil { localDrops += 1 }
    for item in session.items {
      item.itemProvider.loadText { [self] result in
        switch result {
        case .success(let text): received.append(text)
        case .failure(let error): failures.append(error)
        }
      }
    }
  }
}

/// Gives one item with a URI list and a PNG image; logs how the drag ended.
@MainActor
private final class FileSource: DragInteractionDelegate {
  static let uris = Array("file:///home/user/photo.png\r\nfile:///home/user/notes.txt\r\n".utf8)
  /// A PNG signature and chunk bytes, with every byte value (NUL included): the transfer is binary.
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0...255).map { UInt8($0) }
  var ends: [DropOperation] = []

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    let provider = ItemProvider()
    provider.registerDataRepresentation(forTypeIdentifier: ItemProvider.uriList) { $0(.success(Self.uris)) }
    provider.registerDataRepresentation(forTypeIdentifier: ItemProvider.png) { $0(.success(Self.png)) }
    return [DragItem(itemProvider: provider)]
  }

  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
  ) {
    ends.append(operation)
  }
}

/// Takes URI lists and PNG images, loading every type the dropped items have.
@MainActor
private final class FileTarget: DropInteractionDelegate {
  static let types = [ItemProvider.uriList, ItemProvider.png]
  var received: [String: [UInt8]] = [:]

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    session.hasItemsConforming(toTypeIdentifiers: Self.types)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  {
    DropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    for item in session.items {
      for type in Self.types where item.itemProvider.hasItemConformingToTypeIdentifier(type) {
        item.itemProvider.loadData(forTypeIdentifier: type) { [self] result in
          if case .success(let bytes) = result { received[type] = bytes }
        }
      }
    }
  }
}

/// Drag and drop between two Tactile apps over `wl_data_device` on the fake compositor: the drag
/// leaves the source's window by touch or pointer, starts with the serial of the press that lifted it,
/// and the other app's drop target reads the data through a pipe on its loop.
@MainActor @Suite struct SeatDragAndDropTests {
  /// A source app (window at 0,0) with a draggable view, and a target app (window at 300,0) whose whole
  /// window takes drops.
  @MainActor
  struct Scene {
    let source: SeatHarness
    let target: SeatHarness
    fileprivate let sourceDelegate = TextSource("dragged words")
    fileprivate let targetDelegate = TextTarget()
    let dragged = View(frame: Rect(x: 20, y: 20, width: 60, height: 40))
    let dropArea = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))

    init(configuration: FakeCompositor.Configuration = FakeCompositor.Configuration()) throws {
      source = try SeatHarness(configuration: configuration)
      target = try SeatHarness(sharedCompositor: source.compositor)
      try source.compositor.moveWindow(try target.surfaceID, x: 300, y: 0)
      dragged.backgroundColor = .red
      source.window.addSubview(dragged)
      dragged.dragInteraction = DragInteraction(delegate: sourceDelegate)
      target.window.addSubview(dropArea)
      dropArea.dropInteraction = DropInteraction(delegate: targetDelegate)
      try settle()
    }

    var compositor: FakeCompositor { source.compositor }

    /// Lets the two loops take turns until `done` (at most 50 turns each).
    func settle(until done: () -> Bool = { false }) throws {
      for _ in 0..<50 {
        try source.sync()
        try target.sync()
        if done() { return }
      }
    }

    /// Finger 1 down on the dragged view, held until the lift: returns the down's serial.
    func liftByTouch() throws -> UInt32 {
      let serial = try compositor.touchDown(id: 1, at: .output(x: 40, y: 40))
      compositor.touchFrame()
      try source.settle()
      source.scheduler.advance(by: 0.6)
      return serial
    }
  }

  @Test func aTouchDragLeavingTheWindowDropsTextIntoAnotherAppAndFinishes() throws {
    let scene = try Scene()
    let serial = try scene.liftByTouch()
    #expect(scene.source.window.activeDragSession?.state == .lifted)
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 40))
    scene.compositor.touchFrame()
    try scene.settle()
    #expect(scene.source.window.activeDragSession?.state == .onPlatform)
    #expect(scene.compositor.drag?.device == .touch(id: 1))
    #expect(scene.compositor.drag?.mimeTypes == ["text/plain;charset=utf-8", "UTF8_STRING"])
    #expect(scene.compositor.drag?.iconSurface != nil, "the preview is the icon")
    #expect(scene.compositor.failures.isEmpty, "start_drag named the held touch-down (\(serial))")
    try scene.compositor.touchMotion(id: 1, to: .output(x: 350, y: 50))
    scene.compositor.touchFrame()
    try scene.settle()
    #expect(scene.targetDelegate.entered == 1)
    #expect(scene.compositor.drag?.acceptedMimeType == "text/plain;charset=utf-8")
    #expect(scene.compositor.drag?.action == 1)
    try scene.compositor.touchUp(id: 1)
    scene.compositor.touchFrame()
    try scene.settle { scene.sourceDelegate.ends == [.copy] }
    #expect(scene.targetDelegate.received == ["dragged words"])
    #expect(scene.targetDelegate.localDrops == 0)
    #expect(scene.sourceDelegate.ends == [.copy])
    #expect(scene.compositor.dragOutcomes.last == .finished(action: 1))
    #expect(scene.compositor.failures.isEmpty)
    #expect(scene.source.window.activeDragSession == nil)
    #expect(scene.source.window.touchTracker.liveTouches.isEmpty, "no touch is left without its end")
  }

  /// mutter 43: the touch-down's `start_drag` gives a drag driven by the pointer, and the finger keeps
  /// reaching the source. Its `up` ends the drag there, destroying the source, so the compositor's
  /// pointer drag ends too and the next drag lifts.
  @Test func aTouchDragTheCompositorRunsOffThePointerEndsWhenTheFingerLiftsAtTheSource() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.touchDragsRunOnThePointer = true
    let scene = try Scene(configuration: configuration)
    try scene.compositor.pointerMotion(to: .output(x: 150, y: 90))
    scene.compositor.pointerFrame()
    _ = try scene.liftByTouch()
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 40))
    scene.compositor.touchFrame()
    try scene.settle()
    #expect(scene.compositor.drag?.device == .pointer, "the compositor took the drag onto the pointer")
    try scene.compositor.touchMotion(id: 1, to: .output(x: 350, y: 50))
    scene.compositor.touchFrame()
    try scene.settle()
    #expect(scene.targetDelegate.entered == 0, "the finger drives no drag")
    try scene.compositor.touchUp(id: 1)
    scene.compositor.touchFrame()
    try scene.settle { !scene.sourceDelegate.ends.isEmpty }
    #expect(scene.sourceDelegate.ends == [.cancel])
    #expect(scene.compositor.drag == nil, "destroying the source ended the compositor's drag")
    #expect(scene.compositor.dragOutcomes == [.cancelled(reason: "the source was destroyed")])
    #expect(scene.source.window.activeDragSession == nil)
    #expect(scene.source.window.touchTracker.liveTouches.isEmpty, "no touch is left without its end")
    _ = try scene.liftByTouch()
    #expect(scene.source.window.activeDragSession?.state == .lifted, "the next drag lifts")
  }

  /// KWin 5.27: the finger's `up` reaches the source after `dnd_drop_performed`; the drag is the
  /// target's to finish then, and the source stays until it has read.
  @Test func aFingersUpThatReachesTheSourceAfterTheDropLeavesTheDropToFinish() throws {
    var configuration = FakeCompositor.Configuration()
    configuration.touchDragsEndWithAnUp = true
    let scene = try Scene(configuration: configuration)
    _ = try scene.liftByTouch()
    for x in [250.0, 350] {
      try scene.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      scene.compositor.touchFrame()
      try scene.settle()
    }
    #expect(scene.compositor.drag?.device == .touch(id: 1))
    try scene.compositor.touchUp(id: 1)
    scene.compositor.touchFrame()
    try scene.settle { scene.sourceDelegate.ends == [.copy] }
    #expect(scene.targetDelegate.received == ["dragged words"])
    #expect(scene.sourceDelegate.ends == [.copy])
    #expect(scene.compositor.dragOutcomes.last == .finished(action: 1))
    #expect(scene.source.window.touchTracker.liveTouches.isEmpty, "no touch is left without its end")
  }

  @Test func aURIListAndAPNGImageAreOfferedAndBothArriveByteForByte() throws {
    let scene = try Scene()
    let source = FileSource()
    let target = FileTarget()
    scene.dragged.dragInteraction = DragInteraction(delegate: source)
    scene.dropArea.dropInteraction = DropInteraction(delegate: target)
    _ = try scene.liftByTouch()
    for x in [250.0, 350] {
      try scene.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      scene.compositor.touchFrame()
      try scene.settle()
    }
    #expect(scene.compositor.drag?.mimeTypes == [ItemProvider.uriList, ItemProvider.png])
    #expect(scene.compositor.drag?.acceptedMimeType == ItemProvider.uriList, "the first type is accepted")
    try scene.compositor.touchUp(id: 1)
    scene.compositor.touchFrame()
    try scene.settle { source.ends == [.copy] }
    #expect(target.received[ItemProvider.uriList] == FileSource.uris)
    #expect(target.received[ItemProvider.png] == FileSource.png)
    #expect(source.ends == [.copy])
    #expect(scene.compositor.dragOutcomes.last == .finished(action: 1), "finished after both reads")
    #expect(scene.compositor.failures.isEmpty)
  }

  @Test func aMoveProposalMovesAndTellsTheSource() throws {
    let scene = try Scene()
    scene.targetDelegate.operation = .move
    _ = try scene.liftByTouch()
    for x in [250.0, 350] {
      try scene.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      scene.compositor.touchFrame()
      try scene.settle()
    }
    #expect(scene.compositor.drag?.action == 2)
    try scene.compositor.touchUp(id: 1)
    try scene.settle { scene.sourceDelegate.ends == [.move] }
    #expect(scene.sourceDelegate.ends == [.move])
  }

  @Test func aDropOnATargetThatRefusesCancelsTheSource() throws {
    let scene = try Scene()
    scene.targetDelegate.operation = .forbidden
    _ = try scene.liftByTouch()
    for x in [250.0, 350] {
      try scene.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      scene.compositor.touchFrame()
      try scene.settle()
    }
    #expect(scene.compositor.drag?.acceptedMimeType == nil)
    try scene.compositor.touchUp(id: 1)
    try scene.settle { !scene.sourceDelegate.ends.isEmpty }
    #expect(scene.sourceDelegate.ends == [.cancel])
    #expect(scene.targetDelegate.received.isEmpty)
  }

  @Test func theCompositorCancellingTheDragEndsItAsACancel() throws {
    let scene = try Scene()
    _ = try scene.liftByTouch()
    try scene.compositor.touchMotion(id: 1, to: .output(x: 250, y: 40))
    try scene.settle()
    try scene.compositor.cancelDrag()
    try scene.settle { !scene.sourceDelegate.ends.isEmpty }
    #expect(scene.sourceDelegate.ends == [.cancel])
    #expect(scene.source.window.activeDragSession == nil)
  }

  @Test func aPointerPressThatMovesOutOfTheWindowStartsAPointerDrag() throws {
    let scene = try Scene()
    try scene.compositor.pointerMotion(to: .output(x: 40, y: 40))
    scene.compositor.pointerFrame()
    try scene.compositor.pointerButton(0x110, pressed: true)
    scene.compositor.pointerFrame()
    try scene.source.settle()
    try scene.compositor.pointerMotion(to: .output(x: 50, y: 40))
    scene.compositor.pointerFrame()
    try scene.source.settle()
    #expect(scene.source.window.activeDragSession?.state == .lifted)
    // The fake seat has no implicit pointer grab: a point outside the window is named on its surface.
    try scene.compositor.pointerMotion(to: scene.source.at(250, 40))
    scene.compositor.pointerFrame()
    try scene.settle()
    #expect(scene.compositor.drag?.device == .pointer)
    try scene.compositor.pointerMotion(to: .output(x: 350, y: 40))
    try scene.settle()
    try scene.compositor.pointerButton(0x110, pressed: false)
    try scene.settle { scene.sourceDelegate.ends == [.copy] }
    #expect(scene.targetDelegate.received == ["dragged words"])
  }

  @Test func textDraggedByAnotherProgramIsDroppedAndRead() throws {
    let scene = try Scene()
    try scene.compositor.startDrag(
      at: .output(x: 250, y: 40), mimeTypes: ["text/plain;charset=utf-8"], data: Array("from afar".utf8))
    try scene.compositor.pointerMotion(to: .output(x: 350, y: 40))
    try scene.settle()
    #expect(scene.compositor.drag?.action == 1)
    try scene.compositor.dropDrag()
    try scene.settle { !scene.targetDelegate.received.isEmpty }
    #expect(scene.targetDelegate.received == ["from afar"])
    try scene.settle { scene.compositor.dragOutcomes.count == 2 }
    #expect(scene.compositor.dragOutcomes.last == .finished(action: 1))
  }

  @Test func aTargetAnswersAMotionOnlyWhenItsAnswerChangesAndAWindowThatTakesNothingNever() throws {
    let scene = try Scene()
    try scene.compositor.startDrag(
      at: .output(x: 40, y: 40), mimeTypes: ["text/plain;charset=utf-8"], data: Array("from afar".utf8))
    try scene.compositor.pointerMotion(to: .output(x: 45, y: 40))
    try scene.settle()
    #expect(scene.compositor.drag?.focusSurface == (try scene.source.surfaceID))
    #expect(scene.compositor.drag?.acceptCount == 0, "the source's window, which takes no drop")
    try scene.compositor.pointerMotion(to: .output(x: 350, y: 40))
    try scene.settle()
    #expect(scene.compositor.drag?.acceptCount == 1, "the enter's answer")
    for x in 351...355 {
      try scene.compositor.pointerMotion(to: .output(x: Double(x), y: 40))
      try scene.settle()
    }
    #expect(scene.compositor.drag?.acceptCount == 1, "the same answer is not sent again")
    scene.targetDelegate.operation = .forbidden
    try scene.compositor.pointerMotion(to: .output(x: 356, y: 40))
    try scene.settle()
    #expect(scene.compositor.drag?.acceptCount == 2)
    #expect(scene.compositor.drag?.acceptedMimeType == nil, "the changed answer accepts nothing")
    scene.targetDelegate.operation = .copy
    try scene.compositor.pointerMotion(to: .output(x: 357, y: 40))
    try scene.settle()
    #expect(scene.compositor.drag?.acceptCount == 3)
    try scene.compositor.pointerMotion(to: .output(x: 250, y: 40))
    try scene.compositor.pointerMotion(to: .output(x: 350, y: 40))
    try scene.settle()
    #expect(scene.compositor.drag?.acceptCount == 1, "a new enter is answered again")
    try scene.compositor.dropDrag()
    try scene.settle { !scene.targetDelegate.received.isEmpty }
    #expect(scene.targetDelegate.received == ["from afar"])
  }

  @Test func aHundredMegabytePayloadIsStreamedWithoutBlockingEitherLoop() throws {
    let scene = try Scene()
    let big = String(repeating: "0123456789", count: 10_000_000)
    scene.sourceDelegate.text = big
    _ = try scene.liftByTouch()
    for x in [250.0, 350] {
      try scene.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      scene.compositor.touchFrame()
      try scene.settle()
    }
    try scene.compositor.touchUp(id: 1)
    var turns = 0
    for _ in 0..<2_000 where scene.targetDelegate.received.isEmpty {
      try scene.source.sync()
      try scene.target.sync()
      turns += 1
    }
    #expect(scene.targetDelegate.received.first?.utf8.count == 100_000_000)
    #expect(turns > 10, "the transfer took many turns of both loops, none blocked for all of it")
  }

  @Test func aTargetThatNeverReadsTimesTheSourceOutAndTheDragEndsCancelled() throws {
    let scene = try Scene()
    let total = 1 << 20
    scene.sourceDelegate.text = String(repeating: "x", count: total)
    _ = try scene.liftByTouch()
    for x in [250.0, 350] {
      try scene.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      scene.compositor.touchFrame()
      try scene.settle()
    }
    try scene.compositor.touchUp(id: 1)
    try scene.source.sync()  // dnd_drop_performed
    try scene.target.sync()  // the drop: the target asks for the text, then never runs again
    try scene.source.sync()  // send: the source writes what the pipe takes
    #expect(scene.sourceDelegate.ends.isEmpty)
    scene.source.scheduler.advance(by: SystemPasteboard.defaultWriteTimeout + 0.1)
    #expect(scene.sourceDelegate.ends == [.cancel])
    let timeouts = scene.source.inputErrors.compactMap { error -> Int? in
      guard case .dragTransferTimedOut(_, let written, let all) = error, all == total else { return nil }
      return written
    }
    #expect(timeouts.count == 1 && timeouts[0] < total, "the write was abandoned part way")
    #expect(
      scene.source.inputErrors.contains(.dropNotFinished(seconds: SystemPasteboard.defaultWriteTimeout)))
    #expect(scene.source.window.activeDragSession == nil)
  }

  @Test func aDragOfferingNoTypeTheTargetTakesIsPassedOverAndCancels() throws {
    let scene = try Scene()
    try scene.compositor.startDrag(
      at: .output(x: 250, y: 40), mimeTypes: ["application/x-tactile-unknown"], data: [1, 2, 3])
    try scene.compositor.pointerMotion(to: .output(x: 350, y: 40))
    try scene.settle()
    #expect(scene.targetDelegate.entered == 0)
    #expect(scene.compositor.drag?.acceptedMimeType == nil)
    try scene.compositor.dropDrag()
    try scene.settle()
    #expect(scene.compositor.dragOutcomes == [.cancelled(reason: "the target accepted no type and action")])
    #expect(scene.targetDelegate.received.isEmpty)
  }

  @Test func aSourceAppThatDisconnectsMidDragLeavesTheTargetWithAnExit() throws {
    let target = try SeatHarness()
    let delegate = TextTarget()
    let area = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    area.dropInteraction = DropInteraction(delegate: delegate)
    target.window.addSubview(area)
    try target.compositor.moveWindow(try target.surfaceID, x: 300, y: 0)
    var source: SeatHarness? = try SeatHarness(sharedCompositor: target.compositor)
    let sourceDelegate = TextSource("going away")
    let dragged = View(frame: Rect(x: 20, y: 20, width: 60, height: 40))
    dragged.dragInteraction = DragInteraction(delegate: sourceDelegate)
    source?.window.addSubview(dragged)
    try target.compositor.touchDown(id: 1, at: .output(x: 40, y: 40))
    try source?.settle()
    source?.scheduler.advance(by: 0.6)
    for x in [250.0, 350] {
      try target.compositor.touchMotion(id: 1, to: .output(x: x, y: 40))
      try source?.settle()
      try target.settle()
    }
    #expect(delegate.entered == 1)
    source = nil
    for _ in 0..<10 { try target.sync() }
    #expect(delegate.exited == 1)
    #expect(target.compositor.drag == nil)
    #expect(delegate.received.isEmpty)
  }
}
