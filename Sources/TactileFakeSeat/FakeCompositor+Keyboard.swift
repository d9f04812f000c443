import CWaylandServer
import CWaylandServerProtocols

/// Keyboard injection. Key codes are evdev codes (xkb code − 8). The compositor keeps an xkb state, so a
/// key press that changes modifiers is followed by a `modifiers` event, as on real compositors.
extension FakeCompositor {
  /// Sends the keymap and `repeat_info` to a new keyboard, and `enter` if its client has its seat's
  /// focus.
  func sendKeyboardSetup(to keyboard: DeviceResource) {
    let seat = keyboard.seatState
    wl_keyboard_send_keymap(
      keyboard.resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, seat.keymap.fd, seat.keymap.size)
    if keyboard.version >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION {
      wl_keyboard_send_repeat_info(keyboard.resource, configuration.repeatRate, configuration.repeatDelay)
    }
    if let focus = seat.keyboardFocus, focus.client == keyboard.client {
      sendEnter(to: [keyboard], surface: focus, serial: nextSerial(), seat: seat)
    }
  }

  /// Gives the keyboard focus to a surface: `leave` to the old one, `enter` with the keys held down, then
  /// `modifiers`; on the first seat (which text input and the selections belong to) text inputs of the
  /// client get `enter` too, and its selection devices the current selections.
  ///
  /// - Returns: The serial of the `enter` event.
  /// - Throws: ``FakeSeatError/missingCapability(_:)`` or ``FakeSeatError/unknownSurface(id:)``.
  @discardableResult
  public func keyboardEnter(surface id: Int) throws -> UInt32 {
    try recording(
      surfaces[id] != nil && windows.last?.id == id ? "focus" : nil,
      kind: "keyboard focus to a window other than the topmost"
    ) {
      try require(.keyboard)
      guard let surface = surfaces[id] else {
        throw FakeSeatError.unknownSurface(id: id)
      }
      keyboardLeave()
      let serial = nextSerial()
      inputSeat.keyboardFocus = surface
      sendEnter(
        to: inputSeat.resources(inputSeat.keyboards, of: surface.client), surface: surface, serial: serial,
        seat: inputSeat)
      if inputSeat === seat {
        textInputFocusChanged(to: surface)
        offerSelections(to: surface.client)
      }
      keyboardFocusMoved()
      return serial
    }
  }

  private func sendEnter(to keyboards: [DeviceResource], surface: Surface, serial: UInt32, seat: SeatState) {
    var keys = wl_array()
    wl_array_init(&keys)
    defer { wl_array_release(&keys) }
    for key in seat.pressedKeys { wl_array_add(&keys, 4)!.storeBytes(of: key, as: UInt32.self) }
    let mods = seat.keymap.modifiers
    for keyboard in keyboards {
      wl_keyboard_send_enter(keyboard.resource, serial, surface.resource, &keys)
      wl_keyboard_send_modifiers(keyboard.resource, serial, mods.0, mods.1, mods.2, mods.3)
    }
  }

  /// Takes the keyboard focus away.
  ///
  /// - Returns: The serial of the `leave` event, or nil without a focus.
  @discardableResult
  public func keyboardLeave() -> UInt32? {
    recording(nil, kind: "keyboard focus taken away") {
      keyboardLeave(on: inputSeat)
    }
  }

  /// Takes the keyboard focus of `state` away.
  @discardableResult
  func keyboardLeave(on state: SeatState) -> UInt32? {
    guard let old = state.keyboardFocus else { return nil }
    let serial = nextSerial()
    for keyboard in state.resources(state.keyboards, of: old.client) {
      wl_keyboard_send_leave(keyboard.resource, serial, old.resource)
    }
    state.keyboardFocus = nil
    if state === seat { textInputFocusChanged(to: nil) }
    keyboardFocusMoved()
    return serial
  }

  /// Presses or releases a key on the focused surface (and updates the modifier state).
  ///
  /// - Returns: The serial of the `key` event.
  @discardableResult
  public func key(_ code: UInt32, pressed: Bool) throws -> UInt32 {
    try recording("key code \(code) \(pressed ? "down" : "up")") {
      try require(.keyboard)
      if pressed {
        if !inputSeat.pressedKeys.contains(code) { inputSeat.pressedKeys.append(code) }
      } else {
        inputSeat.pressedKeys.removeAll { $0 == code }
      }
      let serial = nextSerial()
      let time = eventTime
      let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
      for keyboard in focusedKeyboards() {
        sendInputTimestamp(to: keyboard, nanoseconds: time.nanoseconds)
        wl_keyboard_send_key(keyboard.resource, serial, time.milliseconds, code, state.rawValue)
      }
      if inputSeat.keymap.update(key: code, pressed: pressed) { sendModifiers() }
      return serial
    }
  }

  /// Sends the current xkb modifier state (`modifiers`) to the focused client.
  ///
  /// - Returns: The serial of the event.
  @discardableResult
  public func sendModifiers() -> UInt32 {
    let serial = nextSerial()
    let mods = inputSeat.keymap.modifiers
    for keyboard in focusedKeyboards() {
      wl_keyboard_send_modifiers(keyboard.resource, serial, mods.0, mods.1, mods.2, mods.3)
    }
    return serial
  }

  /// Sends explicit modifier masks (`modifiers`), bypassing the xkb state.
  @discardableResult
  public func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) throws -> UInt32 {
    try recording(nil, kind: "explicit modifier masks") {
      try require(.keyboard)
      let serial = nextSerial()
      for keyboard in focusedKeyboards() {
        wl_keyboard_send_modifiers(keyboard.resource, serial, depressed, latched, locked, group)
      }
      return serial
    }
  }

  /// Changes `repeat_info` and sends it to every keyboard (v4+).
  public func setRepeatInfo(rate: Int32, delay: Int32) {
    configuration.repeatRate = rate
    configuration.repeatDelay = delay
    for keyboard in inputSeat.keyboards where keyboard.version >= WL_KEYBOARD_REPEAT_INFO_SINCE_VERSION {
      wl_keyboard_send_repeat_info(keyboard.resource, rate, delay)
    }
  }

  /// Compiles a new keymap (xkb layout name, e.g. "de") and sends it to every keyboard, at any time.
  ///
  /// - Throws: ``FakeSeatError/keymapCompilationFailed(layout:)``.
  public func setKeyboardLayout(_ layout: String) throws {
    let keymap = try Keymap(layout: layout)
    inputSeat.keymap = keymap
    configuration.keyboardLayout = layout
    for keyboard in inputSeat.keyboards {
      wl_keyboard_send_keymap(
        keyboard.resource, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, keymap.fd, keymap.size)
    }
  }

  /// Types text with key presses (Shift held where the keymap needs it).
  ///
  /// - Returns: The serials of the key events, in order.
  /// - Throws: ``FakeSeatError/noKeyForCharacter(_:)`` before sending anything, if a character has no key.
  @discardableResult
  public func type(_ text: String) throws -> [UInt32] {
    let keys = try text.map { character in
      guard let key = inputSeat.keymap.key(for: character) else {
        throw FakeSeatError.noKeyForCharacter(character)
      }
      return key
    }
    var serials: [UInt32] = []
    for key in keys {
      serials += try press(code: key.code, shifted: key.shifted)
    }
    return serials
  }

  /// Presses and releases a key by its xkb name (`Return`, `a`, `F1`), with Shift if the keymap needs it.
  ///
  /// - Returns: The serials of the key events.
  @discardableResult
  public func press(keyNamed name: String) throws -> [UInt32] {
    guard let key = inputSeat.keymap.key(named: name) else { throw FakeSeatError.unknownKeyName(name) }
    return try press(code: key.code, shifted: key.shifted)
  }

  /// The evdev code of a key by xkb name, for held keys and chords in scripts.
  public func keyCode(named name: String) throws -> UInt32 {
    guard let key = inputSeat.keymap.key(named: name) else { throw FakeSeatError.unknownKeyName(name) }
    return key.code
  }

  private func press(code: UInt32, shifted: Bool) throws -> [UInt32] {
    let shift: UInt32 = 42  // KEY_LEFTSHIFT
    var serials: [UInt32] = []
    if shifted { serials.append(try key(shift, pressed: true)) }
    serials.append(try key(code, pressed: true))
    serials.append(try key(code, pressed: false))
    if shifted { serials.append(try key(shift, pressed: false)) }
    return serials
  }

  private func focusedKeyboards() -> [DeviceResource] {
    guard let focus = inputSeat.keyboardFocus else { return [] }
    return inputSeat.resources(inputSeat.keyboards, of: focus.client)
  }
}
