import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A delegate whose answers are set per test.
@MainActor
private final class Referee: GestureRecognizerDelegate {
  var shouldBegin = true
  var receives: (Touch) -> Bool = { _ in true }
  var simultaneous = false
  var requiresFailureOf: GestureRecognizer?
  var requiredToFailBy: GestureRecognizer?

  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { shouldBegin }
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    receives(touch)
  }
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { simultaneous }
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool { other === requiresFailureOf }
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool { other === requiredToFailBy }
}

@MainActor
@Suite struct GestureCoordinationTests {
  /// Pan and pinch on one view, two fingers spreading apart while moving.
  private func panAndPinch(_ scene: GestureScene) {
    scene.script.frame {
      scene.script.down(1, at: Point(x: 60, y: 100))
      scene.script.down(2, at: Point(x: 140, y: 100))
    }
    for step in 1...4 {
      let spread = Double(step) * 10
      let shift = Double(step) * 8
      scene.script.frame {
        scene.script.move(1, to: Point(x: 60 - spread + shift, y: 100))
        scene.script.move(2, to: Point(x: 140 + spread + shift, y: 100))
      }
    }
    scene.script.frame {
      scene.script.up(1)
      scene.script.up(2)
    }
  }

  @Test func onlyOneRecognizerWinsUnlessSimultaneousIsAllowed() {
    let scene = GestureScene()
    scene.attach(PinchGestureRecognizer(), named: "pinch")
    scene.attach(PanGestureRecognizer(), named: "pan")
    panAndPinch(scene)
    let entries = scene.log.entries.filter { !$0.hasPrefix("view.") }
    #expect(entries.first == "pinch.began")
    #expect(!entries.contains { $0.hasPrefix("pan.") })
  }

  @Test func simultaneousRecognitionWhenADelegateAllowsIt() {
    let scene = GestureScene()
    let referee = Referee()
    referee.simultaneous = true
    let pinch = scene.attach(PinchGestureRecognizer(), named: "pinch")
    scene.attach(PanGestureRecognizer(), named: "pan")
    pinch.delegate = referee
    panAndPinch(scene)
    let entries = scene.log.entries.filter { !$0.hasPrefix("view.") }
    #expect(entries.contains("pinch.began"))
    #expect(entries.contains("pan.began"))
    #expect(entries.contains("pinch.ended"))
    #expect(entries.contains("pan.ended"))
  }

  @Test func theHitViewsRecognizerWinsOverItsAncestorsInDeliveryOrder() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), named: "outer", to: scene.app.rootView)
    scene.attach(PanGestureRecognizer(), named: "inner")
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 2)
    scene.script.up(1)
    let entries = scene.log.entries.filter { !$0.hasPrefix("view.") }
    #expect(entries == ["inner.began", "inner.changed", "inner.ended"])
  }

  @Test func singleTapWaitsForTheDoubleTapToFailThenRecognizesAfterTheInterval() {
    let scene = GestureScene()
    let double = scene.attach(TapGestureRecognizer(), named: "double")
    double.numberOfTapsRequired = 2
    let single = scene.attach(TapGestureRecognizer(), named: "single")
    single.require(toFail: double)
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(!scene.log.entries.contains("single.ended"), "waits for the double tap")
    scene.scheduler.advance(by: 0.349)
    #expect(!scene.log.entries.contains("single.ended"))
    scene.scheduler.advance(by: 0.002)
    #expect(scene.log.entries.filter { !$0.hasPrefix("view.") } == ["single.ended"])
  }

  @Test func singleTapFailsWhenTheDoubleTapRecognizesWithinTheInterval() {
    let scene = GestureScene()
    let double = scene.attach(TapGestureRecognizer(), named: "double")
    double.numberOfTapsRequired = 2
    let single = scene.attach(TapGestureRecognizer(), named: "single")
    single.require(toFail: double)
    let paths = GestureStatePaths()
    scene.recordPaths(into: paths)
    scene.script.tap(at: Point(x: 50, y: 50))
    scene.scheduler.advance(by: 0.2)
    scene.script.tap(at: Point(x: 52, y: 50))
    #expect(scene.log.entries.filter { !$0.hasPrefix("view.") } == ["double.ended"])
    #expect(paths.paths["single"]?.contains(.failed) == true)
    #expect(
      paths.decisions.contains {
        $0.recognizer == "single" && $0.outcome == .state(.failed) && $0.reason.contains("double")
      })
  }

  @Test func delegateRequirementsWorkInBothDirections() {
    for byRequired in [false, true] {
      let scene = GestureScene()
      let referee = Referee()
      let double = scene.attach(TapGestureRecognizer(), named: "double")
      double.numberOfTapsRequired = 2
      let single = scene.attach(TapGestureRecognizer(), named: "single")
      if byRequired {
        double.delegate = referee
        referee.requiredToFailBy = single
      } else {
        single.delegate = referee
        referee.requiresFailureOf = double
      }
      scene.script.tap(at: Point(x: 50, y: 50))
      #expect(!scene.log.entries.contains("single.ended"))
      scene.scheduler.advance(by: 0.4)
      #expect(scene.log.entries.contains("single.ended"))
    }
  }

  @Test func delegateRefusingToBeginFailsTheRecognizer() {
    let scene = GestureScene()
    let referee = Referee()
    referee.shouldBegin = false
    let tap = scene.attach(TapGestureRecognizer(), named: "tap")
    tap.delegate = referee
    let paths = GestureStatePaths()
    scene.recordPaths(into: paths)
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(!scene.log.entries.contains("tap.ended"))
    #expect(paths.decisions.contains { $0.outcome == .state(.failed) && $0.reason.contains("delegate") })
  }

  @Test func delegateRefusingATouchKeepsItFromTheRecognizer() {
    let scene = GestureScene()
    let referee = Referee()
    referee.receives = { $0.location(in: nil).x > 100 }
    let tap = scene.attach(TapGestureRecognizer(), named: "tap")
    tap.delegate = referee
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(!scene.log.entries.contains("tap.ended"))
    scene.script.tap(at: Point(x: 150, y: 50))
    #expect(scene.log.entries.contains("tap.ended"))
  }

  @Test func twoFingersOnTwoViewsWithTheirOwnRecognizersBothRecognize() {
    let scene = GestureScene()
    let left = RecordingView("left", frame: Rect(x: 0, y: 300, width: 100, height: 100), log: scene.log)
    let right = RecordingView("right", frame: Rect(x: 200, y: 300, width: 100, height: 100), log: scene.log)
    scene.app.rootView.addSubview(left)
    scene.app.rootView.addSubview(right)
    scene.attach(PanGestureRecognizer(), named: "leftPan", to: left)
    scene.attach(PanGestureRecognizer(), named: "rightPan", to: right)
    scene.script.frame {
      scene.script.down(1, at: Point(x: 50, y: 350))
      scene.script.down(2, at: Point(x: 250, y: 350))
    }
    scene.script.frame {
      scene.script.move(1, to: Point(x: 50, y: 330))
      scene.script.move(2, to: Point(x: 250, y: 380))
    }
    scene.script.frame {
      scene.script.up(1)
      scene.script.up(2)
    }
    let entries = scene.log.entries.filter { $0.contains("Pan.") }
    #expect(entries == ["leftPan.began", "rightPan.began", "leftPan.ended", "rightPan.ended"])
    #expect(scene.log.entries.contains("left.began(1)"))
    #expect(scene.log.entries.contains("left.cancelled(1)"))
    #expect(scene.log.entries.contains("right.cancelled(1)"))
  }

  @Test func diagnosticsAreOffByDefaultAndExplainEachDecisionWhenOn() {
    let scene = GestureScene()
    #expect(scene.app.window.gestureDiagnostics == nil)
    scene.attach(TapGestureRecognizer(), named: "tap")
    scene.attach(LongPressGestureRecognizer(), named: "press")
    var lines: [String] = []
    scene.app.window.gestureDiagnostics = { lines.append($0.description) }
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(
      lines == [
        "tap → ended: first to recognize among its competitors",
        "press → failed: lost to tap, which recognized first",
        "tap reset: every finger it received has lifted",
        "press reset: every finger it received has lifted",
      ])
  }

  @Test func failureReasonsAreNotBuiltWhileDiagnosticsAreOff() {
    final class Refuser: GestureRecognizer {
      var built = 0
      override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        fail(because: describe())
      }
      func describe() -> String {
        built += 1
        return "refused"
      }
    }
    let scene = GestureScene()
    let refuser = scene.attach(Refuser(), named: "refuser")
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(refuser.built == 0)
    var reasons: [String] = []
    scene.app.window.gestureDiagnostics = { reasons.append($0.reason) }
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(refuser.built == 1)
    #expect(reasons.first == "refused")
  }
}
