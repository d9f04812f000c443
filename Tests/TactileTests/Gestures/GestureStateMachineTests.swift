import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

/// A responder that counts the target–action calls it gets from a recognizer.
@MainActor
private final class ActionCounter: Responder {
  var states: [GestureRecognizer.State] = []
  override func handler(for action: Action) -> ActionHandler? {
    guard action == "pan" else { return super.handler(for: action) }
    return { [weak self] sender, _ in
      if let recognizer = sender as? GestureRecognizer { self?.states.append(recognizer.state) }
    }
  }
}

@MainActor
@Suite struct GestureStateMachineTests {
  @Test func onlyLegalTransitionsAreAllowedForEachKind() {
    typealias S = GestureRecognizer.State
    let all: [S] = [.possible, .began, .changed, .ended, .cancelled, .failed]
    var legalDiscrete: [String] = []
    var legalContinuous: [String] = []
    for from in all {
      for to in all {
        if from.canTransition(to: to, kind: .discrete) { legalDiscrete.append("\(from)→\(to)") }
        if from.canTransition(to: to, kind: .continuous) { legalContinuous.append("\(from)→\(to)") }
      }
    }
    #expect(legalDiscrete == ["possible→ended", "possible→failed"])
    #expect(
      legalContinuous == [
        "possible→began", "possible→failed", "began→changed", "began→ended", "began→cancelled",
        "changed→changed", "changed→ended", "changed→cancelled",
      ])
    #expect(S.recognized == .ended)
  }

  /// An illegal transition stops a debug build with a message (release builds ignore the change).
  @Test(.enabled(if: _isDebugAssertConfiguration()))
  func anIllegalTransitionAsserts() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let tap = TapGestureRecognizer()
        tap.state = .began
      }
    }
  }

  @Test func actionsAreCalledOncePerStateChangeByTargetAndClosure() {
    let scene = GestureScene()
    let counter = ActionCounter()
    let pan = scene.attach(PanGestureRecognizer(target: counter, action: "pan"), named: "pan")
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 4)
    scene.script.up(1)
    #expect(counter.states == [.began, .changed, .changed, .ended])
    #expect(
      scene.log.entries.filter { $0.hasPrefix("pan.") } == [
        "pan.began", "pan.changed", "pan.changed", "pan.ended",
      ])
    #expect(pan.state == .possible, "reset after the sequence")
    pan.removeTarget(counter, action: nil)
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 4)
    scene.script.up(1)
    #expect(counter.states.count == 4)
  }

  @Test func locationIsTheCentroidAndEachTouchIsAddressable() {
    let scene = GestureScene()
    var seen: [(Point, Point?, Point?, Int)] = []
    let pinch = PinchGestureRecognizer { [weak view = scene.view] recognizer in
      seen.append(
        (
          recognizer.location(in: nil), recognizer.location(ofTouch: 0, in: view),
          recognizer.location(ofTouch: 5, in: nil), recognizer.numberOfTouches
        ))
    }
    scene.view.frame = Rect(x: 10, y: 20, width: 200, height: 200)
    scene.view.addGestureRecognizer(pinch)
    scene.script.frame {
      scene.script.down(1, at: Point(x: 60, y: 120))
      scene.script.down(2, at: Point(x: 160, y: 120))
    }
    scene.script.frame {
      scene.script.move(1, to: Point(x: 40, y: 120))
      scene.script.move(2, to: Point(x: 180, y: 120))
    }
    #expect(seen.count == 1)
    #expect(seen[0].0 == Point(x: 110, y: 120))
    #expect(seen[0].1 == Point(x: 30, y: 100))
    #expect(seen[0].2 == nil)
    #expect(seen[0].3 == 2)
  }

  @Test func disablingARecognizerMidGestureCancelsIt() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), named: "pan")
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 2)
    pan.isEnabled = false
    scene.script.move(1, to: Point(x: 150, y: 50))
    scene.script.up(1)
    #expect(
      scene.log.entries.filter { $0.hasPrefix("pan.") } == ["pan.began", "pan.changed", "pan.cancelled"])
    pan.isEnabled = true
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 2)
    #expect(scene.log.entries.filter { $0.hasPrefix("pan.") }.suffix(2) == ["pan.began", "pan.changed"])
  }

  @Test func disablingARecognizerInsideItsOwnActionCancelsItOnce() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), named: "pan")
    pan.addAction { recognizer in
      if recognizer.state == .began { recognizer.isEnabled = false }
    }
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 60, y: 0), steps: 4)
    scene.script.up(1)
    #expect(scene.log.entries.filter { $0.hasPrefix("pan.") } == ["pan.began", "pan.cancelled"])
    #expect(pan.state == .possible)
  }

  @Test func aRecognizerWithoutAWindowChangesStateDirectly() {
    var states: [GestureRecognizer.State] = []
    let tap = TapGestureRecognizer { states.append($0.state) }
    tap.state = .ended
    #expect(states == [.ended])
    #expect(tap.state == .possible)
  }

  @Test func removingARecognizerMidGestureCancelsItAndDetachesIt() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), named: "pan")
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 2)
    scene.view.removeGestureRecognizer(pan)
    scene.script.move(1, to: Point(x: 150, y: 50))
    scene.script.up(1)
    #expect(
      scene.log.entries.filter { $0.hasPrefix("pan.") } == ["pan.began", "pan.changed", "pan.cancelled"])
    #expect(pan.view == nil)
    #expect(scene.view.gestureRecognizers.isEmpty)
  }

  @Test func aFailedRecognizerIgnoresASecondFingerUntilAllLift() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), named: "tap")
    let paths = GestureStatePaths()
    scene.recordPaths(into: paths)
    scene.script.down(1, at: Point(x: 50, y: 50))
    scene.script.move(1, to: Point(x: 90, y: 50))
    #expect(paths.paths["tap"] == [.possible, .failed])
    scene.script.down(2, at: Point(x: 150, y: 150))
    scene.script.up(1)
    scene.script.up(2)
    #expect(paths.paths["tap"] == [.possible, .failed, .possible], "it never saw finger 2")
    #expect(paths.decisions.contains { $0.recognizer == "tap" && $0.outcome == .refusedTouch })
    #expect(!scene.log.entries.contains("tap.ended"))
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries.last(where: { $0.hasPrefix("tap.") }) == "tap.ended")
    #expect(tap.state == .possible)
  }
}
