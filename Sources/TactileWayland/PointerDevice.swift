import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// A seat's `wl_pointer`: hover, the primary button as a touch of type `.pointer`, and scrolling.
///
/// - The primary (left) button is one pointer-type touch, id
///   ``TouchFrameAssembler/coreIdentifier(seat:kind:id:)`` with kind 1: it goes down where the button is
///   pressed, hit-tests and drives controls and recognizers like a finger, moves with the pointer (also
///   outside the surface while the compositor's implicit grab lasts) and ends when the button is
///   released. A `leave` with the button still down ends the implicit grab: the touch is cancelled.
/// - Without the button, `enter`/`motion`/`leave` are hover events to the view under the pointer.
/// - The secondary, middle, back and forward buttons (evdev `BTN_RIGHT`, `BTN_MIDDLE`, `BTN_SIDE` or
///   `BTN_BACK`, `BTN_EXTRA` or `BTN_FORWARD`) are ``TactileCore/PointerButtonInput`` presses and releases
///   at the pointer (``TactileCore/Window/deliver(pointerButton:)``: the edit menu, the primary selection's
///   paste, or a view's own reaction); a press while the primary button's touch is live only joins the
///   button mask, as does its release. Other button codes are ignored. A `leave` releases the delivered
///   buttons still held.
/// - Every touch point, hover, scroll and button event carries the buttons held
///   (``TactileCore/ButtonMask``), after the change for the button's own event.
/// - `axis` events become scroll events (``ScrollAccumulator``) at the pointer's location, with their
///   source, whole notches and stopped axes.
/// - Each wire event is decoded once into an ``TactileTrace/InputEvent``, recorded, and applied
///   (``apply(_:time:serial:)``). From seat v5 the events of a frame wait for its `wl_pointer.frame`
///   and are applied together, in order (motion coalesced, scroll steps summed); before v5, when
///   there are no frames, each event is its own frame.
/// - The serial of the latest `enter` is kept apart from button serials: it is the only one
///   `set_cursor` accepts.
@MainActor
final class PointerDevice: InputDevice {
  unowned let route: any InputRoute
  /// The `wl_pointer` and the cursor surface set on it; nil for a device fed decoded events without a
  /// wire.
  private let wire: (proxy: Proxy<WlPointer>, cursor: PointerCursor)?
  /// The seat's version: whether events come in frames (v5+), and, in the deinit (which may run while
  /// the seat itself is being destroyed, when it must not be read), how to release the proxy.
  private let seatVersion: UInt32
  /// The surface under the pointer, between `enter` and `leave`.
  private(set) var focus: ProxyKey?
  private(set) var location = Point.zero
  /// The serial of the latest `enter` (for `set_cursor`).
  private(set) var enterSerial: UInt32 = 0
  /// The serial of the latest button event (for `set_selection`).
  private(set) var latestButtonSerial: UInt32 = 0
  /// The serial of the latest button press: what popup grabs name (weston checks it against the press
  /// that started the implicit grab). Moves and resizes name their own press (``pressSerial(ofPoint:)``).
  private(set) var latestPressSerial: UInt32 = 0
  /// Whether the primary button's touch is live in the core, and on which surface.
  private var pressedSurface: ProxyKey?
  /// The serial of the press that started the primary button's touch.
  private var primaryPressSerial: UInt32 = 0
  /// The buttons held.
  private var buttons: ButtonMask = []
  /// The non-primary buttons whose press reached the core (their release must too).
  private var deliveredButtons: ButtonMask = []
  private var scroll = ScrollAccumulator()
  /// Touchpad gestures, when the compositor offers them.
  private(set) var gestures: TouchpadGestures?
  /// The cursor surface, when the device has a wire.
  var cursor: PointerCursor? { wire?.cursor }
  private var moved = false
  private var lastTime = 0.0
  /// The nanosecond times of the `wl_pointer`'s events, when the compositor offers them.
  private var timestamps: InputTimestamps?
  /// The events of the frame in progress (seat v5+), each with its time in seconds on the input clock,
  /// applied together at its `frame`.
  private var pendingFrame: [(event: InputEvent, seconds: Double?, serial: UInt32)] = []

  /// The core's button for an evdev button code (linux/input-event-codes.h), or nil for another button.
  static func button(forCode code: UInt32) -> ButtonMask? {
    switch code {
    case 0x110: .primary  // BTN_LEFT
    case 0x111: .secondary  // BTN_RIGHT
    case 0x112: .middle  // BTN_MIDDLE
    case 0x113, 0x116: .back  // BTN_SIDE, BTN_BACK
    case 0x114, 0x115: .forward  // BTN_EXTRA, BTN_FORWARD
    default: nil
    }
  }

  /// - Parameters:
  ///   - route: Where the pointer's input goes.
  ///   - seatVersion: The `wl_seat`'s version (events come in frames from 5 on).
  ///   - wire: The display (for the cursor, the touchpad-gesture manager and the input-timestamps manager)
  ///     and the `wl_seat` to get the `wl_pointer` of; nil for a device without a wire.
  init(route: any InputRoute, seatVersion: UInt32, wire: (display: WaylandDisplay, seat: Proxy<WlSeat>)?) {
    self.route = route
    self.seatVersion = seatVersion
    self.wire = wire.map { (Proxy(wl_seat_get_pointer($0.seat.raw)), PointerCursor(display: $0.display)) }
    guard let wire, let proxy = self.wire?.proxy else { return }
    wl_pointer_add_listener(proxy.raw, Self.listener, listenerData(self))
    gestures = wire.display.pointerGestures.map {
      TouchpadGestures(route: route, pointer: self, wire: (manager: $0, pointer: proxy))
    }
    timestamps = wire.display.inputTimestampsManager.map {
      InputTimestamps(manager: $0, device: .pointer(proxy))
    }
  }

  isolated deinit {
    gestures = nil
    timestamps = nil
    guard let proxy = wire?.proxy else { return }
    if seatVersion >= 3 { wl_pointer_release(proxy.raw) } else { wl_pointer_destroy(proxy.raw) }
  }

  private var touchID: Int { TouchFrameAssembler.coreIdentifier(seat: route.seatNumber, kind: 1, id: 0) }
  /// Whether events wait for `frame`: from seat version 5, when `wl_pointer.frame` exists.
  private var framed: Bool { seatVersion >= 5 }

  /// The capability is gone: drops the frame in progress, cancels the press and ends hover.
  func finish() {
    pendingFrame = []
    leave()
  }

  /// The serial of the button press that started the point with core id `id`, if it is this pointer's
  /// primary-button touch and the button is still down.
  func pressSerial(ofPoint id: Int) -> UInt32? {
    id == touchID && pressedSurface != nil ? primaryPressSerial : nil
  }

  func surfaceWillClose(_ surface: ProxyKey) {
    if focus == surface || pressedSurface == surface { leave() }
  }

  /// Holds the event until its frame's `frame` (seat v5+), then applies the frame's events in order as
  /// one group; below v5 each event is its own frame. An event's time is read when it arrives (the
  /// nanosecond time sent just before it, else its millisecond `time`).
  func apply(_ event: InputEvent, time: UInt32?, serial: UInt32) {
    switch event {
    case .pointerFrame:
      let group = pendingFrame
      pendingFrame = []
      for entry in group { handle(entry.event, seconds: entry.seconds, serial: entry.serial) }
      frame()
    case .pointerEnter, .pointerLeave, .pointerMotion, .pointerButton, .pointerAxis, .pointerAxisSource,
      .pointerAxisStop, .pointerAxisValue120:
      let seconds = time.map { timestamps?.seconds(forMilliseconds: $0) ?? inputSeconds($0) }
      if framed {
        pendingFrame.append((event, seconds, serial))
      } else {
        handle(event, seconds: seconds, serial: serial)
        frame()
      }
    default: return
    }
  }

  /// One event of a frame, at `seconds` on the input clock when it carries a time. A drag of the primary
  /// button, a button and a scroll are input the window's next frame answers.
  private func handle(_ event: InputEvent, seconds: Double?, serial: UInt32) {
    if let seconds { lastTime = seconds }
    switch event {
    case .pointerEnter(let number, let x, let y):
      guard let surface = route.surface(numbered: number) else { return }
      enter(serial: serial, surface: surface, at: Point(x: x, y: y))
    case .pointerLeave: leave()
    case .pointerMotion(let x, let y):
      location = Point(x: x, y: y)
      moved = true
      if let surface = pressedSurface { route.inputArrived(on: surface, at: lastTime) }
    case .pointerButton(let code, let pressed):
      if let surface = pressedSurface ?? focus { route.inputArrived(on: surface, at: lastTime) }
      button(serial: serial, code: code, pressed: pressed)
    case .pointerAxis(let axis, let value):
      if let surface = focus { route.inputArrived(on: surface, at: lastTime) }
      scroll.axis(vertical: axis == .vertical, value: value)
    case .pointerAxisSource(let source): scroll.source(source)
    case .pointerAxisStop(let axis): scroll.stop(vertical: axis == .vertical)
    case .pointerAxisValue120(let axis, let value):
      scroll.axisValue120(vertical: axis == .vertical, value: value)
    default: return
    }
  }
  private func enter(serial: UInt32, surface: ProxyKey, at point: Point) {
    enterSerial = serial
    focus = surface
    location = point
    route.pointerTarget(for: surface)?.deliver(
      hover: HoverInput(
        phase: .entered, location: point, timestamp: lastTime, buttonMask: buttons, pointer: route.seatNumber)
    )
    updateCursor()
  }

  /// Shows the cursor of what is under the pointer (hit-tested now, in the window's current state): a
  /// view of the window or of its client-side frame, or the frame's resize border.
  private func updateCursor() {
    guard let wire, let focus, let scale = route.cursorScale(on: focus),
      let target = route.pointerTarget(for: focus)
    else { return }
    wire.cursor.show(
      target.cursorStyle(at: location), scale: scale, pointer: wire.proxy.raw, serial: enterSerial)
  }

  private func leave() {
    gestures?.cancel()
    cursor?.reset()
    if let surface = pressedSurface {
      pressedSurface = nil
      route.pointerTarget(for: surface)?.deliver(
        touchFrame: [
          TouchPoint(
            id: touchID, phase: .cancel, location: location, timestamp: lastTime, type: .pointer,
            buttonMask: buttons)
        ])
    }
    buttons = []
    if let surface = focus {
      for button in [ButtonMask.secondary, .middle, .back, .forward] where deliveredButtons.contains(button) {
        route.pointerTarget(for: surface)?.deliver(
          pointerButton: PointerButtonInput(
            button: button, phase: .up, location: location, timestamp: lastTime, buttonMask: []))
      }
      focus = nil
      route.pointerTarget(for: surface)?.deliver(
        hover: HoverInput(phase: .exited, location: location, timestamp: lastTime, pointer: route.seatNumber))
    }
    deliveredButtons = []
    moved = false
    scroll = ScrollAccumulator()
  }

  private func button(serial: UInt32, code: UInt32, pressed: Bool) {
    latestButtonSerial = serial
    if pressed { latestPressSerial = serial }
    guard let button = Self.button(forCode: code) else { return }
    flushMotion()
    if pressed { buttons.insert(button) } else { buttons.remove(button) }
    guard button == .primary else {
      otherButton(button, pressed: pressed)
      return
    }
    if pressed, pressedSurface == nil, let surface = focus {
      guard let window = route.pointerTarget(for: surface) else {
        route.pressWithoutWindow(on: surface, at: location)
        return
      }
      pressedSurface = surface
      primaryPressSerial = serial
      window.deliver(touchFrame: [point(.down)])
    } else if !pressed, let surface = pressedSurface {
      pressedSurface = nil
      route.pointerTarget(for: surface)?.deliver(touchFrame: [point(.up)])
    }
  }

  /// A non-primary button: delivered unless the primary button's touch is live (then it only changes
  /// the mask); a release only when its press was delivered.
  private func otherButton(_ button: ButtonMask, pressed: Bool) {
    guard let surface = focus, let target = route.pointerTarget(for: surface) else { return }
    if pressed {
      guard pressedSurface == nil else { return }
      deliveredButtons.insert(button)
    } else if deliveredButtons.remove(button) == nil {
      return
    }
    target.deliver(
      pointerButton: PointerButtonInput(
        button: button, phase: pressed ? .down : .up, location: location, timestamp: lastTime,
        buttonMask: buttons))
  }

  private func frame() {
    flushMotion()
    guard var step = scroll.frame(at: location, timestamp: lastTime), let surface = focus else { return }
    step.buttonMask = buttons
    route.pointerTarget(for: surface)?.deliver(scroll: step)
  }

  private func flushMotion() {
    guard moved else { return }
    moved = false
    if let surface = pressedSurface {
      route.pointerTarget(for: surface)?.deliver(touchFrame: [point(.motion)])
    } else if let surface = focus {
      route.pointerTarget(for: surface)?.deliver(
        hover: HoverInput(
          phase: .moved, location: location, timestamp: lastTime, buttonMask: buttons,
          pointer: route.seatNumber))
      updateCursor()
    }
  }

  private func point(_ phase: TouchPoint.Phase) -> TouchPoint {
    TouchPoint(
      id: touchID, phase: phase, location: location, timestamp: lastTime, type: .pointer, buttonMask: buttons)
  }

  private static let listener = permanentListener(
    wl_pointer_listener(
      enter: { data, _, serial, surface, x, y in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let point = fixedPoint(x, y)
        withListenerTarget(data, PointerDevice.self) {
          let number = $0.route.surfaceNumber(of: surface)
          $0.receive(.pointerEnter(surface: number, x: point.x, y: point.y), serial: serial)
        }
      },
      leave: { data, _, _, _ in
        withListenerTarget(data, PointerDevice.self) { $0.receive(.pointerLeave) }
      },
      motion: { data, _, time, x, y in
        let point = fixedPoint(x, y)
        withListenerTarget(data, PointerDevice.self) {
          $0.receive(.pointerMotion(x: point.x, y: point.y), time: time)
        }
      },
      button: { data, _, serial, time, button, state in
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        withListenerTarget(data, PointerDevice.self) {
          $0.receive(.pointerButton(button: button, pressed: pressed), time: time, serial: serial)
        }
      },
      axis: { data, _, time, axis, value in
        let axis = ScrollAxis(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
        let value = wl_fixed_to_double(value)
        withListenerTarget(data, PointerDevice.self) {
          $0.receive(.pointerAxis(axis: axis, value: value), time: time)
        }
      },
      frame: { data, _ in
        withListenerTarget(data, PointerDevice.self) { $0.receive(.pointerFrame) }
      },
      axis_source: { data, _, source in
        withListenerTarget(data, PointerDevice.self) { $0.receive(.pointerAxisSource(source: source)) }
      },
      axis_stop: { data, _, time, axis in
        let axis = ScrollAxis(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
        withListenerTarget(data, PointerDevice.self) { $0.receive(.pointerAxisStop(axis: axis), time: time) }
      },
      axis_discrete: { data, _, axis, steps in
        // Superseded by axis_value120 from v8 (never sent to v8 clients); below v8 each step is 120, so a
        // wheel scrolls in notches on every seat version (and the steps are recorded as value120).
        let axis = ScrollAxis(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
        let value120 = steps.multipliedReportingOverflow(by: 120).partialValue
        withListenerTarget(data, PointerDevice.self) {
          $0.receive(.pointerAxisValue120(axis: axis, value120: value120))
        }
      },
      axis_value120: { data, _, axis, value in
        let axis = ScrollAxis(vertical: axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue)
        withListenerTarget(data, PointerDevice.self) {
          $0.receive(.pointerAxisValue120(axis: axis, value120: value))
        }
      }))
}
