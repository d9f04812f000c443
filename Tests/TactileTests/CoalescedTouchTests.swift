import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A view that keeps, for each touch event it gets, the coalesced and predicted samples of its touches.
@MainActor
final class SampleView: View {
  struct Seen {
    var touch: Touch
    var event: Event?
    var phase: String
    var location: Point
    var previousLocation: Point
    var coalesced: [Touch]
    var predicted: [Touch]
  }

  var seen: [Seen] = []

  private func record(_ touches: Set<Touch>, _ phase: String, _ event: Event?) {
    for touch in touches {
      seen.append(
        Seen(
          touch: touch, event: event, phase: phase, location: touch.location(in: nil),
          previousLocation: touch.previousLocation(in: nil),
          coalesced: event?.coalescedTouches(for: touch) ?? [],
          predicted: event?.predictedTouches(for: touch) ?? []
        ))
    }
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { record(touches, "began", event) }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { record(touches, "moved", event) }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { record(touches, "ended", event) }
}

/// ``Event/coalescedTouches(for:)`` and ``Event/predictedTouches(for:)`` in memory: the samples a frame
/// brings, exactly, and the predictor's extrapolation.
@MainActor @Suite struct CoalescedTouchTests {
  let app = TestApplication(size: Size(width: 400, height: 300))
  let view = SampleView(frame: Rect(x: 0, y: 0, width: 400, height: 300))

  init() {
    view.isMultipleTouchEnabled = true
    app.rootView.addSubview(view)
  }

  private func point(_ phase: TouchPoint.Phase, _ x: Double, _ y: Double, _ t: Double) -> TouchPoint {
    TouchPoint(id: 1, phase: phase, location: Point(x: x, y: y), timestamp: t)
  }

  @Test func aFramesMotionsOfOneFingerAreOneDeliveryThatKeepsEverySampleInOrder() {
    app.window.deliver(touchFrame: [point(.down, 10, 10, 1.000)])
    app.window.deliver(touchFrame: [
      point(.motion, 12, 10, 1.008), point(.motion, 14, 11, 1.016), point(.motion, 17, 12, 1.024),
    ])
    #expect(view.seen.map(\.phase) == ["began", "moved"], "three motions, one touchesMoved")
    let moved = view.seen[1]
    #expect(moved.location == Point(x: 17, y: 12) && moved.previousLocation == Point(x: 10, y: 10))
    #expect(
      moved.coalesced.map { $0.location(in: nil) } == [
        Point(x: 12, y: 10), Point(x: 14, y: 11), Point(x: 17, y: 12),
      ])
    #expect(
      moved.coalesced.map { $0.previousLocation(in: nil) } == [
        Point(x: 10, y: 10), Point(x: 12, y: 10), Point(x: 14, y: 11),
      ], "each sample's previous location is the sample before it")
    #expect(moved.coalesced.map(\.timestamp) == [1.008, 1.016, 1.024])
    #expect(moved.coalesced.allSatisfy { $0.phase == .moved && $0.view === view })
  }

  @Test func eachCoalescedSampleKeepsItsOwnContactAndForce() {
    app.window.deliver(touchFrame: [point(.down, 10, 10, 0)])
    var first = point(.motion, 11, 10, 0.008)
    (first.majorRadius, first.minorRadius, first.force) = (5, 4, 0.5)
    var second = point(.motion, 12, 10, 0.016)
    (second.majorRadius, second.minorRadius, second.orientation, second.force) = (7, 6, 0.25, 0.75)
    app.window.deliver(touchFrame: [first, second])
    let samples = view.seen[1].coalesced
    #expect(samples.map(\.majorRadius) == [5, 7] && samples.map(\.minorRadius) == [4, 6])
    #expect(samples.map(\.orientation) == [0, 0.25] && samples.map(\.force) == [0.5, 0.75])
    #expect(samples.map(\.majorRadiusTolerance) == [0, 0], "measured contacts")
  }

  @Test func aBeganOrEndedTouchHasItsOneSampleAndATouchOfAnotherEventHasNone() {
    app.window.deliver(touchFrame: [point(.down, 10, 10, 0)])
    app.window.deliver(touchFrame: [point(.up, 30, 20, 0.02)])
    app.window.deliver(touchFrame: [point(.down, 50, 50, 0.5)])
    #expect(view.seen.map(\.phase) == ["began", "ended", "began"])
    #expect(view.seen[0].coalesced.map { $0.location(in: nil) } == [Point(x: 10, y: 10)])
    #expect(view.seen[1].coalesced.map { $0.location(in: nil) } == [Point(x: 30, y: 20)])
    #expect(view.seen[1].predicted.isEmpty, "an ended touch predicts nothing")
    let later = view.seen[2].event
    #expect(later?.coalescedTouches(for: view.seen[0].touch) == nil)
    #expect(later?.predictedTouches(for: view.seen[0].touch) == nil)
  }

  @Test func aStationaryTouchHasOneSampleItsCurrentStateAndNoPrediction() {
    app.window.deliver(touchFrame: [
      point(.down, 10, 10, 0), TouchPoint(id: 2, phase: .down, location: Point(x: 90, y: 90), timestamp: 0),
    ])
    app.window.deliver(touchFrame: [point(.motion, 20, 10, 0.008)])
    let event = view.seen.last?.event
    let stationary = view.seen.first { $0.location == Point(x: 90, y: 90) }?.touch
    #expect(stationary?.phase == .stationary)
    #expect(
      stationary.flatMap { event?.coalescedTouches(for: $0) }?.map { $0.location(in: nil) } == [
        Point(x: 90, y: 90)
      ])
    #expect(stationary.flatMap { event?.predictedTouches(for: $0) }?.isEmpty == true)
  }

  @Test func aDownAndMotionsOfOneIdInOneFrameStayTwoDeliveries() {
    app.window.deliver(touchFrame: [
      point(.down, 10, 10, 0), point(.motion, 12, 10, 0.008), point(.motion, 14, 10, 0.016),
    ])
    #expect(view.seen.map(\.phase) == ["began", "moved"])
    #expect(
      view.seen[1].coalesced.map { $0.location(in: nil) } == [Point(x: 12, y: 10), Point(x: 14, y: 10)])
  }

  @Test func aSteadyMotionIsPredictedAlongItsLineOneSamplePerInputIntervalToOneFrameAhead() {
    // Every 1/128 s, 8 points right: 1,024 points per second, exactly representable.
    let dt = 1.0 / 128
    app.window.deliver(touchFrame: [point(.down, 100, 50, 0)])
    app.window.deliver(touchFrame: [
      point(.motion, 108, 50, dt), point(.motion, 116, 50, 2 * dt), point(.motion, 124, 50, 3 * dt),
    ])
    let predicted = view.seen[1].predicted
    let horizon = 1.0 / 60
    // An interval of 1/128 s fits round(128 / 60) = 2 samples into a 60 Hz frame.
    #expect(predicted.count == 2)
    let expectedX = [124 + 1024 * horizon / 2, 124 + 1024 * horizon]
    for (touch, x) in zip(predicted, expectedX) {
      #expect(abs(touch.location(in: nil).x - x) < 1e-6 && touch.location(in: nil).y == 50)
      #expect(touch.phase == .moved)
    }
    #expect(predicted.map(\.timestamp) == [3 * dt + horizon / 2, 3 * dt + horizon])
    #expect(predicted[0].previousLocation(in: nil) == Point(x: 124, y: 50))
  }

  @Test func aFingerThatHasNotMovedIsPredictedToStayWhereItIs() {
    app.window.deliver(touchFrame: [point(.down, 100, 50, 0)])
    app.window.deliver(touchFrame: [point(.motion, 100, 50, 0.008)])
    #expect(
      view.seen[1].predicted.map { $0.location(in: nil) } == [Point(x: 100, y: 50), Point(x: 100, y: 50)])
  }
}
