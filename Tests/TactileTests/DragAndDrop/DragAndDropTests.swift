import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileCore

/// Drags a text item named after the view ("photo 1"), or a second one when a tap adds items; logs the
/// ends.
@MainActor
private final class SourceDelegate: DragInteractionDelegate {
  let log: EventLog
  let name: String
  var givesItems = true

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard givesItems else { return [] }
    let point = session.location(in: interaction.view)
    log.record("\(name) lifts at \(Int(point.x)),\(Int(point.y))")
    return [DragItem(itemProvider: ItemProvider(text: name), localObject: self)]
  }

  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] {
    log.record("\(name) added")
    return [DragItem(itemProvider: ItemProvider(text: name))]
  }

  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation
  ) {
    log.record("\(name) ended \(operation)")
  }
}

/// Proposes `operation` for text and nothing else; on a drop, loads every item's text, answered when
/// the test calls ``answer()`` (as a pipe would, later on the main actor).
@MainActor
private final class TargetDelegate: DropInteractionDelegate {
  let log: EventLog
  var operation = DropOperation.copy
  var received: [String] = []
  private var pending: [@MainActor () -> Void] = []

  init(log: EventLog) { self.log = log }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    session.hasItemsConforming(toTypeIdentifiers: [ItemProvider.plainText])
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    log.record("enter")
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  {
    let point = session.location(in: interaction.view)
    log.record("update \(Int(point.x)),\(Int(point.y))")
    return DropProposal(operation: operation)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    log.record("exit")
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    log.record("drop \(session.items.count) local \(session.localDragSession != nil)")
    for item in session.items {
      item.itemProvider.loadText { [self] result in
        if case .success(let text) = result { received.append(text) }
      }
    }
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
    log.record("end")
  }
}

/// Takes every drag that leaves the window, as a platform with drags between apps does.
@MainActor
private final class HandingOffHost: WindowHost {
  var sessions: [DragSession] = []
  func windowNeedsFrame(_ window: Window) {}
  func window(_ window: Window, didChangeTitle title: String) {}
  func window(_ window: Window, requestsSize size: Size) {}
  func windowDidClose(_ window: Window) {}
  func window(_ window: Window, handsOff session: DragSession) -> Bool {
    sessions.append(session)
    return true
  }
}

@MainActor
@Suite struct DragAndDropTests {
  /// Two photos on the left (y 100 and 200, 80×80), a drop area on the right (x 200–360, y 100–400).
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let log = EventLog()
    let photo1 = View(frame: Rect(x: 20, y: 100, width: 80, height: 80))
    let photo2 = View(frame: Rect(x: 20, y: 200, width: 80, height: 80))
    let dropArea = View(frame: Rect(x: 200, y: 100, width: 160, height: 300))
    let source1: SourceDelegate
    let source2: SourceDelegate
    let target: TargetDelegate
    let script: TouchScript

    init(type: Touch.TouchType = .direct) {
      source1 = SourceDelegate("photo 1", log: log)
      source2 = SourceDelegate("photo 2", log: log)
      target = TargetDelegate(log: log)
      for view in [photo1, photo2, dropArea] { app.rootView.addSubview(view) }
      photo1.dragInteraction = DragInteraction(delegate: source1)
      photo2.dragInteraction = DragInteraction(delegate: source2)
      dropArea.dropInteraction = DropInteraction(delegate: target)
      script = TouchScript(window: app.window, type: type)
    }

    /// Holds finger 1 on photo 1 long enough to lift it.
    func lift() {
      script.down(1, at: Point(x: 50, y: 130))
      app.scheduler.advance(by: DragLiftGestureRecognizer().minimumPressDuration + 0.1)
    }

    var session: DragSession? { app.window.activeDragSession }
  }

  @Test func aLongPressLiftsTheDelegatesItemsAndThePreviewFollowsTheFinger() throws {
    let scene = Scene()
    scene.lift()
    let session = try #require(scene.session)
    #expect(scene.log.entries == ["photo 1 lifts at 30,30"])
    #expect(session.items.count == 1)
    #expect(session.state == .lifted)
    let preview = try #require(session.preview)
    #expect(preview.superview === scene.app.window)
    #expect(preview.center == Point(x: 60, y: 140))
    #expect(preview.alpha == DragInteraction.defaultPreviewAlpha)
    scene.script.move(1, to: Point(x: 90, y: 170))
    #expect(preview.center == Point(x: 100, y: 180))
    #expect(session.location(in: scene.photo1) == Point(x: 70, y: 70))
  }

  @Test func aPointerPressThatMovesLiftsWithoutWaiting() throws {
    let scene = Scene(type: .pointer)
    scene.script.down(1, at: Point(x: 50, y: 130))
    scene.script.move(1, to: Point(x: 56, y: 130))
    let session = try #require(scene.session)
    #expect(session.state == .lifted)
    #expect(scene.log.entries == ["photo 1 lifts at 36,30"], "where the pointer is when it lifts")
  }

  @Test func aFingerThatMovesBeforeTheLongPressStartsNoDrag() {
    let scene = Scene()
    scene.script.down(1, at: Point(x: 50, y: 130))
    scene.script.move(1, to: Point(x: 80, y: 130))
    scene.app.scheduler.advance(by: 1)
    #expect(scene.session == nil)
    #expect(scene.log.entries.isEmpty)
  }

  @Test func aTargetHearsEnterUpdatesExitAndADropLoadingTheDataLater() throws {
    let scene = Scene()
    scene.lift()
    scene.script.move(1, to: Point(x: 250, y: 150))
    scene.script.move(1, to: Point(x: 260, y: 160))
    scene.script.move(1, to: Point(x: 150, y: 160))
    scene.script.move(1, to: Point(x: 270, y: 170))
    scene.script.up(1)
    #expect(
      scene.log.entries == [
        "photo 1 lifts at 30,30", "enter", "update 50,50", "update 60,60", "exit", "enter", "update 70,70",
        "drop 1 local true", "end", "photo 1 ended copy",
      ])
    #expect(scene.target.received == ["photo 1"])
    #expect(scene.session == nil)
    #expect(scene.app.window.subviews.count == 1, "the preview is gone")
  }

  @Test func aDropOnAForbiddenProposalCancelsAndThePreviewAnimatesBackOnTheScheduler() throws {
    let scene = Scene()
    scene.target.operation = .forbidden
    scene.lift()
    let preview = try #require(scene.session?.preview)
    scene.script.move(1, to: Point(x: 250, y: 150))
    scene.script.up(1)
    #expect(scene.session == nil)
    #expect(scene.log.entries.suffix(2) == ["update 50,50", "exit"])
    #expect(preview.superview != nil, "the preview is still going back")
    scene.app.scheduler.advance(by: DragInteraction.cancelAnimationDuration / 2)
    #expect(preview.center.x < 260 && preview.center.x > 60)
    scene.app.scheduler.advance(by: DragInteraction.cancelAnimationDuration)
    #expect(preview.superview == nil)
    #expect(scene.log.entries.last == "photo 1 ended cancel")
    #expect(scene.target.received.isEmpty)
  }

  @Test func aDropOutsideEveryTargetCancels() {
    let scene = Scene()
    scene.lift()
    scene.script.move(1, to: Point(x: 150, y: 500))
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["photo 1 lifts at 30,30", "photo 1 ended cancel"])
  }

  @Test func aMoveProposalTellsTheSourceToRemoveTheItems() {
    let scene = Scene()
    scene.target.operation = .move
    scene.lift()
    scene.script.move(1, to: Point(x: 250, y: 150))
    scene.script.up(1)
    #expect(scene.log.entries.last == "photo 1 ended move")
  }

  @Test func aTapWithAnotherFingerAddsItemsToTheSessionInFlight() throws {
    let scene = Scene()
    scene.lift()
    scene.script.move(1, to: Point(x: 150, y: 140))
    scene.script.tap(at: Point(x: 50, y: 230), id: 2)
    let session = try #require(scene.session)
    #expect(session.items.count == 2)
    scene.script.move(1, to: Point(x: 250, y: 150))
    scene.script.up(1)
    #expect(scene.target.received == ["photo 1", "photo 2"])
    #expect(scene.log.entries.contains("photo 2 added"))
    #expect(scene.log.entries.contains("drop 2 local true"))
  }

  @Test func aTapWithoutADragInFlightAddsNothing() {
    let scene = Scene()
    scene.script.tap(at: Point(x: 50, y: 230), id: 2)
    #expect(scene.log.entries.isEmpty)
    #expect(scene.session == nil)
  }

  @Test func aSecondLiftWhileADragIsInFlightStartsNothing() throws {
    let scene = Scene()
    scene.lift()
    let first = try #require(scene.session)
    scene.script.down(2, at: Point(x: 50, y: 230))
    scene.app.scheduler.advance(by: 1)
    #expect(scene.session === first)
    #expect(scene.log.entries == ["photo 1 lifts at 30,30"])
    scene.script.up(2)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries == ["photo 1 lifts at 30,30", "photo 1 ended cancel"])
  }

  @Test func noItemsStartsNoDrag() {
    let scene = Scene()
    scene.source1.givesItems = false
    scene.lift()
    #expect(scene.session == nil)
    #expect(scene.app.window.subviews.count == 1)
  }

  @Test func aSystemCancelCancelsTheDragAndLeavesNoTouchWithoutItsEnd() throws {
    let scene = Scene()
    scene.lift()
    scene.script.move(1, to: Point(x: 250, y: 150))
    scene.script.cancelAll()
    scene.app.scheduler.advance(by: 1)
    #expect(scene.log.entries.suffix(2) == ["exit", "photo 1 ended cancel"])
    #expect(scene.session == nil)
    #expect(scene.app.window.subviews.count == 1)
    #expect(scene.photo1.dragInteraction?.liftRecognizer.state == .possible)
  }

  @Test func aHostTakesOverADragThatLeavesTheWindowAndReportsItsEnd() throws {
    let scene = Scene()
    let host = HandingOffHost()
    scene.app.window.host = host
    scene.lift()
    let session = try #require(scene.session)
    scene.script.move(1, to: Point(x: 250, y: 150))
    scene.script.move(1, to: Point(x: 500, y: 150))
    #expect(host.sessions.first === session)
    #expect(session.state == .onPlatform)
    #expect(session.preview?.superview == nil)
    #expect(session.liftingTouch == nil || session.liftingTouch?.phase == .cancelled)
    #expect(scene.app.window.touchTracker.liveTouches.isEmpty, "the platform's drag owns the touch")
    #expect(scene.log.entries.suffix(1) == ["exit"])
    scene.script.up(1)
    #expect(session.state == .onPlatform, "the platform, not the touch, ends it")
    session.platformDragDidEnd(with: .copy)
    #expect(session.state == .ended(.copy))
    #expect(scene.session == nil)
    #expect(scene.log.entries.last == "photo 1 ended copy")
  }

  @Test func aDragFromAnotherAppReachesTheSameTargets() {
    let scene = Scene()
    let provider = ItemProvider()
    var answer: (@MainActor (Result<[UInt8], ItemProviderError>) -> Void)?
    provider.registerDataRepresentation(forTypeIdentifier: ItemProvider.plainText) { answer = $0 }
    let session = DropSession(items: [DragItem(itemProvider: provider)], allowsMoveOperation: false)
    scene.target.operation = .move
    let window = scene.app.window
    #expect(window.platformDragEntered(session, at: Point(x: 10, y: 10)).operation == .cancel)
    #expect(window.platformDragMoved(to: Point(x: 250, y: 150)).operation == .copy, "no move offered")
    #expect(window.platformDrop() == .copy)
    #expect(scene.target.received.isEmpty, "the data comes later")
    answer?(.success(Array("from afar".utf8)))
    #expect(scene.target.received == ["from afar"])
    #expect(scene.log.entries == ["enter", "update 50,50", "drop 1 local false", "end"])
  }

  @Test func aProviderAnswersAnUnregisteredTypeAtOnceAndASecondAnswerIsDropped() {
    let provider = ItemProvider(text: "hi")
    var results: [Result<[UInt8], ItemProviderError>] = []
    provider.loadData(forTypeIdentifier: ItemProvider.png) { results.append($0) }
    #expect(results == [.failure(.unsupportedType(ItemProvider.png))])
    provider.registerDataRepresentation(forTypeIdentifier: ItemProvider.png) { answer in
      answer(.success([1]))
      answer(.success([2]))
    }
    provider.loadData(forTypeIdentifier: ItemProvider.png) { results.append($0) }
    #expect(results.count == 2)
    #expect(provider.registeredTypeIdentifiers == [ItemProvider.plainText, ItemProvider.png])
  }
}
