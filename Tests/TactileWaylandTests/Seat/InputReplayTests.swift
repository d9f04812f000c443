import TactileFakeSeat
import TactileGeometry
import TactileTesting
import TactileTrace
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Decoded ``InputEvent``s applied to the seat's devices with no wire at all: each device's one
/// `apply(_:time:serial:)` turns them into the core's input, through a route of the test's own.
@MainActor @Suite struct InputReplayTests {
  /// Surface 0 is the test window; every event the devices ask to record is kept.
  @MainActor final class Route: InputRoute {
    let window: Window
    let scheduler: any Scheduler
    let surface = ProxyKey(OpaquePointer(bitPattern: 0x1000)!)
    var recorded: [InputEvent] = []
    var seatNumber: Int { 3 }

    init(window: Window, scheduler: any Scheduler) {
      self.window = window
      self.scheduler = scheduler
    }

    func surfaceNumber(of surface: ProxyKey) -> Int { 0 }
    func surface(numbered number: Int) -> ProxyKey? { number == 0 ? surface : nil }
    func pointerTarget(for surface: ProxyKey) -> (any PointerInputTarget)? { self.window(for: surface) }
    func window(for surface: ProxyKey) -> Window? { surface == self.surface ? window : nil }
    func pressWithoutWindow(on surface: ProxyKey, at location: Point) {}
    func inputArrived(on surface: ProxyKey, at time: Double) {}
    func cursorScale(on surface: ProxyKey) -> Int? { nil }
    func record(_ event: InputEvent, time: UInt32?) { recorded.append(event) }
    func reportInputError(_ error: any Error) {}
  }

  let app = TestApplication(size: Size(width: 200, height: 100))
  let log = EventLog()
  let view: ProbeView
  let route: Route

  init() {
    view = ProbeView("view", frame: Rect(x: 0, y: 0, width: 200, height: 100), log: log)
    app.rootView.addSubview(view)
    route = Route(window: app.window, scheduler: app.scheduler)
  }

  @Test func replayedTouchEventsBeginMoveAndEndATouchAtTheirFrames() {
    let touch = TouchDevice(route: route, seat: nil)
    touch.apply(.touchDown(surface: 0, id: 7, x: 20, y: 30), time: 1000, serial: 5)
    #expect(log.entries.isEmpty, "the down waits for its frame")
    touch.apply(.touchFrame, time: nil, serial: 0)
    touch.apply(.touchMotion(id: 7, x: 40, y: 30), time: 1016, serial: 0)
    touch.apply(.touchFrame, time: nil, serial: 0)
    touch.apply(.touchUp(id: 7), time: 1032, serial: 6)
    #expect(log.entries == ["view.began(1)", "view.moved(1)", "view.ended(1)"])
    #expect(touch.latestDownSerial == 5 && touch.latestSerial == 6)
    #expect(route.recorded.isEmpty, "apply records nothing: receive does")
  }

  @Test func receivingAnEventRecordsTheValueItApplies() {
    let touch = TouchDevice(route: route, seat: nil)
    touch.receive(.touchDown(surface: 0, id: 1, x: 5, y: 5), time: 10, serial: 1)
    touch.receive(.touchFrame)
    #expect(route.recorded == [.touchDown(surface: 0, id: 1, x: 5, y: 5), .touchFrame])
    #expect(log.entries == ["view.began(1)"])
  }

  @Test func replayedPointerEventsHoverPressAndScrollTheViewUnderThePointer() {
    let pointer = PointerDevice(route: route, seatVersion: 8, wire: nil)
    for event: InputEvent in [
      .pointerEnter(surface: 0, x: 10, y: 10), .pointerFrame,
      .pointerMotion(x: 20, y: 10), .pointerFrame,
      .pointerButton(button: 0x110, pressed: true), .pointerFrame,
      .pointerButton(button: 0x110, pressed: false), .pointerFrame,
      .pointerAxis(axis: .vertical, value: 12), .pointerFrame,
      .pointerLeave, .pointerFrame,
    ] {
      pointer.apply(event, time: 100, serial: 1)
    }
    #expect(
      log.entries == [
        "view.hover(entered)", "view.hover(moved)", "view.began(1)", "view.ended(1)", "view.hover(exited)",
      ])
    #expect(view.scrolls == [Point(x: 0, y: 12)])
    #expect(view.beganTypes == [.pointer])
  }

  @Test func replayedTouchpadPinchEventsDriveAPinchRecognizerUnderThePointer() {
    var states: [GestureRecognizer.State] = []
    var scales: [Double] = []
    view.addGestureRecognizer(
      PinchGestureRecognizer {
        states.append($0.state)
        scales.append(($0 as? PinchGestureRecognizer)?.scale ?? 0)
      })
    let pointer = PointerDevice(route: route, seatVersion: 8, wire: nil)
    pointer.apply(.pointerEnter(surface: 0, x: 50, y: 50), time: nil, serial: 1)
    pointer.apply(.pointerFrame, time: nil, serial: 0)
    let gestures = TouchpadGestures(route: route, pointer: pointer, wire: nil)
    gestures.apply(.gestureBegin(kind: .pinch, fingers: 2), time: 10, serial: 0)
    gestures.apply(.gesturePinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 0), time: 20, serial: 0)
    gestures.apply(.gesturePinchUpdate(dx: 0, dy: 0, scale: 2, rotation: 0), time: 25, serial: 0)
    gestures.apply(.gestureEnd(kind: .pinch, cancelled: false), time: 30, serial: 0)
    #expect(states == [.began, .changed, .ended])
    #expect(scales.last == 2)
  }

  @Test func replayedKeyEventsPressAndReleaseTheFirstRespondersKey() throws {
    let keyboard = KeyboardDevice(route: route, seat: nil)
    let text = try KeymapTests().keymapText(layout: "us")
    let fd = try KeymapTests().memfd(text)
    keyboard.receiveKeymap(format: 1, fd: fd, size: UInt32(text.count))
    #expect(view.becomeFirstResponder())
    keyboard.apply(.keyboardEnter(surface: 0, keys: []), time: nil, serial: 1)
    keyboard.apply(.key(code: 30, pressed: true), time: 100, serial: 2)
    keyboard.apply(.key(code: 30, pressed: false), time: 150, serial: 3)
    keyboard.apply(.keyboardLeave, time: nil, serial: 4)
    #expect(view.keys == ["down a", "up a"])
    #expect(keyboard.latestSerial == 3)
  }
}
