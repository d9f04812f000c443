import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A view that keeps the touches it got, for checking locations and binding.
@MainActor
private final class TouchKeeper: View {
  var began: [Touch] = []
  var moved: [Point] = []
  var ended: [Touch] = []
  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { began += touches }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    moved += touches.map { $0.location(in: self) }
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { ended += touches }
}

@MainActor
@Suite struct TouchDeliveryTests {
  /// A touch stays bound to its hit-test view even after moving outside it.
  @Test func touchThatMovesOutsideItsViewStaysWithIt() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let b = RecordingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    app.rootView.addSubview(b)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 50, y: 50))
    script.move(1, to: Point(x: 150, y: 50))
    script.move(1, to: Point(x: 300, y: 500))
    script.up(1)
    #expect(log.entries == ["a.began(1)", "a.moved(1)", "a.moved(1)", "a.ended(1)"])
  }

  @Test func touchKnowsItsLocationsViewWindowPhaseAndTimestamp() {
    let app = TestApplication()
    let keeper = TouchKeeper(frame: Rect(x: 20, y: 30, width: 100, height: 100))
    app.rootView.addSubview(keeper)
    let script = TouchScript(window: app.window, time: 10, step: 0.5)
    script.down(7, at: Point(x: 25, y: 35))
    script.move(7, to: Point(x: 40, y: 35))
    let touch = keeper.began[0]
    #expect(touch.view === keeper)
    #expect(touch.window === app.window)
    #expect(touch.phase == .moved)
    #expect(touch.timestamp == 10.5)
    #expect(touch.location(in: keeper) == Point(x: 20, y: 5))
    #expect(touch.previousLocation(in: keeper) == Point(x: 5, y: 5))
    #expect(touch.location(in: nil) == Point(x: 40, y: 35))
    #expect(touch.type == .direct)
    #expect(keeper.moved == [Point(x: 20, y: 5)])
    script.up(7)
    #expect(keeper.ended.first === touch)
    #expect(touch.phase == .ended)
  }

  @Test func twoFingersOnTwoViewsEachGoToTheirOwnView() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let b = RecordingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    app.rootView.addSubview(b)
    let script = TouchScript(window: app.window)
    script.frame {
      script.down(1, at: Point(x: 50, y: 50))
      script.down(2, at: Point(x: 150, y: 50))
    }
    script.frame {
      script.move(1, to: Point(x: 160, y: 50))
      script.move(2, to: Point(x: 10, y: 50))
    }
    script.up(2)
    script.up(1)
    #expect(
      log.entries == [
        "a.began(1)", "b.began(1)", "a.moved(1)", "b.moved(1)", "b.ended(1)", "a.ended(1)",
      ])
  }

  @Test func multipleTouchEnabledViewGetsBothFingersInOneCall() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
    app.rootView.addSubview(a)
    let script = TouchScript(window: app.window)
    a.isMultipleTouchEnabled = true
    script.frame {
      script.down(1, at: Point(x: 50, y: 50))
      script.down(2, at: Point(x: 150, y: 50))
    }
    script.frame {
      script.up(1)
      script.up(2)
    }
    #expect(log.entries == ["a.began(2)", "a.ended(2)"])
  }

  @Test func singleTouchViewIgnoresASecondFinger() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 200, height: 200), log: log)
    app.rootView.addSubview(a)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 50, y: 50))
    script.down(2, at: Point(x: 150, y: 50))
    script.move(2, to: Point(x: 140, y: 50))
    script.up(2)
    script.up(1)
    #expect(log.entries == ["a.began(1)", "a.ended(1)"])
  }

  @Test func exclusiveTouchViewKeepsOtherViewsFromTouchesAndIsKeptFromThem() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let b = RecordingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    app.rootView.addSubview(b)
    a.isExclusiveTouch = true
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 50, y: 50))
    script.down(2, at: Point(x: 150, y: 50))
    script.up(2)
    script.up(1)
    script.down(3, at: Point(x: 150, y: 50))
    script.down(4, at: Point(x: 50, y: 50))
    script.up(4)
    script.up(3)
    #expect(log.entries == ["a.began(1)", "a.ended(1)", "b.began(1)", "b.ended(1)"])
  }

  @Test func viewRemovedFromItsWindowWhileAFingerIsOnItGetsTheTouchCancelled() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 50, y: 50))
    a.removeFromSuperview()
    script.move(1, to: Point(x: 60, y: 50))
    script.up(1)
    #expect(log.entries == ["a.began(1)", "a.cancelled(1)"])
  }

  @Test func removingAnAncestorCancelsTheTouchesOfItsDescendants() {
    let app = TestApplication()
    let log = EventLog()
    let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    let b = RecordingView("b", frame: Rect(x: 100, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(parent)
    parent.addSubview(a)
    parent.addSubview(b)
    let script = TouchScript(window: app.window)
    script.frame {
      script.down(1, at: Point(x: 50, y: 50))
      script.down(2, at: Point(x: 150, y: 50))
    }
    parent.removeFromSuperview()
    script.frame {
      script.up(1)
      script.up(2)
    }
    #expect(log.entries.sorted() == ["a.began(1)", "a.cancelled(1)", "b.began(1)", "b.cancelled(1)"])
  }

  @Test func platformCancelFinalizesEveryLiveTouch() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    a.isMultipleTouchEnabled = true
    app.rootView.addSubview(a)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 10, y: 10))
    script.down(2, at: Point(x: 20, y: 10))
    script.cancelAll()
    script.up(1)
    script.down(1, at: Point(x: 30, y: 10))
    script.up(1)
    #expect(
      log.entries == [
        "a.began(1)", "a.began(1)", "a.cancelled(2)", "a.began(1)", "a.ended(1)",
      ])
  }

  @Test func closingTheWindowCancelsItsTouches() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 10, y: 10))
    app.window.close()
    script.up(1)
    #expect(log.entries == ["a.began(1)", "a.cancelled(1)"])
    #expect(app.application.windows.isEmpty)
    #expect(app.application.keyWindow == nil)
  }

  @Test func downAndUpInOneFrameAreDeliveredAsTwoEventsInOrder() {
    let app = TestApplication()
    let log = EventLog()
    let a = RecordingView("a", frame: Rect(x: 0, y: 0, width: 100, height: 100), log: log)
    app.rootView.addSubview(a)
    let script = TouchScript(window: app.window)
    script.frame {
      script.down(1, at: Point(x: 10, y: 10))
      script.up(1)
    }
    #expect(log.entries == ["a.began(1)", "a.ended(1)"])
  }

  @Test func tapCountGrowsForQuickNearbyTapsOnTheSameView() {
    let app = TestApplication()
    let keeper = TouchKeeper(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(keeper)
    let script = TouchScript(window: app.window, step: 0.1)
    script.tap(at: Point(x: 10, y: 10))
    script.tap(at: Point(x: 12, y: 10))
    script.time += 1
    script.tap(at: Point(x: 12, y: 10))
    #expect(keeper.began.map(\.tapCount) == [1, 2, 1])
  }

  @Test func eventListsAllLiveTouchesAndTheTouchesOfEachView() {
    final class Inspector: View {
      var counts: [Int] = []
      override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        counts = [event!.allTouches!.count, event!.touches(for: self).count]
        counts.append(event!.allTouches!.filter { $0.phase == .stationary }.count)
      }
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
    }
    let app = TestApplication()
    let a = Inspector(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let b = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
    app.rootView.addSubview(a)
    app.rootView.addSubview(b)
    let script = TouchScript(window: app.window)
    script.down(1, at: Point(x: 10, y: 10))
    script.down(2, at: Point(x: 110, y: 10))
    script.move(1, to: Point(x: 20, y: 10))
    #expect(a.counts == [2, 1, 1])
  }

  @Test func eventsAreQueuedFirstInFirstOutEvenWhenAHandlerDeliversInput() {
    final class Echo: View {
      var log: [String] = []
      override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.append("began \(touches.first!.location(in: nil).x)")
        if log.count == 1 {
          window!.deliver(touchFrame: [
            TouchPoint(id: 9, phase: .down, location: Point(x: 99, y: 1), timestamp: 5)
          ])
          log.append("delivered")
        }
      }
      override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.append("ended") }
    }
    let app = TestApplication()
    let echo = Echo(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    echo.isMultipleTouchEnabled = true
    app.rootView.addSubview(echo)
    TouchScript(window: app.window).down(1, at: Point(x: 1, y: 1))
    #expect(echo.log == ["began 1.0", "delivered", "began 99.0"])
  }

  @Test func scrollAndHoverGoToTheViewUnderThePointerAndClimb() {
    final class Scrollable: View {
      var deltas: [Point] = []
      var hovers: [HoverInput.Phase] = []
      override func scrollWheel(with event: Event) { deltas.append(event.scrollDelta!) }
      override func hover(with event: Event) { hovers.append(event.hoverPhase!) }
    }
    let app = TestApplication()
    let scrollable = Scrollable(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    app.rootView.addSubview(scrollable)
    scrollable.addSubview(child)
    app.window.deliver(
      scroll: ScrollInput(location: Point(x: 10, y: 10), delta: Point(x: 0, y: 15), timestamp: 1))
    app.window.deliver(
      scroll: ScrollInput(location: Point(x: 300, y: 10), delta: Point(x: 0, y: 5), timestamp: 2))
    app.window.deliver(hover: HoverInput(phase: .entered, location: Point(x: 10, y: 10), timestamp: 3))
    app.window.deliver(hover: HoverInput(phase: .exited, location: Point(x: 10, y: 10), timestamp: 4))
    #expect(scrollable.deltas == [Point(x: 0, y: 15)])
    #expect(scrollable.hovers == [.entered, .exited])
  }
}

@MainActor
@Suite struct TouchAttributeTests {
  /// Keeps every touch that began on it.
  final class Keeper: View {
    var touches: [Touch] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { self.touches += touches }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
  }

  /// An app whose window holds one 100-point ``Keeper`` at its origin.
  private func keeperApp() -> (TestApplication, Keeper) {
    let app = TestApplication()
    let keeper = Keeper(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.rootView.addSubview(keeper)
    return (app, keeper)
  }

  @Test func pointerTypeRadiusAndForceComeFromThePlatform() {
    let (app, keeper) = keeperApp()
    app.window.deliver(touchFrame: [
      TouchPoint(
        id: 272, phase: .down, location: Point(x: 5, y: 5), timestamp: 3, type: .pointer, majorRadius: 4,
        force: 0.5)
    ])
    app.window.deliver(touchFrame: [
      TouchPoint(
        id: 272, phase: .motion, location: Point(x: 6, y: 5), timestamp: 4, type: .pointer, force: 0.8)
    ])
    let touch = keeper.touches[0]
    #expect(touch.type == .pointer)
    #expect(touch.majorRadius == 4)
    #expect(touch.force == 0.8)
    #expect(touch.timestamp == 4)
  }

  @Test func aPointerTouchWithoutAShapeTouchesAPointExactly() {
    let (app, keeper) = keeperApp()
    app.window.deliver(touchFrame: [
      TouchPoint(id: 1, phase: .down, location: Point(x: 5, y: 5), timestamp: 3, type: .pointer)
    ])
    let touch = keeper.touches[0]
    #expect(
      [touch.majorRadius, touch.minorRadius, touch.majorRadiusTolerance, touch.orientation] == [0, 0, 0, 0])
  }

  @Test func badContactValuesFromThePlatformAreIgnored() {
    let (app, keeper) = keeperApp()
    app.window.deliver(touchFrame: [
      TouchPoint(
        id: 1, phase: .down, location: Point(x: 5, y: 5), timestamp: 3, majorRadius: 8, minorRadius: 5,
        orientation: 0.5)
    ])
    app.window.deliver(touchFrame: [
      TouchPoint(
        id: 1, phase: .motion, location: Point(x: 6, y: 5), timestamp: 4, majorRadius: -1,
        minorRadius: .nan, orientation: .infinity)
    ])
    let touch = keeper.touches[0]
    #expect([touch.majorRadius, touch.minorRadius, touch.orientation] == [8, 5, 0.5])
  }

  @Test func touchOutsideEveryViewIsBoundToNothingAndDeliveredNowhere() {
    final class NilWindow: Window {
      override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
    }
    final class Recorder: Application {
      var touchEvents = 0
      override func sendEvent(_ event: Event) {
        if event.type == .touches { touchEvents += 1 }
        super.sendEvent(event)
      }
    }
    let application = Recorder(scheduler: ManualScheduler())
    let window = NilWindow(frame: Rect(x: 0, y: 0, width: 10, height: 10), application: application)
    let script = TouchScript(window: window)
    script.tap(at: Point(x: 5, y: 5))
    #expect(application.touchEvents == 2)
  }
}
