import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore
import TactileTrace

/// A seat's `wl_keyboard`: keymap, modifiers, focus, key strokes to the focused window's first
/// responder, and key repeat.
///
/// - Each wire event but the keymap is decoded once into an ``TactileTrace/InputEvent``, recorded, and
///   applied (``apply(_:time:serial:)``).
/// - The keymap may be replaced at any time, even while keys are held; held keys stay held and decode
///   with the new keymap from then on. A keymap that cannot be used disables the keyboard (keys are
///   ignored) with one error reported through ``WaylandDisplay/onInputError``, until a usable one comes.
/// - Keys already down at `enter` are state only: they are never delivered as presses, and their release
///   is not delivered either.
/// - Media keys become remote-control events (``KeyCommands``); Ctrl+X/C/V/A/Z reach the core as keys,
///   which its window sends as edit actions through the responder chain.
/// - `leave` cancels this keyboard's held presses (not another seat's) and stops repeat.
/// - Key strokes carry the seat's number as their keyboard: the same key held on two seats is two
///   presses, both to the one first responder; each seat has its own keymap, modifiers and repeat.
@MainActor
final class KeyboardDevice: InputDevice {
  unowned let route: any InputRoute
  /// The `wl_keyboard`, nil for a device fed decoded events without a wire.
  private let proxy: Proxy<WlKeyboard>?
  /// The seat's version, kept for the deinit (which may run while the seat itself is being destroyed,
  /// when it must not be read).
  private let seatVersion: UInt32
  private(set) var keymap: XKBKeymap?
  private(set) var focus: ProxyKey?
  /// Every key down, delivered or held at `enter`.
  private(set) var heldKeys: Set<UInt32> = []
  /// The keys whose `down` reached the core.
  private var deliveredKeys: Set<UInt32> = []
  let repeater = KeyRepeater()
  private(set) var latestSerial: UInt32 = 0
  /// The nanosecond times of the `wl_keyboard`'s keys, when the compositor offers them.
  private var timestamps: InputTimestamps?

  /// - Parameters:
  ///   - route: Where the keys go.
  ///   - seat: The `wl_seat` to get the `wl_keyboard` of, and its version; nil for a device without a
  ///     wire (its keymap comes from ``receiveKeymap(format:fd:size:)``).
  ///   - timestampsManager: The `zwp_input_timestamps_manager_v1` to subscribe the `wl_keyboard` to
  ///     nanosecond times with, when the compositor offers it.
  init(
    route: any InputRoute, seat: (proxy: Proxy<WlSeat>, version: UInt32)?,
    timestampsManager: OpaquePointer? = nil
  ) {
    self.route = route
    seatVersion = seat?.version ?? 0
    proxy = seat.map { Proxy(wl_seat_get_keyboard($0.proxy.raw)) }
    guard let proxy else { return }
    wl_keyboard_add_listener(proxy.raw, Self.listener, listenerData(self))
    timestamps = timestampsManager.map { InputTimestamps(manager: $0, device: .keyboard(proxy)) }
  }

  isolated deinit {
    timestamps = nil
    guard let proxy else { return }
    if seatVersion >= 3 { wl_keyboard_release(proxy.raw) } else { wl_keyboard_destroy(proxy.raw) }
  }

  /// The capability is gone.
  func finish() {
    leave()
  }

  func surfaceWillClose(_ surface: ProxyKey) {
    if focus == surface { leave() }
  }

  private var window: Window? { focus.flatMap { route.window(for: $0) } }

  /// Takes a new keymap (closing `fd`), or disables the keyboard with one reported error.
  ///
  /// The keymap is the one `wl_keyboard` event that is not an ``TactileTrace/InputEvent``: it carries a
  /// file descriptor, and traces do not keep keymaps (a replay uses the replaying compositor's).
  func receiveKeymap(format: UInt32, fd: Int32, size: UInt32) {
    defer { close(fd) }
    do {
      guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
        throw SeatError.unsupportedKeymapFormat(format: format)
      }
      keymap = try XKBKeymap(fd: fd, size: size, locale: Self.locale)
    } catch {
      keymap = nil
      repeater.stop()
      route.reportInputError(error)
    }
  }

  /// The locale for compose sequences: the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set, else "C".
  static var locale: String {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
    }
    return "C"
  }

  func apply(_ event: InputEvent, time: UInt32?, serial: UInt32) {
    switch event {
    case .keyboardEnter(let number, let keys):
      latestSerial = serial
      guard let surface = route.surface(numbered: number) else { return }
      enter(surface: surface, keys: keys)
    case .keyboardLeave: leave()
    case .key(let code, let pressed):
      let timestamp = timestamps?.seconds(forMilliseconds: time ?? 0) ?? inputSeconds(time ?? 0)
      key(serial: serial, timestamp: timestamp, code: code, pressed: pressed)
    case .modifiers(let depressed, let latched, let locked, let group):
      keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    case .repeatInfo(let rate, let delay): repeater.info = .init(rate: rate, delay: delay)
    default: return
    }
  }

  private func enter(surface: ProxyKey, keys: [UInt32]) {
    focus = surface
    heldKeys = Set(keys)
    deliveredKeys = []
  }

  private func leave() {
    repeater.stop()
    if let window, !deliveredKeys.isEmpty {
      window.cancelAllPresses(timestamp: 0, keyboard: route.seatNumber)
    }
    focus = nil
    heldKeys = []
    deliveredKeys = []
  }

  /// A key went down or up at `timestamp` (seconds on the input clock); a stroke that reaches the window
  /// is input its next frame answers.
  private func key(serial: UInt32, timestamp: Double, code: UInt32, pressed: Bool) {
    latestSerial = serial
    guard let keymap, let window, let focus else { return }
    if pressed || deliveredKeys.contains(code) { route.inputArrived(on: focus, at: timestamp) }
    if pressed {
      heldKeys.insert(code)
      deliveredKeys.insert(code)
      let decoded = keymap.key(code, compose: true)
      KeyCommands.press(decoded, timestamp: timestamp, keyboard: route.seatNumber, in: window)
      guard keymap.repeats(code) else { return }
      repeater.start(key: code, on: window.application.scheduler) { [weak self] elapsed in
        self?.repeatKey(code, timestamp: timestamp + elapsed)
      }
    } else {
      heldKeys.remove(code)
      repeater.stop(key: code)
      guard deliveredKeys.remove(code) != nil else { return }
      KeyCommands.release(
        keymap.key(code, compose: false), timestamp: timestamp, keyboard: route.seatNumber, in: window)
    }
  }

  private func repeatKey(_ code: UInt32, timestamp: Double) {
    guard let keymap, let window else { return }
    window.deliver(
      key: KeyStroke(
        phase: .repeat, key: keymap.key(code, compose: false), timestamp: timestamp,
        keyboard: route.seatNumber))
  }

  private static let listener = permanentListener(
    wl_keyboard_listener(
      keymap: { data, _, format, fd, size in
        withListenerTarget(data, KeyboardDevice.self) { $0.receiveKeymap(format: format, fd: fd, size: size) }
      },
      enter: { data, _, serial, surface, keys in
        guard let surface = surface.map(ProxyKey.init) else { return }
        let codes = keys.map(uint32s) ?? []
        withListenerTarget(data, KeyboardDevice.self) {
          $0.receive(
            .keyboardEnter(surface: $0.route.surfaceNumber(of: surface), keys: codes), serial: serial)
        }
      },
      leave: { data, _, _, _ in
        withListenerTarget(data, KeyboardDevice.self) { $0.receive(.keyboardLeave) }
      },
      key: { data, _, serial, time, key, state in
        let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
        withListenerTarget(data, KeyboardDevice.self) {
          $0.receive(.key(code: key, pressed: pressed), time: time, serial: serial)
        }
      },
      modifiers: { data, _, _, depressed, latched, locked, group in
        withListenerTarget(data, KeyboardDevice.self) {
          $0.receive(.modifiers(depressed: depressed, latched: latched, locked: locked, group: group))
        }
      },
      repeat_info: { data, _, rate, delay in
        withListenerTarget(data, KeyboardDevice.self) { $0.receive(.repeatInfo(rate: rate, delay: delay)) }
      }))
}

/// The `uint32` elements of a `wl_array`.
func uint32s(_ array: UnsafeMutablePointer<wl_array>) -> [UInt32] {
  let count = array.pointee.size / MemoryLayout<UInt32>.size
  guard count > 0, let base = array.pointee.data else { return [] }
  return Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count))
}
