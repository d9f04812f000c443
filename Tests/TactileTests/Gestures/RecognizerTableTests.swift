import Foundation
import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// One row of the recognizer table: a recognizer, what the fingers (and the clock) do, and the action
/// calls expected — plus "g.failed" when the coordinator fails it.
struct RecognizerCase: Sendable, CustomTestStringConvertible {
  let name: String
  let make: @MainActor @Sendable () -> GestureRecognizer
  let act: @MainActor @Sendable (GestureScene) -> Void
  let expected: [String]

  var testDescription: String { name }
}

private let center = Point(x: 100, y: 100)

/// Two fingers on a circle of radius 50 about the view's centre, at `angle` radians (clockwise on
/// screen) and opposite.
@MainActor
private func twoFingers(_ scene: GestureScene, angle: Double, radius: Double = 50, down: Bool = false) {
  let a = Point(x: 100 + radius * cos(angle), y: 100 + radius * sin(angle))
  let b = Point(x: 100 - radius * cos(angle), y: 100 - radius * sin(angle))
  scene.script.frame {
    if down {
      scene.script.down(1, at: a)
      scene.script.down(2, at: b)
    } else {
      scene.script.move(1, to: a)
      scene.script.move(2, to: b)
    }
  }
}

@MainActor
private func liftTwo(_ scene: GestureScene) {
  scene.script.frame {
    scene.script.up(1)
    scene.script.up(2)
  }
}

private func tap(taps: Int = 1, touches: Int = 1) -> @MainActor @Sendable () -> GestureRecognizer {
  {
    let tap = TapGestureRecognizer()
    tap.numberOfTapsRequired = taps
    tap.numberOfTouchesRequired = touches
    return tap
  }
}

private func pan(min: Int = 1, max: Int = .max) -> @MainActor @Sendable () -> GestureRecognizer {
  {
    let pan = PanGestureRecognizer()
    pan.minimumNumberOfTouches = min
    pan.maximumNumberOfTouches = max
    return pan
  }
}

private func swipe(_ direction: SwipeGestureRecognizer.Direction, touches: Int = 1)
  -> @MainActor @Sendable () -> GestureRecognizer
{
  {
    let swipe = SwipeGestureRecognizer()
    swipe.direction = direction
    swipe.numberOfTouchesRequired = touches
    return swipe
  }
}

private func longPress(taps: Int = 0, touches: Int = 1) -> @MainActor @Sendable () -> GestureRecognizer {
  {
    let press = LongPressGestureRecognizer()
    press.numberOfTapsRequired = taps
    press.numberOfTouchesRequired = touches
    return press
  }
}

@MainActor
private func edgePan() -> GestureRecognizer {
  let pan = ScreenEdgePanGestureRecognizer()
  pan.edges = .left
  return pan
}

private let tapCases: [RecognizerCase] = [
  RecognizerCase(
    name: "tap recognizes", make: tap(), act: { $0.script.tap(at: center) }, expected: ["g.ended"]),
  RecognizerCase(
    name: "tap fails when the finger moves past the slop", make: tap(),
    act: {
      $0.script.down(1, at: center)
      $0.script.move(1, to: center + Point(x: 11, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "tap within the slop still recognizes", make: tap(),
    act: {
      $0.script.down(1, at: center)
      $0.script.move(1, to: center + Point(x: 9, y: 0))
      $0.script.up(1)
    }, expected: ["g.ended"]),
  RecognizerCase(
    name: "two-finger tap recognizes", make: tap(touches: 2),
    act: {
      twoFingers($0, angle: 0, radius: 20, down: true)
      liftTwo($0)
    }, expected: ["g.ended"]),
  RecognizerCase(
    name: "two-finger tap fails with too few fingers", make: tap(touches: 2),
    act: { $0.script.tap(at: center, id: 1) }, expected: ["g.failed"]),
  RecognizerCase(
    name: "one-finger tap fails with too many fingers", make: tap(),
    act: {
      twoFingers($0, angle: 0, radius: 20, down: true)
      liftTwo($0)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "double tap recognizes", make: tap(taps: 2),
    act: {
      $0.script.tap(at: center)
      $0.scheduler.advance(by: 0.2)
      $0.script.tap(at: center + Point(x: 3, y: 0))
    }, expected: ["g.ended"]),
  RecognizerCase(
    name: "double tap fails when the second tap is too slow", make: tap(taps: 2),
    act: {
      $0.script.tap(at: center)
      $0.scheduler.advance(by: 0.36)
      $0.script.tap(at: center)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "double tap fails when the second tap is too far", make: tap(taps: 2),
    act: {
      $0.script.tap(at: center)
      $0.script.tap(at: center + Point(x: 60, y: 0))
    }, expected: ["g.failed"]),
]

private let pressCases: [RecognizerCase] = [
  RecognizerCase(
    name: "long press begins after the duration, changes and ends", make: longPress(),
    act: {
      $0.script.down(1, at: center)
      $0.scheduler.advance(by: 0.5)
      $0.script.move(1, to: center + Point(x: 30, y: 0))
      $0.script.up(1)
    }, expected: ["g.began", "g.changed", "g.ended"]),
  RecognizerCase(
    name: "long press fails when lifted early", make: longPress(),
    act: {
      $0.script.down(1, at: center)
      $0.scheduler.advance(by: 0.49)
      $0.script.up(1)
      $0.scheduler.advance(by: 1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "long press fails when the finger moves too far", make: longPress(),
    act: {
      $0.script.down(1, at: center)
      $0.script.move(1, to: center + Point(x: 0, y: 11))
      $0.scheduler.advance(by: 1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "long press fails with too many fingers", make: longPress(),
    act: {
      twoFingers($0, angle: 0, radius: 20, down: true)
      $0.scheduler.advance(by: 1)
      liftTwo($0)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "long press after a tap recognizes", make: longPress(taps: 1),
    act: {
      $0.script.tap(at: center)
      $0.scheduler.advance(by: 0.1)
      $0.script.down(1, at: center)
      $0.scheduler.advance(by: 0.5)
      $0.script.up(1)
    }, expected: ["g.began", "g.ended"]),
  RecognizerCase(
    name: "long press after a tap fails when the press comes too slowly", make: longPress(taps: 1),
    act: {
      $0.script.tap(at: center)
      $0.scheduler.advance(by: 0.4)
      $0.script.down(1, at: center)
      $0.scheduler.advance(by: 0.5)
      $0.script.up(1)
    }, expected: ["g.failed"]),
]

private let panCases: [RecognizerCase] = [
  RecognizerCase(
    name: "pan begins past the threshold, changes and ends", make: pan(),
    act: {
      $0.drag(1, from: center, by: Point(x: 50, y: 0))
      $0.script.up(1)
    }, expected: ["g.began", "g.changed", "g.changed", "g.changed", "g.ended"]),
  RecognizerCase(
    name: "pan fails when lifted before the threshold", make: pan(),
    act: {
      $0.drag(1, from: center, by: Point(x: 9, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "two-finger pan fails with one finger", make: pan(min: 2),
    act: {
      $0.drag(1, from: center, by: Point(x: 80, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "one-finger pan fails with two fingers", make: pan(max: 1),
    act: {
      twoFingers($0, angle: 0, radius: 20, down: true)
      liftTwo($0)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "screen-edge pan from the left edge begins", make: edgePan,
    act: {
      $0.drag(1, from: Point(x: 5, y: 100), by: Point(x: 50, y: 0))
      $0.script.up(1)
    }, expected: ["g.began", "g.changed", "g.changed", "g.changed", "g.ended"]),
  RecognizerCase(
    name: "screen-edge pan fails away from the edge", make: edgePan,
    act: {
      $0.drag(1, from: center, by: Point(x: 50, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "screen-edge pan fails along the edge", make: edgePan,
    act: {
      $0.drag(1, from: Point(x: 5, y: 100), by: Point(x: 0, y: 50))
      $0.script.up(1)
    }, expected: ["g.failed"]),
]

private let swipeCases: [RecognizerCase] = [
  RecognizerCase(
    name: "swipe right recognizes", make: swipe(.right),
    act: {
      $0.drag(1, from: Point(x: 20, y: 100), by: Point(x: 100, y: 0))
      $0.script.up(1)
    }, expected: ["g.ended"]),
  RecognizerCase(
    name: "swipe fails in the wrong direction", make: swipe(.right),
    act: {
      $0.drag(1, from: Point(x: 150, y: 100), by: Point(x: -100, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "swipe with a mask accepts any of its directions", make: swipe([.up, .left]),
    act: {
      $0.drag(1, from: Point(x: 100, y: 150), by: Point(x: 0, y: -100))
      $0.script.up(1)
    }, expected: ["g.ended"]),
  RecognizerCase(
    name: "swipe fails when too slow", make: swipe(.right),
    act: {
      $0.script.step = 0.5
      $0.drag(1, from: Point(x: 20, y: 100), by: Point(x: 100, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "swipe fails when lifted early", make: swipe(.right),
    act: {
      $0.drag(1, from: Point(x: 20, y: 100), by: Point(x: 30, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "two-finger swipe fails with one finger", make: swipe(.right, touches: 2),
    act: {
      $0.drag(1, from: Point(x: 20, y: 100), by: Point(x: 100, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
]

private let twoFingerCases: [RecognizerCase] = [
  RecognizerCase(
    name: "pinch begins past the threshold and ends when a finger lifts", make: { PinchGestureRecognizer() },
    act: { scene in
      twoFingers(scene, angle: 0, radius: 40, down: true)
      for radius in [45.0, 50, 60] { twoFingers(scene, angle: 0, radius: radius) }
      liftTwo(scene)
    }, expected: ["g.began", "g.changed", "g.changed", "g.ended"]),
  RecognizerCase(
    name: "pinch fails when the fingers lift without pinching", make: { PinchGestureRecognizer() },
    act: { scene in
      twoFingers(scene, angle: 0, radius: 40, down: true)
      liftTwo(scene)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "pinch fails with one finger", make: { PinchGestureRecognizer() },
    act: {
      $0.drag(1, from: center, by: Point(x: 80, y: 0))
      $0.script.up(1)
    }, expected: ["g.failed"]),
  RecognizerCase(
    name: "rotation begins past the threshold and ends", make: { RotationGestureRecognizer() },
    act: { scene in
      twoFingers(scene, angle: 0, down: true)
      for angle in [0.05, 0.2, 0.4] { twoFingers(scene, angle: angle) }
      liftTwo(scene)
    }, expected: ["g.began", "g.changed", "g.ended"]),
  RecognizerCase(
    name: "rotation fails when the fingers lift without turning", make: { RotationGestureRecognizer() },
    act: { scene in
      twoFingers(scene, angle: 0, down: true)
      twoFingers(scene, angle: 0.05)
      liftTwo(scene)
    }, expected: ["g.failed"]),
]

@MainActor
@Suite struct RecognizerTableTests {
  @Test(arguments: tapCases + pressCases + panCases + swipeCases + twoFingerCases)
  func recognizer(_ row: RecognizerCase) {
    let scene = GestureScene()
    scene.attach(row.make(), named: "g")
    scene.app.window.gestureDiagnostics = { [log = scene.log] decision in
      if decision.outcome == .state(.failed) { log.record("\(decision.recognizer).failed") }
    }
    row.act(scene)
    #expect(scene.log.entries.filter { $0.hasPrefix("g.") } == row.expected)
  }
}
