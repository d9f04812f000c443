import Foundation
import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Issue 5 end to end: two-finger paths over the fake compositor's `wl_touch` (coordinates travel as
/// `wl_fixed`, 1/256 point) and a touchpad pinch with rotation over `zwp_pointer_gestures_v1`, into the
/// pinch and rotation recognizers. Tolerance: 0.01 in scale and 0.01 rad, well above the fixed-point
/// rounding of 1/256 point on a 100-point finger distance.
@MainActor @Suite struct GestureEndToEndTests {
  /// Both recognizers at once.
  private final class Together: GestureRecognizerDelegate {
    func gestureRecognizer(
      _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { true }
  }

  @Test func twoFingerPathsOverTheWireGiveTheExpectedScaleAndAngle() throws {
    let app = try SeatHarness(size: Size(width: 400, height: 400))
    let view = app.addView("view", Rect(x: 0, y: 0, width: 400, height: 400))
    let together = Together()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    pinch.delegate = together
    var last = (scale: 0.0, rotation: 0.0)
    pinch.addAction { [unowned pinch] _ in last.scale = pinch.scale }
    rotation.addAction { [unowned rotation] _ in last.rotation = rotation.rotation }
    view.addGestureRecognizer(pinch)
    view.addGestureRecognizer(rotation)
    // The fingers start 100 points apart about (200, 200) and end 200 apart, turned 90° clockwise.
    func place(radius: Double, angle: Double, down: Bool) throws {
      let a = try app.at(200 + radius * cos(angle), 200 + radius * sin(angle))
      let b = try app.at(200 - radius * cos(angle), 200 - radius * sin(angle))
      if down {
        _ = try app.compositor.touchDown(id: 1, at: a)
        _ = try app.compositor.touchDown(id: 2, at: b)
      } else {
        try app.compositor.touchMotion(id: 1, to: a)
        try app.compositor.touchMotion(id: 2, to: b)
      }
      app.compositor.touchFrame()
      try app.sync()
    }
    try place(radius: 50, angle: 0, down: true)
    for step in 1...10 {
      let t = Double(step) / 10
      try place(radius: 50 + 50 * t, angle: t * .pi / 2, down: false)
    }
    _ = try app.compositor.touchUp(id: 1)
    _ = try app.compositor.touchUp(id: 2)
    app.compositor.touchFrame()
    try app.sync()
    #expect(abs(last.scale - 2) < 0.01)
    #expect(abs(last.rotation - .pi / 2) < 0.01)
  }

  @Test func aTouchpadPinchWithRotationGivesTheExpectedScaleAndAngle() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    let together = Together()
    let pinch = PinchGestureRecognizer()
    let rotation = RotationGestureRecognizer()
    pinch.delegate = together
    var last = (scale: 0.0, rotation: 0.0)
    pinch.addAction { [unowned pinch] _ in last.scale = pinch.scale }
    rotation.addAction { [unowned rotation] _ in last.rotation = rotation.rotation }
    view.addGestureRecognizer(pinch)
    view.addGestureRecognizer(rotation)
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 50, y: 50)
    app.compositor.pointerFrame()
    try app.compositor.gestureBegin(.pinch, fingers: 2)
    for step in 1...6 {
      app.compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: 1 + 0.25 * Double(step), rotation: 10)
    }
    app.compositor.gestureEnd(.pinch)
    try app.sync()
    #expect(abs(last.scale - 2.5) < 0.01)
    #expect(abs(last.rotation - .pi / 3) < 0.01, "60° clockwise")
  }
}
