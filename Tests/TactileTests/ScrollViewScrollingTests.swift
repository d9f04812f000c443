import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Wheel and touchpad scrolling of a ``ScrollView`` (rules: `ScrollView+Scrolling.swift`).
@MainActor
@Suite struct ScrollViewScrollingTests {
  /// An app with a 100-point scroll view over 5000 points of content.
  private func scrollApp() -> (TestApplication, ScrollView) {
    let app = TestApplication()
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentSize = Size(width: 100, height: 5000)
    app.rootView.addSubview(scroll)
    return (app, scroll)
  }

  /// Five steps of `dy` points, 10 ms apart from `start`, from `source`.
  private func steps(
    _ app: TestApplication, dy: Double, source: ScrollInput.Source?, from start: Double = 0
  ) {
    for index in 1...5 {
      app.window.deliver(
        scroll: ScrollInput(
          location: Point(x: 10, y: 10), delta: Point(x: 0, y: dy), timestamp: start + Double(index) * 0.01,
          source: source))
    }
  }

  private func stop(_ app: TestApplication, at time: Double, axes: ScrollInput.Axes = .vertical) {
    app.window.deliver(
      scroll: ScrollInput(
        location: Point(x: 10, y: 10), delta: .zero, timestamp: time, source: .finger, stoppedAxes: axes))
  }

  @Test func touchpadStepsFollowTheFingersAndTheStopFlingsTheContent() {
    let (app, scroll) = scrollApp()
    steps(app, dy: 10, source: .finger)
    #expect(scroll.contentOffset == Point(x: 0, y: 50))
    #expect(!scroll.isDecelerating)
    stop(app, at: 0.06)
    #expect(scroll.isDecelerating)
    app.scheduler.advance(by: 0.1)
    #expect(scroll.contentOffset.y > 120, "about 1000 points/s, decelerating")
    app.scheduler.advance(by: 10)
    #expect(!scroll.isDecelerating)
  }

  @Test func fingersThatRestedBeforeLiftingDoNotFling() {
    let (app, scroll) = scrollApp()
    steps(app, dy: 10, source: .finger)
    stop(app, at: 0.5)
    app.scheduler.advance(by: 0.1)
    #expect(scroll.contentOffset == Point(x: 0, y: 50))
    #expect(!scroll.isDecelerating)
  }

  @Test func aStopFlingsOnlyAlongTheAxesItStops() {
    let (app, scroll) = scrollApp()
    steps(app, dy: 10, source: .finger)
    stop(app, at: 0.06, axes: .horizontal)
    app.scheduler.advance(by: 0.1)
    #expect(scroll.contentOffset == Point(x: 0, y: 50))
  }

  @Test func wheelAndContinuousSourcesNeverFling() {
    for source in [ScrollInput.Source.wheel, .wheelTilt, .continuous, nil] {
      let (app, scroll) = scrollApp()
      steps(app, dy: 15, source: source)
      stop(app, at: 0.06)
      app.scheduler.advance(by: 0.1)
      #expect(scroll.contentOffset == Point(x: 0, y: 75), "\(String(describing: source))")
    }
  }

  @Test func aWheelStepStopsARunningFling() {
    let (app, scroll) = scrollApp()
    steps(app, dy: 10, source: .finger)
    stop(app, at: 0.06)
    app.window.deliver(
      scroll: ScrollInput(
        location: Point(x: 10, y: 10), delta: Point(x: 0, y: 15), timestamp: 0.07, source: .wheel,
        notches: Point(x: 0, y: 1)))
    #expect(!scroll.isDecelerating)
    #expect(scroll.contentOffset == Point(x: 0, y: 65))
  }

  @Test func theStopReachesTheOuterScrollViewThatTookTheSequence() {
    let (app, outer) = scrollApp()
    let inner = ScrollView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    inner.contentSize = Size(width: 50, height: 60)
    outer.addSubview(inner)
    steps(app, dy: 10, source: .finger)
    #expect(inner.contentOffset == Point(x: 0, y: 10), "the inner one took the first step, to its edge")
    #expect(outer.contentOffset == Point(x: 0, y: 40))
    stop(app, at: 0.06)
    #expect(outer.isDecelerating)
    #expect(!inner.isDecelerating)
  }

  @Test func aStopWithoutASequenceGoesUpTheChain() {
    final class Catcher: View {
      var stops = 0
      override func scrollWheel(with event: Event) { stops += event.scrollStoppedAxes.isEmpty ? 0 : 1 }
    }
    let app = TestApplication()
    let catcher = Catcher(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scroll.contentSize = Size(width: 100, height: 5000)
    catcher.addSubview(scroll)
    app.rootView.addSubview(catcher)
    stop(app, at: 1)
    #expect(catcher.stops == 1)
  }
}
