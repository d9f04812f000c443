import Foundation
import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@MainActor
@Suite struct GestureValueTests {
  @Test func velocityTrackerFitsALineThroughRecentSamples() {
    var tracker = VelocityTracker(sampleWindow: 0.1)
    #expect(tracker.velocity == .zero)
    for index in 0..<10 {
      let t = Double(index) * 0.01
      tracker.add(Point(x: 300 * t, y: -50 * t), at: t)
    }
    #expect(abs(tracker.velocity.x - 300) < 1e-6)
    #expect(abs(tracker.velocity.y + 50) < 1e-6)
  }

  @Test func velocityTrackerIsSteadyUnderJitterAndForgetsOldSamples() {
    var tracker = VelocityTracker(sampleWindow: 0.1)
    for index in 0..<20 {
      let t = Double(index) * 0.008
      let jitter = index.isMultiple(of: 2) ? 0.5 : -0.5
      tracker.add(Point(x: 1000 * t + jitter, y: 0), at: t)
    }
    #expect(abs(tracker.velocity.x - 1000) < 50)
    tracker.add(Point(x: 152, y: 0), at: 1.0)
    #expect(tracker.velocity == .zero, "a finger that rested longer than the window has no velocity")
    tracker.add(Point(x: .nan, y: 0), at: 1.01)
    #expect(tracker.velocity == .zero)
  }

  @Test func panTranslationVelocityAndSetTranslation() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), named: "pan")
    scene.script.step = 0.01
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 60, y: -30), steps: 6)
    #expect(pan.translation(in: scene.view) == Point(x: 60, y: -30))
    let velocity = pan.velocity(in: nil)
    #expect(abs(velocity.x - 1000) < 1e-6)
    #expect(abs(velocity.y + 500) < 1e-6)
    pan.setTranslation(.zero, in: scene.view)
    scene.script.move(1, to: Point(x: 115, y: 20))
    #expect(pan.translation(in: nil) == Point(x: 5, y: 0))
    scene.script.up(1)
  }

  @Test func panTranslationDoesNotJumpWhenAFingerJoinsOrLifts() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), named: "pan")
    scene.drag(1, from: Point(x: 50, y: 50), by: Point(x: 40, y: 0), steps: 2)
    scene.script.down(2, at: Point(x: 150, y: 150))
    #expect(pan.translation(in: nil) == Point(x: 40, y: 0))
    scene.script.frame {
      scene.script.move(1, to: Point(x: 100, y: 50))
      scene.script.move(2, to: Point(x: 160, y: 150))
    }
    #expect(pan.translation(in: nil) == Point(x: 50, y: 0))
    scene.script.up(2)
    #expect(pan.translation(in: nil) == Point(x: 50, y: 0))
    scene.script.up(1)
  }

  @Test func pinchScaleIsTheRatioOfFingerDistances() {
    let scene = GestureScene()
    let pinch = scene.attach(PinchGestureRecognizer(), named: "pinch")
    scene.script.step = 0.01
    scene.script.frame {
      scene.script.down(1, at: Point(x: 80, y: 100))
      scene.script.down(2, at: Point(x: 120, y: 100))
    }
    for step in 1...5 {
      let half = 20 + Double(step) * 4
      scene.script.frame {
        scene.script.move(1, to: Point(x: 100 - half, y: 100))
        scene.script.move(2, to: Point(x: 100 + half, y: 100))
      }
    }
    #expect(abs(pinch.scale - 2) < 1e-9)
    #expect(abs(pinch.velocity - 20) < 1e-6, "0.2 per 10 ms")
  }

  @Test func rotationIsPositiveClockwiseOnScreen() {
    let scene = GestureScene()
    let rotation = scene.attach(RotationGestureRecognizer(), named: "rotation")
    scene.script.frame {
      scene.script.down(1, at: Point(x: 50, y: 100))
      scene.script.down(2, at: Point(x: 150, y: 100))
    }
    // Finger 2 (right) moves down, finger 1 (left) up: clockwise on a y-down screen.
    for step in 1...6 {
      let angle = Double(step) * .pi / 12
      scene.script.frame {
        scene.script.move(1, to: Point(x: 100 - 50 * cos(angle), y: 100 - 50 * sin(angle)))
        scene.script.move(2, to: Point(x: 100 + 50 * cos(angle), y: 100 + 50 * sin(angle)))
      }
    }
    #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
    #expect(rotation.velocity > 0)
  }

  @Test func touchpadPinchDrivesPinchAndRotation() {
    let scene = GestureScene()
    let pinch = scene.attach(PinchGestureRecognizer(), named: "pinch")
    let rotation = scene.attach(RotationGestureRecognizer(), named: "rotation")
    let together = Together()
    pinch.delegate = together
    var last: (Double, Double) = (0, 0)
    pinch.addAction { [unowned pinch] _ in last.0 = pinch.scale }
    rotation.addAction { [unowned rotation] _ in last.1 = rotation.rotation }
    let location = Point(x: 100, y: 100)
    func send(_ phase: TouchpadGestureInput.Phase, scale: Double, degrees: Double, at time: Double) {
      scene.app.window.deliver(
        touchpadGesture: TouchpadGestureInput(
          kind: .pinch, phase: phase, fingers: 2, location: location, scale: scale, rotationDelta: degrees,
          timestamp: time))
    }
    send(.began, scale: 1, degrees: 0, at: 0)
    for step in 1...5 { send(.changed, scale: 1 + 0.1 * Double(step), degrees: 6, at: Double(step) * 0.01) }
    send(.ended, scale: 1.5, degrees: 0, at: 0.06)
    #expect(abs(last.0 - 1.5) < 1e-9)
    #expect(abs(last.1 - .pi / 6) < 1e-9)
    #expect(scene.log.entries.filter { $0.hasSuffix(".ended") } == ["pinch.ended", "rotation.ended"])
    #expect(pinch.state == .possible && rotation.state == .possible)
  }

  @Test func touchpadSwipeDrivesAPanWithinItsFingerRange() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), named: "pan")
    pan.minimumNumberOfTouches = 3
    var translations: [Point] = []
    pan.addAction { [unowned pan] _ in translations.append(pan.translation(in: nil)) }
    func send(_ phase: TouchpadGestureInput.Phase, fingers: Int, delta: Point) {
      scene.app.window.deliver(
        touchpadGesture: TouchpadGestureInput(
          kind: .swipe, phase: phase, fingers: fingers, location: Point(x: 100, y: 100), delta: delta,
          timestamp: 0))
    }
    send(.began, fingers: 2, delta: .zero)
    send(.changed, fingers: 2, delta: Point(x: 30, y: 0))
    send(.ended, fingers: 2, delta: .zero)
    #expect(translations.isEmpty, "two fingers are below the pan's minimum")
    send(.began, fingers: 3, delta: .zero)
    send(.changed, fingers: 3, delta: Point(x: 30, y: 0))
    send(.changed, fingers: 3, delta: Point(x: 10, y: 5))
    send(.cancelled, fingers: 3, delta: .zero)
    #expect(translations == [Point(x: 30, y: 0), Point(x: 40, y: 5), Point(x: 40, y: 5)])
    #expect(scene.log.entries == ["pan.began", "pan.changed", "pan.cancelled"])
  }

  @Test func hoverBeginsChangesAndEndsAsThePointerCrossesTheView() {
    let scene = GestureScene()
    let hover = scene.attach(HoverGestureRecognizer(), named: "hover")
    var locations: [Point] = []
    hover.addAction { [weak view = scene.view] in locations.append($0.location(in: view)) }
    let window = scene.app.window
    window.deliver(hover: HoverInput(phase: .entered, location: Point(x: 300, y: 300), timestamp: 0))
    window.deliver(hover: HoverInput(phase: .moved, location: Point(x: 50, y: 50), timestamp: 0.1))
    window.deliver(hover: HoverInput(phase: .moved, location: Point(x: 60, y: 50), timestamp: 0.2))
    window.deliver(hover: HoverInput(phase: .moved, location: Point(x: 300, y: 50), timestamp: 0.3))
    window.deliver(hover: HoverInput(phase: .moved, location: Point(x: 70, y: 50), timestamp: 0.4))
    window.deliver(hover: HoverInput(phase: .exited, location: Point(x: 70, y: 50), timestamp: 0.5))
    #expect(
      scene.log.entries == ["hover.began", "hover.changed", "hover.ended", "hover.began", "hover.ended"])
    #expect(locations.prefix(2) == [Point(x: 50, y: 50), Point(x: 60, y: 50)])
    scene.script.tap(at: Point(x: 50, y: 50))
    #expect(scene.log.entries.suffix(2) == ["view.began(1)", "view.ended(1)"], "it takes no touches")
  }
}

/// Lets every pair recognize together.
@MainActor
private final class Together: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }
}
