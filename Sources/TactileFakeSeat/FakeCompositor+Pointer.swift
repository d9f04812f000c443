import CWaylandServer
import CWaylandServerProtocols

/// Pointer injection. Events from version 5 on belong in frames: call ``pointerFrame()`` after each group.
extension FakeCompositor {
  /// Moves the pointer; when the surface under it changes, sends `leave` to the old and `enter` to the new
  /// surface first.
  ///
  /// - Returns: The serial of the `enter` this motion caused, or nil if the focus did not change.
  /// - Throws: ``FakeSeatError/missingCapability(_:)`` or position errors.
  @discardableResult
  public func pointerMotion(to position: Position) throws -> UInt32? {
    try recording(
      scriptPoint(position).map { "pointer motion \($0)" }, kind: "input at a point outside the output"
    ) {
      try require(.pointer)
      if isGrabbing(.pointer) {
        try grabMotion(to: position)
        return nil
      }
      if isDragging(.pointer) {
        try dragMotion(to: position)
        return nil
      }
      // An active pointer lock or confinement holds the motion (`PointerConstraints.swift`).
      guard let position = try constrainedMotion(to: position) else { return nil }
      let hit = try resolve(position)
      inputSeat.pointerPosition = try? outputPoint(position)
      var enterSerial: UInt32?
      if hit.surface !== inputSeat.pointerFocus {
        enterSerial = enterPointer(hit.surface, x: hit.x, y: hit.y)
      } else {
        let time = eventTime
        for pointer in inputSeat.resources(inputSeat.pointers, of: hit.surface.client) {
          sendInputTimestamp(to: pointer, nanoseconds: time.nanoseconds)
          wl_pointer_send_motion(
            pointer.resource, time.milliseconds, wl_fixed_from_double(hit.x), wl_fixed_from_double(hit.y))
        }
      }
      updatePointerConstraints()
      return enterSerial
    }
  }

  /// Sends `enter` to a surface (after `leave` to the old focus).
  ///
  /// - Returns: The `enter` serial, which `DeviceResource`'s `set_cursor` accepts from then on.
  @discardableResult
  public func pointerEnter(surface id: Int, x: Double, y: Double) throws -> UInt32 {
    try recording(
      scriptPoint(.surface(id: id, x: x, y: y)).map { "pointer motion \($0)" },
      kind: "input at a point outside the output"
    ) {
      try require(.pointer)
      let target = try resolve(.surface(id: id, x: x, y: y))
      inputSeat.pointerPosition = try? outputPoint(.surface(id: id, x: x, y: y))
      defer { updatePointerConstraints() }
      return enterPointer(target.surface, x: x, y: y)
    }
  }

  /// Sends `leave` to the focused surface, if any.
  ///
  /// - Returns: The `leave` serial, or nil without a focus.
  @discardableResult
  public func pointerLeave() -> UInt32? {
    recording(nil, kind: "a pointer leave") {
      pointerLeave(on: inputSeat)
    }
  }

  /// Sends `leave` to the surface with the pointer focus of `state`, if any.
  @discardableResult
  func pointerLeave(on state: SeatState) -> UInt32? {
    guard let old = state.pointerFocus else { return nil }
    let serial = nextSerial()
    for pointer in state.resources(state.pointers, of: old.client) {
      wl_pointer_send_leave(pointer.resource, serial, old.resource)
    }
    state.pointerFocus = nil
    state.pointerLeft = old
    state.pointerEnterSerial = nil
    updatePointerConstraints()
    return serial
  }

  private func enterPointer(_ surface: Surface, x: Double, y: Double) -> UInt32 {
    pointerLeave()
    let serial = nextSerial()
    for pointer in inputSeat.resources(inputSeat.pointers, of: surface.client) {
      wl_pointer_send_enter(
        pointer.resource, serial, surface.resource, wl_fixed_from_double(x), wl_fixed_from_double(y))
    }
    inputSeat.pointerFocus = surface
    inputSeat.pointerEnterSerial = serial
    return serial
  }

  /// Presses or releases a button (evdev code: `BTN_LEFT` 0x110, `BTN_RIGHT` 0x111, `BTN_MIDDLE` 0x112) on
  /// the focused surface. A press activates the window first (`FakeCompositor+FocusOnPress.swift`);
  /// during an interactive move or resize the buttons reach no client, and releasing the last ends it.
  ///
  /// - Returns: The serial of the `button` event.
  @discardableResult
  public func pointerButton(_ button: UInt32, pressed: Bool) throws -> UInt32 {
    try recording("pointer button \(SessionRecorder.buttonName(button)) \(pressed ? "down" : "up")") {
      try require(.pointer)
      if pressed, !isGrabbing(.pointer), !isDragging(.pointer), let focus = inputSeat.pointerFocus {
        activateOnPress(focus)
      }
      let serial = nextSerial()
      inputSeat.noteButton(button, pressed: pressed, serial: serial)
      if isGrabbing(.pointer) {
        if inputSeat.heldButtons.isEmpty { endGrab() }
        return serial
      }
      if isDragging(.pointer) {
        if inputSeat.heldButtons.isEmpty { releaseDrag() }
        return serial
      }
      let time = eventTime
      let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
      for pointer in focusedPointers() {
        sendInputTimestamp(to: pointer, nanoseconds: time.nanoseconds)
        wl_pointer_send_button(pointer.resource, serial, time.milliseconds, button, state.rawValue)
      }
      return serial
    }
  }

  /// Scrolls, in each pointer's version's terms: `axis_source` (v5+), then the wheel steps —
  /// `axis_discrete` (v5–v7, whole notches) or `axis_value120` (v8+) — then `axis`, in that order.
  ///
  /// A real compositor tells a wheel notch apart from continuous scrolling this way: a client that binds
  /// v5–v7 (weston's toolkit, Qt 6.4, GTK 3, foot) counts `axis_discrete` steps, one from v8 on
  /// accumulates `axis_value120` to multiples of 120. Steps finer than a notch (a high-resolution wheel)
  /// are summed per axis on the seat, and `axis_discrete` carries the whole notches once they add up,
  /// as v8 compositors do for older clients. Below v5 only `axis` is sent.
  ///
  /// - Parameters:
  ///   - vertical: Whether the vertical axis (else horizontal).
  ///   - value: The continuous value in surface units.
  ///   - value120: High-resolution wheel steps (120 per notch), for wheel sources.
  ///   - source: `wl_pointer.axis_source` (0 wheel, 1 finger, 2 continuous, 3 wheel tilt).
  /// - Throws: ``FakeSeatError/missingCapability(_:)`` without a pointer.
  public func pointerAxis(vertical: Bool, value: Double, value120: Int32? = nil, source: UInt32? = nil) throws
  {
    try recording(
      SessionRecorder.pointerAxisLine(vertical: vertical, value: value, value120: value120, source: source),
      kind: "an axis event of an unknown source"
    ) {
      try require(.pointer)
      let axis = vertical ? WL_POINTER_AXIS_VERTICAL_SCROLL : WL_POINTER_AXIS_HORIZONTAL_SCROLL
      let time = eventTime
      let notches = value120.map { inputSeat.wheelNotches(adding: $0, vertical: vertical) } ?? 0
      for pointer in focusedPointers() {
        if let source, pointer.version >= WL_POINTER_AXIS_SOURCE_SINCE_VERSION {
          wl_pointer_send_axis_source(pointer.resource, source)
        }
        if let value120, pointer.version >= WL_POINTER_AXIS_VALUE120_SINCE_VERSION {
          wl_pointer_send_axis_value120(pointer.resource, axis.rawValue, value120)
        } else if notches != 0, pointer.version >= WL_POINTER_AXIS_DISCRETE_SINCE_VERSION {
          wl_pointer_send_axis_discrete(pointer.resource, axis.rawValue, notches)
        }
        sendInputTimestamp(to: pointer, nanoseconds: time.nanoseconds)
        wl_pointer_send_axis(pointer.resource, time.milliseconds, axis.rawValue, wl_fixed_from_double(value))
      }
    }
  }

  /// Sends `axis_stop` (v5+) for an axis.
  public func pointerAxisStop(vertical: Bool) throws {
    try recording("pointer axis-stop \(vertical ? "vertical" : "horizontal")") {
      try require(.pointer)
      let axis = vertical ? WL_POINTER_AXIS_VERTICAL_SCROLL : WL_POINTER_AXIS_HORIZONTAL_SCROLL
      let time = eventTime
      for pointer in focusedPointers() where pointer.version >= WL_POINTER_AXIS_STOP_SINCE_VERSION {
        sendInputTimestamp(to: pointer, nanoseconds: time.nanoseconds)
        wl_pointer_send_axis_stop(pointer.resource, time.milliseconds, axis.rawValue)
      }
    }
  }

  /// Ends a group of pointer events with `frame` (v5+) to the focused client, and to the client the
  /// pointer left in the group if that is another one.
  public func pointerFrame() {
    recording("pointer frame") {
      var pointers = focusedPointers()
      if let left = inputSeat.pointerLeft, left.client != inputSeat.pointerFocus?.client {
        pointers += inputSeat.resources(inputSeat.pointers, of: left.client)
      }
      inputSeat.pointerLeft = nil
      for pointer in pointers where pointer.version >= WL_POINTER_FRAME_SINCE_VERSION {
        wl_pointer_send_frame(pointer.resource)
      }
    }
  }

  /// The pointer resources of the client owning the pointer focus.
  func focusedPointers() -> [DeviceResource] {
    guard let focus = inputSeat.pointerFocus else { return [] }
    return inputSeat.resources(inputSeat.pointers, of: focus.client)
  }
}
