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
