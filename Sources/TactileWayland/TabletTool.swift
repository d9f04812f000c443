import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// One `zwp_tablet_tool_v2` of a seat: its events, grouped by `frame`, become a pencil's hover
/// (``TactileCore/HoverInput``) and, while its tip touches, one ``TactileCore/Touch/TouchType/pencil``
/// touch (``TactileCore/TouchPoint``), for the window of the surface it is in proximity of.
///
/// A frame is one change: `proximity_in` begins a hover (and palm rejection, ``TabletDevice``), `down`
/// ends the hover and begins the touch at the frame's location with the frame's axes (`PencilAxes`
/// converts them), `motion` and axes move the touch or the hover, `up` ends the touch and hovers again,
/// `proximity_out` ends the hover. Events of a dispatch that no `frame` ended are handled at the end of
/// that dispatch, as for touch.
///
/// Bad input has one outcome each, and every touch that began is ended or cancelled exactly once:
/// - events before any `proximity_in` (motion, axes, `down`, `up`) are ignored;
/// - a `down` while down and an `up` while up are ignored;
/// - pressure and distance beyond 65535 count as 65535; non-finite tilt and rotation are ignored;
/// - `proximity_out` while down, `proximity_in` to another surface while in proximity, the tablet the
///   tool is on being removed, the tool being removed, and the seat losing the tablet cancel the touch
///   (and end the hover);
/// - the window's surface going away forgets the contact (the window cancels its own touches).
///
/// The mouse and lens tools, and the finger tool, make no touches (not done: they would be pointers).
@MainActor
final class TabletTool {
  /// One event waiting for the frame.
  private enum Pending {
    case proximityIn(surface: ProxyKey, tablet: ProxyKey?, serial: UInt32)
    case proximityOut, down, up
    case motion(Point)
    case pressure(UInt32)
    case distance(UInt32)
    case tilt(x: Double, y: Double)
    case rotation(Double)
    case button(code: UInt32, pressed: Bool)
  }

  unowned let device: TabletDevice
  let proxy: OpaquePointer
  /// The tool's number among the seat's tools (its core touch id and hover pointer come from it).
  let number: Int
  private let cursor: PointerCursor
  /// The core tool, once `type` named one this adapter turns into touches.
  private var tool: PencilTool?
  /// The tool's `type`, for the input trace.
  private var wireType: UInt32?
  /// The surface the tool is in proximity of, the tablet it is on, and the `proximity_in` serial.
  private(set) var proximity: (surface: ProxyKey, tablet: ProxyKey?, serial: UInt32)?
  /// Whether a touch is live in the core.
  private var isDown = false
  private var location = Point.zero
  private var buttons: ButtonMask = []
  private var force: Double?
  private var zOffset: Double?
  private var altitude: Double?
  private var azimuth: Double?
  private var roll: Double?
  private var pending: [Pending] = []
  private var lastTime = 0.0
  private var flushTimer: TimerToken?

  init(device: TabletDevice, proxy: OpaquePointer, number: Int, display: WaylandDisplay) {
    self.device = device
    self.proxy = proxy
    self.number = number
    cursor = PointerCursor(display: display)
    zwp_tablet_tool_v2_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    flushTimer?.cancel()
    zwp_tablet_tool_v2_destroy(proxy)
  }

  /// The core id of the tool's touch.
  private var touchID: Int {
    TouchFrameAssembler.coreIdentifier(seat: device.seat.number, kind: 2, id: Int32(number))
  }

  /// The tool's hover pointer number: negative, so it never meets a seat's pointer number.
  private var pointerNumber: Int { -(device.seat.number * 1024 + number + 1) }

  /// Ends the contact now (the tool or its tablet was removed, the seat lost the tablet): cancels the
  /// touch, ends the hover, drops what waits for a frame.
  func finish() {
    pending = []
    endContact()
  }

  /// Whether the tool is in proximity of `surface`.
  func isNear(_ surface: ProxyKey) -> Bool { proximity?.surface == surface }

  /// `surface` is going away: forgets the contact without delivering (the window ends its touches).
  func surfaceWillClose(_ surface: ProxyKey) {
    guard proximity?.surface == surface else { return }
    proximity = nil
    isDown = false
    cursor.reset()
  }

  private func receive(_ event: Pending) {
    record(event)
    pending.append(event)
    guard flushTimer == nil else { return }
    let scheduler = device.seat.scheduler
    flushTimer = scheduler.schedule(at: scheduler.now) { [weak self] in
      guard let self else { return }
      self.flushTimer = nil
      self.frame()
    }
  }

  /// Appends an event to the display's input trace, when it records (``TactileTrace/TabletToolEvent``).
  private func record(_ event: Pending, time: UInt32? = nil) {
    guard let wireType else { return }
    let traced: TabletToolEvent =
      switch event {
      case .proximityIn(let surface, _, _): .proximityIn(surface: device.seat.surfaceNumber(of: surface))
      case .proximityOut: .proximityOut
      case .down: .down
      case .up: .up
      case .motion(let point): .motion(x: point.x, y: point.y)
      case .pressure(let value): .pressure(value)
      case .distance(let value): .distance(value)
      case .tilt(let x, let y): .tilt(x: x, y: y)
      case .rotation(let degrees): .rotation(degrees: degrees)
      case .button(let code, let pressed): .button(code: code, pressed: pressed)
      }
    device.seat.record(.tabletTool(type: wireType, event: traced), time: time)
  }

  /// `frame`, or the end of a dispatch without one: applies what is pending as one change.
  private func frame(time: UInt32? = nil) {
    if let time {
      lastTime = inputSeconds(time)
      if let wireType { device.seat.record(.tabletTool(type: wireType, event: .frame), time: time) }
    }
    flushTimer?.cancel()
    flushTimer = nil
    let events = pending
    pending = []
    var entered = false
    var changed = false
    var down = false
    var up = false
    var out = false
    for event in events {
      switch event {
      case .proximityIn(let surface, let tablet, let serial):
        if proximity != nil { endContact() }
        proximity = (surface, tablet, serial)
        entered = true
      case .proximityOut where proximity != nil: out = true
      case .down where proximity != nil && !isDown: down = true
      case .up where isDown || down: up = true
      case .motion(let point) where proximity != nil:
        location = point
        changed = true
      case .pressure(let value) where proximity != nil:
        force = PencilAxes.force(pressure: value)
        changed = true
      case .distance(let value) where proximity != nil:
        zOffset = PencilAxes.zOffset(distance: value)
        changed = true
      case .tilt(let x, let y) where proximity != nil:
        if let angles = PencilAxes.angles(tiltX: x, tiltY: y) {
          (altitude, azimuth) = (angles.altitude, angles.azimuth)
          changed = true
        }
      case .rotation(let degrees) where proximity != nil:
        if let value = PencilAxes.roll(degrees: degrees) {
          roll = value
          changed = true
        }
      case .button(let code, let pressed) where proximity != nil:
        guard let button = PencilAxes.button(code: code) else { continue }
        if pressed { buttons.insert(button) } else { buttons.remove(button) }
        changed = true
      default: continue
      }
    }
    guard let surface = proximity?.surface, tool != nil else { return }
    if entered {
      device.pencilCameNear(surface)
      hover(.entered)
    }
    if down {
      hover(.exited)
      isDown = true
      touch(.down)
    } else if isDown, changed {
      touch(.motion)
    } else if !isDown, changed, !entered {
      hover(.moved)
    }
    if up {
      isDown = false
      touch(.up)
      if !out { hover(.entered) }
    }
    if out {
      endContact()
    } else if !isDown {
      updateCursor()
    }
  }

  /// Cancels a live touch and ends the hover; the tool is out of proximity afterwards.
  private func endContact() {
    guard proximity != nil else { return }
    if isDown {
      isDown = false
      touch(.cancel)
    } else {
      hover(.exited)
    }
    proximity = nil
    cursor.reset()
  }

  private func touch(_ phase: TouchPoint.Phase) {
    guard let surface = proximity?.surface, let target = device.seat.pointerTarget(for: surface) else {
      return
    }
    device.seat.inputArrived(on: surface, at: lastTime)
    target.deliver(
      touchFrame: [
        TouchPoint(
          id: touchID, phase: phase, location: location, timestamp: lastTime, type: .pencil, force: force,
          buttonMask: buttons, pencilTool: tool, altitudeAngle: altitude, azimuthAngle: azimuth,
          rollAngle: roll)
      ])
  }

  private func hover(_ phase: HoverInput.Phase) {
    guard let surface = proximity?.surface, let target = device.seat.pointerTarget(for: surface) else {
      return
    }
    target.deliver(
      hover: HoverInput(
        phase: phase, location: location, timestamp: lastTime, buttonMask: buttons, pointer: pointerNumber,
        zOffset: zOffset, altitudeAngle: altitude, azimuthAngle: azimuth))
  }

  /// Shows the cursor of the view under the tool (`set_cursor` with the `proximity_in` serial).
  private func updateCursor() {
    guard let (surface, _, serial) = proximity, let scale = device.seat.cursorScale(on: surface),
      let target = device.seat.pointerTarget(for: surface)
    else { return }
    let proxy = self.proxy
    cursor.show(target.cursorStyle(at: location), scale: scale, serial: serial) {
      zwp_tablet_tool_v2_set_cursor(proxy, serial, $0, $1, $2)
    }
  }

  private static let listener = permanentListener(
    zwp_tablet_tool_v2_listener(
      type: { data, _, type in
        withListenerTarget(data, TabletTool.self) {
          $0.tool = PencilAxes.tool(type: type)
          $0.wireType = type
        }
      },
      hardware_serial: { _, _, _, _ in },
      hardware_id_wacom: { _, _, _, _ in },
      capability: { _, _, _ in },
      done: { _, _ in },
      removed: { data, _ in
        withListenerTarget(data, TabletTool.self) { $0.device.toolRemoved($0) }
      },
      proximity_in: { data, _, serial, tablet, surface in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let tablet = tablet.map(ProxyKey.init)
        withListenerTarget(data, TabletTool.self) {
          $0.receive(.proximityIn(surface: surface, tablet: tablet, serial: serial))
        }
      },
      proximity_out: { data, _ in withListenerTarget(data, TabletTool.self) { $0.receive(.proximityOut) } },
      down: { data, _, _ in withListenerTarget(data, TabletTool.self) { $0.receive(.down) } },
      up: { data, _ in withListenerTarget(data, TabletTool.self) { $0.receive(.up) } },
      motion: { data, _, x, y in
        let point = fixedPoint(x, y)
        withListenerTarget(data, TabletTool.self) { $0.receive(.motion(point)) }
      },
      pressure: { data, _, value in withListenerTarget(data, TabletTool.self) { $0.receive(.pressure(value)) }
      },
      distance: { data, _, value in withListenerTarget(data, TabletTool.self) { $0.receive(.distance(value)) }
      },
      tilt: { data, _, x, y in
        let (x, y) = (wl_fixed_to_double(x), wl_fixed_to_double(y))
        withListenerTarget(data, TabletTool.self) { $0.receive(.tilt(x: x, y: y)) }
      },
      rotation: { data, _, degrees in
        let value = wl_fixed_to_double(degrees)
        withListenerTarget(data, TabletTool.self) { $0.receive(.rotation(value)) }
      },
      slider: { _, _, _ in },
      wheel: { _, _, _, _ in },
      button: { data, _, _, button, state in
        let pressed = state == ZWP_TABLET_TOOL_V2_BUTTON_STATE_PRESSED.rawValue
        withListenerTarget(data, TabletTool.self) { $0.receive(.button(code: button, pressed: pressed)) }
      },
      frame: { data, _, time in withListenerTarget(data, TabletTool.self) { $0.frame(time: time) } }))
}
