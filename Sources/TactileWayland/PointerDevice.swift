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
/// - From seat v5 events are applied at `frame`; before v5 each event is its own frame.
/// - The serial of the latest `enter` is kept apart from button serials: it is the only one
///   `set_cursor` accepts.
@MainActor
final class PointerDevice {
  private unowned let seat: Seat
  /// The display's input recorder, if it records.
  private var recorder: InputRecorder? { seat.display.recorder }
  private let proxy: OpaquePointer
  /// The seat's version, kept for the deinit (which may run while the seat itself is being destroyed,
  /// when it must not be read).
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
  let cursor: PointerCursor
  private var moved = false
  private var lastTime = 0.0

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

  init(seat: Seat) {
    self.seat = seat
    proxy = wl_seat_get_pointer(seat.proxy)
    seatVersion = seat.version
    cursor = PointerCursor(display: seat.display)
    wl_pointer_add_listener(proxy, Self.listener, listenerData(self))
    gestures = seat.display.pointerGestures.map {
      TouchpadGestures(manager: $0, pointer: self, proxy: proxy, seat: seat)
    }
  }

  isolated deinit {
    gestures = nil
    if seatVersion >= 3 { wl_pointer_release(proxy) } else { wl_pointer_destroy(proxy) }
  }

  private var touchID: Int { TouchFrameAssembler.coreIdentifier(seat: seat.number, kind: 1, id: 0) }
  private var framed: Bool { seat.version >= 5 }

  /// The capability is gone: cancels the press and ends hover.
  func finish() {
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

  private func enter(serial: UInt32, surface: ProxyKey, at point: Point) {
    enterSerial = serial
    focus = surface
    location = point
    seat.pointerTarget(for: surface)?.deliver(
      hover: HoverInput(
        phase: .entered, location: point, timestamp: lastTime, buttonMask: buttons, pointer: seat.number))
    updateCursor()
  }

  /// Shows the cursor of what is under the pointer (hit-tested now, in the window's current state): a
  /// view of the window or of its client-side frame, or the frame's resize border.
  private func updateCursor() {
    guard let focus, let surface = seat.display.waylandWindow(for: focus),
      let target = seat.pointerTarget(for: focus)
    else { return }
    let style = target.cursorStyle(at: location)
    let scale = Int(surface.scale.factor.rounded(.up))
    cursor.show(style, scale: scale, pointer: proxy, serial: enterSerial)
  }

  private func leave() {
    gestures?.cancel()
    cursor.reset()
    if let surface = pressedSurface {
      pressedSurface = nil
      seat.pointerTarget(for: surface)?.deliver(
        touchFrame: [
          TouchPoint(
            id: touchID, phase: .cancel, location: location, timestamp: lastTime, type: .pointer,
            buttonMask: buttons)
        ])
    }
    buttons = []
    if let surface = focus {
      for button in [ButtonMask.secondary, .middle, .back, .forward] where deliveredButtons.contains(button) {
        seat.pointerTarget(for: surface)?.deliver(
          pointerButton: PointerButtonInput(
            button: button, phase: .up, location: location, timestamp: lastTime, buttonMask: []))
      }
      focus = nil
      seat.pointerTarget(for: surface)?.deliver(
        hover: HoverInput(phase: .exited, location: location, timestamp: lastTime, pointer: seat.number))
    }
    deliveredButtons = []
    moved = false
    scroll = ScrollAccumulator()
  }

  private func motion(time: UInt32, to point: Point) {
    lastTime = inputSeconds(time)
    location = point
    moved = true
    if !framed { frame() }
  }

  private func button(serial: UInt32, time: UInt32, code: UInt32, pressed: Bool) {
    latestButtonSerial = serial
    if pressed { latestPressSerial = serial }
    lastTime = inputSeconds(time)
    guard let button = Self.button(forCode: code) else { return }
    flushMotion()
    if pressed { buttons.insert(button) } else { buttons.remove(button) }
    guard button == .primary else {
      otherButton(button, pressed: pressed)
      return
    }
    if pressed, pressedSurface == nil, let surface = focus {
      guard let window = seat.pointerTarget(for: surface) else {
        seat.display.waylandWindow(for: surface)?.pressed(at: location)
        return
      }
      pressedSurface = surface
      primaryPressSerial = serial
      window.deliver(touchFrame: [point(.down)])
    } else if !pressed, let surface = pressedSurface {
      pressedSurface = nil
      seat.pointerTarget(for: surface)?.deliver(touchFrame: [point(.up)])
    }
  }

  /// A non-primary button: delivered unless the primary button's touch is live (then it only changes
  /// the mask); a release only when its press was delivered.
  private func otherButton(_ button: ButtonMask, pressed: Bool) {
    guard let surface = focus, let target = seat.pointerTarget(for: surface) else { return }
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
    seat.pointerTarget(for: surface)?.deliver(scroll: step)
  }

  private func flushMotion() {
    guard moved else { return }
    moved = false
    if let surface = pressedSurface {
      seat.pointerTarget(for: surface)?.deliver(touchFrame: [point(.motion)])
    } else if let surface = focus {
      seat.pointerTarget(for: surface)?.deliver(
        hover: HoverInput(
          phase: .moved, location: location, timestamp: lastTime, buttonMask: buttons, pointer: seat.number))
      updateCursor()
    }
  }

  private func point(_ phase: TouchPoint.Phase) -> TouchPoint {
    TouchPoint(
      id: touchID, phase: phase, location: location, timestamp: lastTime, type: .pointer, buttonMask: buttons)
  }

  private func axisEvent(time: UInt32, _ change: (inout ScrollAccumulator) -> Void) {
    if time != 0 { lastTime = inputSeconds(time) }
    change(&scroll)
    if !framed { frame() }
  }

  private static let listener = permanentListener(
    wl_pointer_listener(
      enter: { data, _, serial, surface, x, y in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let point = fixedPoint(x, y)
        withListenerTarget(data, PointerDevice.self) {
          if let recorder = $0.recorder {
            recorder.record(.pointerEnter(surface: recorder.number(of: surface), x: point.x, y: point.y))
          }
          $0.enter(serial: serial, surface: surface, at: point)
        }
      },
      leave: { data, _, _, _ in
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerLeave)
          $0.leave()
        }
      },
      motion: { data, _, time, x, y in
        let point = fixedPoint(x, y)
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerMotion(x: point.x, y: point.y), time: time)
          $0.motion(time: time, to: point)
        }
      },
      button: { data, _, serial, time, button, state in
        let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerButton(button: button, pressed: pressed), time: time)
          $0.button(serial: serial, time: time, code: button, pressed: pressed)
        }
      },
      axis: { data, _, time, axis, value in
        let vertical = axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        let value = wl_fixed_to_double(value)
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(
            .pointerAxis(axis: .init(vertical: vertical), value: value), time: time)
          $0.axisEvent(time: time) { $0.axis(vertical: vertical, value: value) }
        }
      },
      frame: { data, _ in
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerFrame)
          $0.frame()
        }
      },
      axis_source: { data, _, source in
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerAxisSource(source: source))
          $0.scroll.source(source)
        }
      },
      axis_stop: { data, _, time, axis in
        let vertical = axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerAxisStop(axis: .init(vertical: vertical)), time: time)
          $0.axisEvent(time: time) { $0.stop(vertical: vertical) }
        }
      },
      axis_discrete: { data, _, axis, steps in
        // Superseded by axis_value120 from v8 (never sent to v8 clients); below v8 each step is 120, so a
        // wheel scrolls in notches on every seat version (and the steps are recorded as value120).
        let vertical = axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        let value120 = steps.multipliedReportingOverflow(by: 120).partialValue
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(
            .pointerAxisValue120(axis: .init(vertical: vertical), value120: value120))
          $0.axisEvent(time: 0) { $0.axisValue120(vertical: vertical, value: value120) }
        }
      },
      axis_value120: { data, _, axis, value in
        let vertical = axis == WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue
        withListenerTarget(data, PointerDevice.self) {
          $0.recorder?.record(.pointerAxisValue120(axis: .init(vertical: vertical), value120: value))
          $0.axisEvent(time: 0) { $0.axisValue120(vertical: vertical, value: value) }
        }
      }))
}
