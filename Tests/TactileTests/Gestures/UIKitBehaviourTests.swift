import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// Recognizer behaviours that UIKit's documentation states and ported code relies on.
@MainActor
@Suite struct UIKitBehaviourTests {
  @Test func aSwipesLocationIsWhereTheSwipeBegan() {
    let scene = GestureScene()
    let swipe = scene.attach(SwipeGestureRecognizer(), named: "swipe")
    swipe.addAction { [log = scene.log, view = scene.view] recognizer in
      log.record("at \(recognizer.location(in: view))")
      log.record("touch at \(String(describing: recognizer.location(ofTouch: 0, in: view)))")
    }
    let start = Point(x: 20, y: 100)
    scene.drag(1, from: start, by: Point(x: 160, y: 0), steps: 4)
    #expect(swipe.state == .ended)
    #expect(scene.log.entries.contains("at \(start)"))
    #expect(scene.log.entries.contains("touch at \(String(describing: Optional(start)))"))
    scene.script.up(1)
  }
}

extension UIKitBehaviourTests {
  @Test func aTapNeverPreventsATapWithAHigherTapCount() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), named: "single")
    scene.attach(TapGestureRecognizer(), named: "double").numberOfTapsRequired = 2
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries.filter { !$0.hasPrefix("view.") } == ["single.ended"], "at the first lift")
    scene.script.tap(at: Point(x: 51, y: 50))
    #expect(scene.log.entries.filter { !$0.hasPrefix("view.") }.contains("double.ended"))
    #expect(scene.scheduler.finish().isEmpty)
  }

  @Test func aTapPreventsOnlyTapsNeedingAtMostItsTapCount() {
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    let single = TapGestureRecognizer()
    #expect(double.canPrevent(single))
    #expect(!single.canPrevent(double))
    #expect(single.canPrevent(TapGestureRecognizer()), "an equal tap count prevents")
  }
}

extension UIKitBehaviourTests {
  @Test func aPinchEndsOnlyWhenBothFingersHaveLiftedAndHoldsItsScaleBetweenTheLifts() {
    let scene = GestureScene()
    let pinch = scene.attach(PinchGestureRecognizer(), named: "pinch")
    scene.script.down(1, at: Point(x: 50, y: 100))
    scene.script.down(2, at: Point(x: 150, y: 100))
    scene.script.move(2, to: Point(x: 190, y: 100))
    #expect(pinch.state == .began)
    #expect(abs(pinch.scale - 1.4) < 1e-9)
    scene.log.clear()
    scene.script.up(2)
    #expect(pinch.state == .began, "one finger is still down")
    scene.script.move(1, to: Point(x: 30, y: 100))
    #expect(scene.log.entries.filter { $0.hasPrefix("pinch") }.isEmpty, "no change with one finger")
    #expect(abs(pinch.scale - 1.4) < 1e-9)
    #expect(pinch.location(in: nil) == Point(x: 30, y: 100), "the location follows the finger down")
    scene.script.up(1)
    #expect(scene.log.entries.filter { $0.hasPrefix("pinch") } == ["pinch.ended"])
  }

  @Test func aPinchContinuesFromItsHeldScaleWhenASecondFingerGoesDownAgain() {
    let scene = GestureScene()
    var scales: [Double] = []
    let pinch = scene.attach(PinchGestureRecognizer(), named: "pinch")
    pinch.addAction { scales.append(($0 as? PinchGestureRecognizer)?.scale ?? 0) }
    scene.script.down(1, at: Point(x: 50, y: 100))
    scene.script.down(2, at: Point(x: 150, y: 100))
    scene.script.move(2, to: Point(x: 250, y: 100))
    scene.script.up(2)
    scene.script.down(3, at: Point(x: 100, y: 100))
    scene.script.move(3, to: Point(x: 150, y: 100))
    #expect(pinch.state == .changed)
    #expect(abs((scales.last ?? 0) - 4) < 1e-9, "2 held, then the new pair's distance doubles")
    scene.script.up(1)
    scene.script.up(3)
    #expect(pinch.state == .possible, "reset after both lifted")
  }

  @Test func aRotationEndsOnlyWhenBothFingersHaveLifted() {
    let scene = GestureScene()
    let rotation = scene.attach(RotationGestureRecognizer(), named: "rotation")
    scene.script.down(1, at: Point(x: 50, y: 100))
    scene.script.down(2, at: Point(x: 150, y: 100))
    scene.script.move(2, to: Point(x: 150, y: 150))
    #expect(rotation.state == .began)
    scene.script.up(1)
    #expect(rotation.state == .began)
    scene.script.up(2)
    #expect(scene.log.entries.filter { $0.hasPrefix("rotation") } == ["rotation.began", "rotation.ended"])
  }
}

extension UIKitBehaviourTests {
  @Test func aLongPressHasUIKitsDefaultsAsPlainValues() {
    let press = LongPressGestureRecognizer()
    #expect(press.minimumPressDuration == 0.5)
    #expect(press.allowableMovement == 10)
  }

  @Test func aPointerLongPressAllowsUIKitsTenPointsOfMovement() {
    let scene = GestureScene()
    let script = TouchScript(window: scene.app.window, type: .pointer)
    let press = scene.attach(LongPressGestureRecognizer(), named: "press")
    script.down(1, at: Point(x: 50, y: 50))
    script.move(1, to: Point(x: 58, y: 50))
    scene.scheduler.advance(by: 0.5)
    #expect(press.state == .began, "8 points is within the default allowable movement")
    script.up(1)
  }
}

extension UIKitBehaviourTests {
  @Test func aTouchExcludedByAnExclusiveTouchStillReachesTheRecognizersOfTheViewItHit() {
    let scene = GestureScene()
    let exclusive = RecordingView(
      "exclusive", frame: Rect(x: 200, y: 0, width: 100, height: 100), log: scene.log)
    exclusive.isExclusiveTouch = true
    scene.app.rootView.addSubview(exclusive)
    let tap = scene.attach(TapGestureRecognizer(), named: "tap")
    scene.script.down(1, at: Point(x: 250, y: 50))
    scene.script.tap(at: Point(x: 50, y: 50), id: 2)
    #expect(!scene.log.entries.contains { $0.hasPrefix("view.") }, "the view is excluded")
    #expect(scene.log.entries.contains("tap.ended"), "its recognizer still gets the touch")
    #expect(tap.state == .possible)
    scene.script.up(1)
  }
}
