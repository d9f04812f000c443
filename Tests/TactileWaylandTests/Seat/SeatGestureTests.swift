import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Touchpad gestures (`zwp_pointer_gestures_v1`) from the fake compositor into the recognizers that also
/// handle fingers.
@MainActor @Suite struct SeatGestureTests {
  func pointerOver(_ app: SeatHarness) throws {
    try app.compositor.pointerEnter(surface: app.surfaceID, x: 50, y: 50)
    app.compositor.pointerFrame()
  }

  @Test func aTouchpadPinchDrivesAPinchRecognizer() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    var states: [GestureRecognizer.State] = []
    var scales: [Double] = []
    let pinch = PinchGestureRecognizer {
      states.append($0.state)
      scales.append(($0 as? PinchGestureRecognizer)?.scale ?? 0)
    }
    view.addGestureRecognizer(pinch)
    try pointerOver(app)
    try app.compositor.gestureBegin(.pinch, fingers: 2)
    app.compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0)
    app.compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0)
    app.compositor.gestureEnd(.pinch)
    try app.sync()
    #expect(states == [.began, .changed, .ended])
    #expect(scales.last == 2)
  }

  @Test func aCancelledTouchpadSwipeCancelsThePan() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    var states: [GestureRecognizer.State] = []
    view.addGestureRecognizer(PanGestureRecognizer { states.append($0.state) })
    try pointerOver(app)
    try app.compositor.gestureBegin(.swipe, fingers: 2)
    for _ in 0..<5 { app.compositor.gestureSwipeUpdate(dx: 10, dy: 0) }
    app.compositor.gestureEnd(.swipe, cancelled: true)
    try app.sync()
    #expect(states.first == .began)
    #expect(states.last == .cancelled)
  }

  @Test func aGestureInProgressIsCancelledWhenThePointerLeaves() throws {
    let app = try SeatHarness()
    let view = app.addView("view", Rect(x: 0, y: 0, width: 200, height: 100))
    var states: [GestureRecognizer.State] = []
    view.addGestureRecognizer(PinchGestureRecognizer { states.append($0.state) })
    try pointerOver(app)
    try app.compositor.gestureBegin(.pinch, fingers: 2)
    app.compositor.gesturePinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0)
    app.compositor.pointerLeave()
    // From seat v5 the leave, like every pointer event, takes effect at its frame.
    app.compositor.pointerFrame()
    try app.sync()
    #expect(states == [.began, .cancelled])
  }

  @Test func aSeatWithTouchpadGesturesIsFreedWithItsApp() throws {
    weak var seat: Seat?
    weak var gestures: TouchpadGestures?
    do {
      let app = try SeatHarness()
      seat = app.display.seats.values.first
      gestures = seat?.pointer?.gestures
      #expect(gestures != nil, "the fake compositor offers zwp_pointer_gestures_v1")
    }
    #expect(seat == nil)
    #expect(gestures == nil)
  }
}
