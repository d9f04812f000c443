import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct ScrollViewPanTests {
  /// A 200×200 scroll view over 200×1000 content, with a recording content view and a button.
  @MainActor
  private struct Scene {
    let app = TestApplication()
    let log = EventLog()
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let content: RecordingView
    let button = Button(frame: Rect(x: 0, y: 150, width: 200, height: 40))
    let script: TouchScript

    init() {
      content = RecordingView("content", frame: Rect(x: 0, y: 0, width: 200, height: 100), log: log)
      scrollView.contentSize = Size(width: 200, height: 1000)
      scrollView.addSubview(content)
      scrollView.addSubview(button)
      app.rootView.addSubview(scrollView)
      script = TouchScript(window: app.window)
    }

    func drag(from start: Point, by delta: Point, steps: Int = 5) {
      script.down(1, at: start)
      for index in 1...steps { script.move(1, to: start + delta * (Double(index) / Double(steps))) }
    }
  }

  @Test func draggingUpScrollsTheContentAndAQuickDragNeverReachesTheContent() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 50), by: Point(x: 0, y: -50))
    #expect(scene.scrollView.isDragging)
    #expect(scene.scrollView.contentOffset.y == 50)
    scene.script.up(1)
    #expect(scene.log.entries.isEmpty, "the content's touchesBegan was still held when the drag began")
  }

  @Test func aTouchHeldStillReachesTheContentAfterTheDelayAndADragThenCancelsIt() {
    let scene = Scene()
    scene.script.down(1, at: Point(x: 100, y: 50))
    scene.app.scheduler.advance(by: 0.14)
    #expect(scene.log.entries.isEmpty)
    scene.app.scheduler.advance(by: 0.02)
    #expect(scene.log.entries == ["content.began(1)"])
    scene.script.move(1, to: Point(x: 100, y: 20))
    scene.script.up(1)
    #expect(scene.log.entries == ["content.began(1)", "content.cancelled(1)"])
    #expect(scene.scrollView.contentOffset.y > 0)
  }

  @Test func aQuickTapReachesTheContentWhenTheFingerLifts() {
    let scene = Scene()
    scene.script.tap(at: Point(x: 100, y: 50))
    #expect(scene.log.entries == ["content.began(1)", "content.ended(1)"])
  }

  @Test func withoutDelaysContentTouchesTheContentGetsTheTouchAtOnce() {
    let scene = Scene()
    scene.scrollView.delaysContentTouches = false
    scene.script.down(1, at: Point(x: 100, y: 50))
    #expect(scene.log.entries == ["content.began(1)"])
  }

  @Test func aDragOverAButtonThatHasTheTouchDoesNotScroll() {
    let scene = Scene()
    scene.scrollView.delaysContentTouches = false
    scene.drag(from: Point(x: 100, y: 170), by: Point(x: 0, y: -60))
    #expect(scene.button.isTracking)
    #expect(scene.scrollView.contentOffset.y == 0)
    scene.script.up(1)
  }

  @Test func withoutCanCancelContentTouchesATrackedContentTouchIsNeverScrolled() {
    let scene = Scene()
    scene.scrollView.canCancelContentTouches = false
    scene.scrollView.delaysContentTouches = false
    scene.drag(from: Point(x: 100, y: 50), by: Point(x: 0, y: -60))
    scene.script.up(1)
    #expect(scene.scrollView.contentOffset.y == 0)
    #expect(scene.log.entries.last == "content.ended(1)")
  }

  @Test func aFlingDeceleratesToAStopWithinTheContent() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 180), by: Point(x: 0, y: -100), steps: 5)
    scene.script.up(1)
    let released = scene.scrollView.contentOffset.y
    #expect(scene.scrollView.isDecelerating)
    scene.app.scheduler.advance(by: 0.1)
    let early = scene.scrollView.contentOffset.y
    #expect(early > released)
    scene.app.scheduler.advance(by: 5)
    #expect(!scene.scrollView.isDecelerating)
    let final = scene.scrollView.contentOffset.y
    #expect(final > early)
    #expect(final <= scene.scrollView.maximumContentOffset.y)
  }

  @Test func aDragHeldStillBeforeTheFingerLiftsDoesNotFling() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 180), by: Point(x: 0, y: -100), steps: 5)
    let held = scene.scrollView.contentOffset.y
    scene.script.time += 0.3
    scene.script.up(1)
    scene.app.scheduler.advance(by: 0.1)
    #expect(scene.scrollView.contentOffset.y == held, "the finger rested longer than the velocity window")
    scene.app.scheduler.advance(by: 1)
    #expect(scene.scrollView.contentOffset.y == held)
    #expect(!scene.scrollView.isDecelerating)
  }

  @Test func anAppLetGoOfMidFlingIsFreedWithItsScheduler() {
    weak var scheduler: ManualScheduler?
    weak var scrollView: ScrollView?
    do {
      let scene = Scene()
      scheduler = scene.app.scheduler
      scrollView = scene.scrollView
      scene.drag(from: Point(x: 100, y: 180), by: Point(x: 0, y: -100), steps: 5)
      scene.script.up(1)
      scene.app.scheduler.advance(by: 0.05)
      #expect(scene.scrollView.isDecelerating)
    }
    #expect(scheduler == nil)
    #expect(scrollView == nil)
  }

  @Test func aTouchStopsTheFling() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 180), by: Point(x: 0, y: -100), steps: 5)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 0.05)
    scene.script.down(2, at: Point(x: 100, y: 100))
    let stopped = scene.scrollView.contentOffset.y
    scene.app.scheduler.advance(by: 1)
    #expect(scene.scrollView.contentOffset.y == stopped)
    #expect(!scene.scrollView.isDecelerating)
  }

  @Test func draggingPastTheTopResistsAndSpringsBack() {
    let scene = Scene()
    scene.script.step = 0.2
    scene.drag(from: Point(x: 100, y: 20), by: Point(x: 0, y: 100), steps: 5)
    let pulled = scene.scrollView.contentOffset.y
    #expect(pulled < 0)
    #expect(pulled > -100, "resisted: less than the finger's travel")
    scene.script.up(1)
    scene.app.scheduler.advance(by: 2)
    #expect(scene.scrollView.contentOffset.y == 0)
    #expect(!scene.scrollView.isDecelerating)
  }

  @Test func withoutBouncesTheContentStopsAtTheEdge() {
    let scene = Scene()
    scene.scrollView.bounces = false
    scene.drag(from: Point(x: 100, y: 20), by: Point(x: 0, y: 100))
    #expect(scene.scrollView.contentOffset.y == 0)
    scene.script.up(1)
  }

  @Test func aHorizontalDragDoesNotScrollVerticalContent() {
    let scene = Scene()
    scene.drag(from: Point(x: 20, y: 50), by: Point(x: 100, y: 0))
    #expect(!scene.scrollView.isDragging)
    #expect(scene.scrollView.contentOffset == .zero)
    scene.script.up(1)
  }

  @Test func touchesShouldBeginCanKeepTouchesFromTheContent() {
    final class Picky: ScrollView {
      override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
        false
      }
    }
    let app = TestApplication()
    let log = EventLog()
    let scrollView = Picky(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    scrollView.addSubview(
      RecordingView("content", frame: Rect(x: 0, y: 0, width: 200, height: 100), log: log))
    app.rootView.addSubview(scrollView)
    TouchScript(window: app.window).tap(at: Point(x: 100, y: 50))
    #expect(log.entries.isEmpty)
  }

  @Test func aTouchpadHoldStopsTheFling() {
    let scene = Scene()
    scene.drag(from: Point(x: 100, y: 180), by: Point(x: 0, y: -100), steps: 5)
    scene.script.up(1)
    scene.app.scheduler.advance(by: 0.05)
    scene.app.window.deliver(
      touchpadGesture: TouchpadGestureInput(
        kind: .hold, phase: .began, fingers: 2, location: Point(x: 100, y: 100), timestamp: 1))
    #expect(!scene.scrollView.isDecelerating)
    scene.app.window.deliver(
      touchpadGesture: TouchpadGestureInput(
        kind: .hold, phase: .ended, fingers: 2, location: Point(x: 100, y: 100), timestamp: 1.1))
    #expect(scene.scrollView.panGestureRecognizer.state == .possible)
  }
}
