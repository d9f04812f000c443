import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct GestureDeliveryTests {
  @Test func recognizersOfTheHitViewItsAncestorsAndTheWindowGetTheTouchBeforeTheView() {
    let scene = GestureScene()
    let order = EventLog()
    final class Probe: GestureRecognizer {
      var log: EventLog?
      override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log?.record("\(name!) began")
        scene_record(event)
      }
      func scene_record(_ event: Event) {
        log?.record("\(name!) has \(event.touches(for: self).count)")
      }
    }
    for (name, view) in [
      ("window", scene.app.window as View), ("root", scene.app.rootView), ("view", scene.view),
    ] {
      let probe = Probe()
      probe.name = name
      probe.log = order
      view.addGestureRecognizer(probe)
    }
    scene.view.handlesTouches = true
    let logView = RecordingView("hit", frame: Rect(x: 0, y: 0, width: 50, height: 50), log: order)
    scene.view.addSubview(logView)
    scene.script.down(1, at: Point(x: 10, y: 10))
    #expect(
      order.entries == [
        "view began", "view has 1", "root began", "root has 1", "window began", "window has 1",
        "hit.began(1)",
      ])
  }

  @Test func recognizedTapCancelsTheViewsTouchJustBeforeItsAction() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), named: "tap")
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries == ["view.began(1)", "view.cancelled(1)", "tap.ended"])
  }

  @Test func withoutCancelsTouchesInViewTheViewAlsoGetsItsEnd() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), named: "tap").cancelsTouchesInView = false
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries == ["view.began(1)", "tap.ended", "view.ended(1)"])
  }

  @Test func panCancelsTheViewsTouchWhenItBegins() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), named: "pan")
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 30, y: 0), steps: 3)
    scene.script.up(1)
    #expect(
      scene.log.entries == [
        "view.began(1)", "view.moved(1)", "view.cancelled(1)", "pan.began", "pan.changed", "pan.ended",
      ])
  }

  @Test func delaysTouchesBeganHidesARecognizedTapFromTheView() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), named: "tap").delaysTouchesBegan = true
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries == ["tap.ended"])
  }

  @Test func delaysTouchesBeganReleasesTheTouchWhenTheTapFails() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), named: "tap").delaysTouchesBegan = true
    scene.script.down(1, at: Point(x: 50, y: 50))
    #expect(scene.log.entries.isEmpty)
    scene.script.move(1, to: Point(x: 80, y: 50))
    scene.script.move(1, to: Point(x: 90, y: 50))
    scene.script.up(1)
    #expect(scene.log.entries == ["view.began(1)", "view.moved(1)", "view.moved(1)", "view.ended(1)"])
  }

  @Test func delaysTouchesBeganHidesARecognizedDragFromTheView() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), named: "pan").delaysTouchesBegan = true
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 30, y: 0), steps: 3)
    scene.script.up(1)
    #expect(scene.log.entries == ["pan.began", "pan.changed", "pan.ended"])
  }

  @Test func delaysTouchesBeganReleasesBeganAndEndedWhenADragNeverStarts() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), named: "pan").delaysTouchesBegan = true
    scene.script.down(1, at: Point(x: 50, y: 50))
    scene.script.move(1, to: Point(x: 52, y: 50))
    #expect(scene.log.entries.isEmpty)
    scene.script.up(1)
    #expect(scene.log.entries == ["view.began(1)", "view.ended(1)"])
  }

  @Test func delaysTouchesEndedHoldsTheEndUntilTheDoubleTapFails() {
    let scene = GestureScene()
    let double = scene.attach(TapGestureRecognizer(), named: "double")
    double.numberOfTapsRequired = 2
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries == ["view.began(1)"])
    scene.scheduler.advance(by: 0.4)
    #expect(scene.log.entries == ["view.began(1)", "view.ended(1)"])
  }

  @Test func withoutDelaysTouchesEndedTheEndArrivesAtOnce() {
    let scene = GestureScene()
    let double = scene.attach(TapGestureRecognizer(), named: "double")
    double.numberOfTapsRequired = 2
    double.delaysTouchesEnded = false
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries == ["view.began(1)", "view.ended(1)"])
  }

  @Test func aSystemCancelInTheMiddleOfAPanCancelsTheGesture() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), named: "pan").cancelsTouchesInView = false
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 30, y: 0), steps: 3)
    scene.script.cancelAll()
    #expect(
      scene.log.entries == [
        "view.began(1)", "view.moved(1)", "pan.began", "view.moved(1)", "pan.changed", "view.moved(1)",
        "pan.cancelled", "view.cancelled(1)",
      ])
    scene.drag(2, from: Point(x: 50, y: 50), by: Point(x: 30, y: 0), steps: 3)
    #expect(scene.log.entries.suffix(2) == ["pan.changed", "view.moved(1)"], "reset and usable again")
  }

  /// The core cancels a touch whose view leaves the window; the ancestor's pan is cancelled with it, and
  /// the view, already cancelled when the pan began, is not cancelled twice.
  @Test func aViewRemovedMidPanCancelsThePanAndTheViewIsCancelledOnce() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), named: "pan", to: scene.app.rootView)
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 30, y: 0), steps: 3)
    scene.view.removeFromSuperview()
    scene.script.up(1)
    #expect(scene.log.entries.filter { $0.contains("cancelled") } == ["view.cancelled(1)", "pan.cancelled"])
  }

  /// The hit view's ``View/isMultipleTouchEnabled`` keeps a second finger from the view, not from the
  /// recognizers: a pinch works on a single-touch view.
  @Test func aSingleTouchViewsRecognizersStillGetTheSecondFinger() {
    let scene = GestureScene()
    scene.view.isMultipleTouchEnabled = false
    let pinch = scene.attach(PinchGestureRecognizer(), named: "pinch")
    pinch.cancelsTouchesInView = false
    scene.script.frame {
      scene.script.down(1, at: Point(x: 80, y: 100))
      scene.script.down(2, at: Point(x: 120, y: 100))
    }
    scene.script.frame {
      scene.script.move(1, to: Point(x: 60, y: 100))
      scene.script.move(2, to: Point(x: 140, y: 100))
    }
    #expect(pinch.scale == 2)
    #expect(scene.log.entries == ["view.began(1)", "pinch.began", "view.moved(1)"])
  }
}
