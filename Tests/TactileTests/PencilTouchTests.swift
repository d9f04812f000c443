import Foundation
import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileCore

/// A pencil's values in the core, in memory: what a platform's ``TouchPoint`` carries reaches the
/// ``Touch``, its coalesced samples, and the view's own coordinates.
@MainActor @Suite struct PencilTouchTests {
  final class Catcher: View {
    var touches: [Touch] = []
    var samples: [Touch] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { self.touches += touches }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
      for touch in touches { samples += event?.coalescedTouches(for: touch) ?? [] }
    }
  }

  func pencil(_ phase: TouchPoint.Phase, x: Double, azimuth: Double, altitude: Double, force: Double)
    -> TouchPoint
  {
    TouchPoint(
      id: 1, phase: phase, location: Point(x: x, y: 50), timestamp: 0, type: .pencil, force: force,
      pencilTool: .pen, altitudeAngle: altitude, azimuthAngle: azimuth, rollAngle: 0.5)
  }

  @Test func aPencilsAzimuthIsGivenInTheViewsOwnCoordinates() throws {
    let app = TestApplication(size: Size(width: 200, height: 200))
    let view = Catcher(frame: Rect(x: 50, y: 0, width: 100, height: 100))
    view.transform = AffineTransform(rotationAngle: .pi / 2)
    app.rootView.addSubview(view)
    app.window.deliver(touchFrame: [pencil(.down, x: 100, azimuth: 0, altitude: 1, force: 2)])
    let touch = try #require(view.touches.first)
    #expect(touch.type == .pencil && touch.pencilTool == .pen && touch.rollAngle == 0.5)
    #expect(abs(touch.azimuthAngle(in: nil)) < 1e-9)
    #expect(abs(touch.azimuthAngle(in: view) + .pi / 2) < 1e-9, "+x of the window is -y of a view turned 90°")
    #expect(abs(touch.azimuthUnitVector(in: view).y + 1) < 1e-9)
  }

  @Test func coalescedPencilSamplesKeepTheirOwnForceAndAngles() {
    let app = TestApplication(size: Size(width: 200, height: 200))
    let view = Catcher(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    app.rootView.addSubview(view)
    app.window.deliver(touchFrame: [pencil(.down, x: 10, azimuth: 0, altitude: 1, force: 1)])
    app.window.deliver(touchFrame: [
      pencil(.motion, x: 20, azimuth: 0.1, altitude: 1.1, force: 2),
      pencil(.motion, x: 30, azimuth: 0.2, altitude: 1.2, force: 3),
    ])
    #expect(view.samples.map(\.force) == [2, 3])
    #expect(view.samples.map(\.altitudeAngle) == [1.1, 1.2])
    #expect(view.samples.map { $0.azimuthAngle(in: nil) }.map { ($0 * 10).rounded() } == [1, 2])
    #expect(view.samples.allSatisfy { $0.pencilTool == .pen && $0.maximumPossibleForce == 4 })
  }

  @Test func fingersStandUprightWithNoToolAndNoForce() throws {
    let app = TestApplication(size: Size(width: 200, height: 200))
    let view = Catcher(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    app.rootView.addSubview(view)
    app.window.deliver(touchFrame: [
      TouchPoint(id: 1, phase: .down, location: Point(x: 5, y: 5), timestamp: 0)
    ])
    let touch = try #require(view.touches.first)
    #expect(touch.altitudeAngle == .pi / 2 && touch.pencilTool == nil && touch.maximumPossibleForce == 0)
  }
}
