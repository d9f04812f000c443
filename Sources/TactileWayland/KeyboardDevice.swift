import CWaylandClient
import CWaylandProtocols
import Glibc
import TactileCore
import TactileTrace

/// A seat's `wl_keyboard`: keymap, modifiers, focus, key strokes to the focused window's first
/// responder, and key repeat.
///
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
final class KeyboardDevice {
  private unowned let seat: Seat
  /// The display's input recorder, if it records.
  private var recorder: InputRecorder? { seat.display.recorder }
  private let proxy: OpaquePointer
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

  init(seat: Seat) {
    self.seat = seat
    proxy = wl_seat_get_keyboard(seat.proxy)
    seatVersion = seat.version
    wl_keyboard_add_listener(proxy, Self.listener, listenerData(self))
  }

  isolated deinit {
    if seatVersion >= 3 { wl_keyboard_release(proxy) } else { wl_keyboard_destroy(proxy) }
  }

  /// The capability is gone.
  func finish() {
    leave()
  }

  func surfaceWillClose(_ surface: ProxyKey) {
    if focus == surface { leave() }
  }

  private var window: Window? { focus.flatMap { seat.window(for: $0) } }

  /// Takes a new keymap (closing `fd`), or disables the keyboard with one reported error.
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
      seat.display.reportInputError(error)
    }
  }

  /// The locale for compose sequences: the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set, else "C".
  static var locale: String {
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty { return value }
    }
    return "C"
  }

  private func enter(serial: UInt32, surface: ProxyKey, keys: [UInt32]) {
    latestSerial = serial
    focus = surface
    heldKeys = Set(keys)
    deliveredKeys = []
  }

  private func leave() {
    repeater.stop()
    if let window, !deliveredKeys.isEmpty { window.cancelAllPresses(timestamp: 0, keyboard: seat.number) }
    focus = nil
    heldKeys = []
    deliveredKeys = []
  }

  private func key(serial: UInt32, time: UInt32, code: UInt32, pressed: Bool) {
    latestSerial = serial
    let timestamp = inputSeconds(time)
    guard let keymap, let window else { return }
    if pressed {
      heldKeys.insert(code)
      deliveredKeys.insert(code)
      let decoded = keymap.key(code, compose: true)
      KeyCommands.press(decoded, timestamp: timestamp, keyboard: seat.number, in: window)
      guard keymap.repeats(code) else { return }
      repeater.start(key: code, on: window.application.scheduler) { [weak self] elapsed in
        self?.repeatKey(code, timestamp: timestamp + elapsed)
      }
    } else {
      heldKeys.remove(code)
      repeater.stop(key: code)
      guard deliveredKeys.remove(code) != nil else { return }
      KeyCommands.release(
        keymap.key(code, compose: false), timestamp: timestamp, keyboard: seat.number, in: window)
    }
  }

  private func repeatKey(_ code: UInt32, timestamp: Double) {
    guard let keymap, let window else { return }
    window.deliver(
      key: KeyStroke(
        phase: .repeat, key: keymap.key(code, compose: false), timestamp: timestamp, keyboard: seat.number))
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
          if let recorder = $0.recorder {
            recorder.record(.keyboardEnter(surface: recorder.number(of: surface), keys: codes))
          }
          $0.enter(serial: serial, surface: surface, keys: codes)
        }
      },
      leave: { data, _, _, _ in
        withListenerTarget(data, KeyboardDevice.self) {
          $0.recorder?.record(.keyboardLeave)
          $0.leave()
        }
      },
      key: { data, _, serial, time, key, state in
        let pressed = state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue
        withListenerTarget(data, KeyboardDevice.self) {
          $0.recorder?.record(.key(code: key, pressed: pressed), time: time)
          $0.key(serial: serial, time: time, code: key, pressed: pressed)
        }
      },
      modifiers: { data, _, _, depressed, latched, locked, group in
        withListenerTarget(data, KeyboardDevice.self) {
          $0.recorder?.record(
            .modifiers(depressed: depressed, latched: latched, locked: locked, group: group))
          $0.keymap?.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        }
      },
      repeat_info: { data, _, rate, delay in
        withListenerTarget(data, KeyboardDevice.self) {
          $0.recorder?.record(.repeatInfo(rate: rate, delay: delay))
          $0.repeater.info = .init(rate: rate, delay: delay)
        }
      }))
}

/// The `uint32` elements of a `wl_array`.
func uint32s(_ array: UnsafeMutablePointer<wl_array>) -> [UInt32] {
  let count = array.pointee.size / MemoryLayout<UInt32>.size
  guard count > 0, let base = array.pointee.data else { return [] }
  return Array(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count))
}
