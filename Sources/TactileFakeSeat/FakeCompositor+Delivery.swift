/// Whether scripted input can reach a client: the checks that make a script line that would send
/// nothing an error instead of a silent no-op.
///
/// The in-process injection API stays permissive (a test may well send a key with no focus to see
/// that nothing arrives); ``ScriptRunner`` calls these before each line that sends input.
extension FakeCompositor {
  /// Checks that touch input at `position` reaches a `wl_touch`.
  ///
  /// - Throws: ``FakeSeatError/noSurface(x:y:)`` (nothing there), ``FakeSeatError/unknownSurface(id:)``,
  ///   or ``FakeSeatError/noDeviceBound(_:surface:)`` when the surface's client has no `wl_touch`.
  func requireTouchDelivery(at position: Position) throws {
    try require(.touch)
    try requireDevice(.touch, of: resolve(position).surface)
  }

  /// Checks that pointer input at `position` (nil: where the pointer is) reaches a `wl_pointer`.
  ///
  /// - Throws: ``FakeSeatError/noSurface(x:y:)``, ``FakeSeatError/noPointerFocus`` or
  ///   ``FakeSeatError/noDeviceBound(_:surface:)``.
  func requirePointerDelivery(at position: Position? = nil) throws {
    try require(.pointer)
    if let position {
      try requireDevice(.pointer, of: resolve(position).surface)
    } else {
      guard let focus = inputSeat.pointerFocus else { throw FakeSeatError.noPointerFocus }
      try requireDevice(.pointer, of: focus)
    }
  }

  /// Checks that key events reach a `wl_keyboard`: some surface has the keyboard focus of the seat in
  /// use and its client bound a keyboard of that seat.
  ///
  /// - Throws: ``FakeSeatError/missingCapability(_:)``, ``FakeSeatError/noKeyboardFocus`` or
  ///   ``FakeSeatError/noDeviceBound(_:surface:)``.
  func requireKeyboardDelivery() throws {
    try require(.keyboard)
    guard let focus = inputSeat.keyboardFocus else { throw FakeSeatError.noKeyboardFocus }
    try requireDevice(.keyboard, of: focus)
  }

  private func requireDevice(_ kind: Capabilities, of surface: Surface) throws {
    let list =
      kind == .touch ? inputSeat.touches : kind == .pointer ? inputSeat.pointers : inputSeat.keyboards
    guard !inputSeat.resources(list, of: surface.client).isEmpty else {
      throw FakeSeatError.noDeviceBound(kind, surface: surface.id)
    }
  }
}
