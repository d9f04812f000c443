import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry
import TactileTrace

/// One `wl_seat`: its touch, pointer and keyboard, turned into the core's plain-value input for the
/// ``TactileCore/Window`` shown on the surface each event names.
///
/// Seats are independent (several may exist): each has its own touch points, pointer focus and keyboard
/// focus; touch ids are made unique across seats (``TouchFrameAssembler/coreIdentifier(seat:kind:id:)``),
/// and key strokes and hover carry the seat's number as their keyboard and pointer, so the same id or key
/// on two seats never collides and each pointer hovers its own view. Keys of every seat go to the window's one first responder (UIKit has one); keymap,
/// modifiers, held keys and repeat are per seat; the selections are set and read on the seat of the
/// latest input. The devices come and go with `capabilities`; losing one finalizes what it held (live touches
/// cancelled, the pointer's press cancelled, held keys cancelled and repeat stopped), and so does the
/// seat's global going away (``finishDevices()``).
///
/// The rejected alternative, one global input object for all seats, mixes the touch ids and focus of
/// different seats and cannot cancel one seat's touches without the others'.
@MainActor
final class Seat: InputRoute {
  let globalName: UInt32
  let proxy: OpaquePointer
  let version: UInt32
  /// The seat's `name` event, when sent (seat v2+).
  private(set) var name: String?
  unowned let display: WaylandDisplay
  private(set) var touch: TouchDevice?
  private(set) var pointer: PointerDevice?
  private(set) var keyboard: KeyboardDevice?
  /// Text input for on-screen keyboards, when the compositor offers it.
  private(set) var textInput: TextInputBridge?
  /// The seat's tablets and pens, when the compositor offers tablet-v2.
  private(set) var tablet: TabletDevice?
  /// The clipboard's data device, when the compositor offers `wl_data_device_manager`.
  private var clipboardDevice: SelectionDevice?
  /// The primary selection's device, when the compositor offers it.
  private var primaryDevice: SelectionDevice?

  init(globalName: UInt32, proxy: OpaquePointer, version: UInt32, display: WaylandDisplay) {
    self.globalName = globalName
    self.proxy = proxy
    self.version = version
    self.display = display
    wl_seat_add_listener(proxy, Self.listener, listenerData(self))
    textInput = display.textInputManager.map { TextInputBridge(manager: $0, seat: self) }
    tablet = display.tabletManager.map { TabletDevice(manager: $0, seat: self) }
    clipboardDevice = display.selectionManager(.clipboard).map {
      SelectionDevice(kind: .clipboard, manager: $0, seat: proxy, connection: display.connection)
    }
    clipboardDevice?.dropTarget = display.dropTarget
    primaryDevice = display.selectionManager(.primary).map {
      SelectionDevice(kind: .primary, manager: $0, seat: proxy, connection: display.connection)
    }
  }

  /// Releases the devices without finishing them: the seat goes away with its display (or its global),
  /// and windows get no more input from it.
  isolated deinit {
    clipboardDevice = nil
    primaryDevice = nil
    textInput = nil
    tablet = nil
    touch = nil
    pointer = nil
    keyboard = nil
    if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
  }

  /// The seat's device for the clipboard or the primary selection, if the compositor offers it.
  func selectionDevice(_ kind: SelectionKind) -> SelectionDevice? {
    kind == .clipboard ? clipboardDevice : primaryDevice
  }

  /// The seat's number in core touch ids.
  var number: Int { Int(globalName) }

  var seatNumber: Int { number }

  var scheduler: any Scheduler { display.loop }

  func surfaceNumber(of surface: ProxyKey) -> Int {
    display.inputSurfaces.number(of: surface)
  }

  func surface(numbered number: Int) -> ProxyKey? {
    display.inputSurfaces.surface(numbered: number)
  }

  func pressWithoutWindow(on surface: ProxyKey, at location: Point) {
    display.waylandWindow(for: surface)?.pressed(at: location)
  }

  func inputArrived(on surface: ProxyKey, at time: Double) {
    display.waylandWindow(for: surface)?.inputArrived(at: time)
  }

  func cursorScale(on surface: ProxyKey) -> Int? {
    display.waylandWindow(for: surface).map { Int($0.scale.factor.rounded(.up)) }
  }

  func record(_ event: InputEvent, time: UInt32?) {
    display.recorder?.record(event, time: time)
  }

  func reportInputError(_ error: any Error) {
    display.reportInputError(error)
  }

  func rejectsFingers(on surface: ProxyKey) -> Bool {
    tablet?.rejectsFingers(on: surface) ?? false
  }

  func touchLifted(downSerial: UInt32) {
    display.touchLifted(downSerial: downSerial)
  }

  /// The core window shown on `surface`, if it is one of ours (keys go to it).
  func window(for surface: ProxyKey) -> Window? {
    display.coreWindow(for: surface)
  }

  /// Where touch and pointer input on `surface` goes: its client-side frame when it has one (which
  /// routes to the window), else its core window.
  func pointerTarget(for surface: ProxyKey) -> (any PointerInputTarget)? {
    guard let window = display.waylandWindow(for: surface) else { return nil }
    return window.clientFrame ?? window.content
  }

  /// A surface is going away: finalize what this seat holds on it.
  func surfaceWillClose(_ surface: ProxyKey) {
    touch?.surfaceWillClose(surface)
    tablet?.surfaceWillClose(surface)
    pointer?.surfaceWillClose(surface)
    keyboard?.surfaceWillClose(surface)
  }

  /// The seat's global was withdrawn or the connection broke: finalizes what the devices hold (live
  /// touches cancelled, the pointer's press cancelled and its buttons released, held keys cancelled),
  /// since no `up` or `leave` can come any more.
  func finishDevices() {
    touch?.finish()
    tablet?.finish()
    pointer?.finish()
    keyboard?.finish()
  }

  /// The serial of the latest input event of this seat (for `set_selection` and friends).
  var latestSerial: UInt32 {
    max(touch?.latestSerial ?? 0, pointer?.latestButtonSerial ?? 0, keyboard?.latestSerial ?? 0)
  }

  /// The serial of the latest touch down or button press of this seat (popup grabs, moves, resizes).
  var latestPressSerial: UInt32 {
    max(touch?.latestDownSerial ?? 0, pointer?.latestPressSerial ?? 0)
  }

  /// The serial of the touch down or button press that started the point with core id `id`, while it
  /// is down (moves and resizes name it).
  func pressSerial(ofPoint id: Int) -> UInt32? {
    touch?.downSerial(ofPoint: id) ?? pointer?.pressSerial(ofPoint: id)
  }

  private func setCapabilities(_ capabilities: UInt32) {
    let has = { (bit: wl_seat_capability) in capabilities & bit.rawValue != 0 }
    let wire = (proxy: Proxy<WlSeat>(proxy), version: version)
    if has(WL_SEAT_CAPABILITY_TOUCH), touch == nil {
      touch = TouchDevice(route: self, seat: wire, timestampsManager: display.inputTimestampsManager)
    } else if !has(WL_SEAT_CAPABILITY_TOUCH), let old = touch {
      old.finish()
      touch = nil
    }
    if has(WL_SEAT_CAPABILITY_POINTER), pointer == nil {
      pointer = PointerDevice(route: self, seatVersion: version, wire: (display, wire.proxy))
    } else if !has(WL_SEAT_CAPABILITY_POINTER), let old = pointer {
      old.finish()
      pointer = nil
    }
    if has(WL_SEAT_CAPABILITY_KEYBOARD), keyboard == nil {
      keyboard = KeyboardDevice(route: self, seat: wire, timestampsManager: display.inputTimestampsManager)
    } else if !has(WL_SEAT_CAPABILITY_KEYBOARD), let old = keyboard {
      old.finish()
      keyboard = nil
    }
  }

  private static let listener = permanentListener(
    wl_seat_listener(
      capabilities: { data, _, capabilities in
        withListenerTarget(data, Seat.self) { $0.setCapabilities(capabilities) }
      },
      name: { data, _, name in
        let text = name.map { String(cString: $0) }
        withListenerTarget(data, Seat.self) { $0.name = text }
      }))
}

/// Seconds on the input clock from a `wl_*` event's millisecond timestamp.
func inputSeconds(_ milliseconds: UInt32) -> Double {
  Double(milliseconds) / 1000
}

/// A surface-local position from two `wl_fixed_t` values.
func fixedPoint(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
  Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
}
